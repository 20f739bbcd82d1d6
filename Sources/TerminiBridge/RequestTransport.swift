import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A finished HTTP exchange: status, headers and the whole (size-bounded) body.
struct RequestResponse: Sendable {
    var statusCode: Int
    /// Header names as the server sent them.
    var headers: [String: String]
    var body: Data

    /// The `Content-Type` header, looked up case-insensitively.
    var contentType: String? {
        headers.first { $0.key.caseInsensitiveCompare("Content-Type") == .orderedSame }?.value
    }
}

/// What a streamed transfer does with its response as it arrives, instead of buffering the body.
struct RequestStreaming: Sendable {
    /// Each piece of the body, in order, as the network delivers it; an error it returns ends the transfer with it.
    var received: @Sendable (Data) -> CommandError?
}

/// One HTTP request through URLSession, with a deadline, a body cap, a redirect policy and cancellation. It
/// finishes exactly once: whichever of completion, timeout, size limit, refused redirect or task cancellation comes
/// first wins, and it cancels the transfer so the server sees the connection close.
///
/// Buffered, the deadline covers the whole request. Streamed (`streaming` set), the body goes to its handler as it
/// arrives, nothing is kept, and the deadline is the longest wait for the next piece: a stream may last for hours
/// but may not stall.
final class RequestTransport: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let request: URLRequest
    private let timeout: Double
    private let maxBytes: Int
    private let maxRedirects: Int
    private let redirectAllowed: @Sendable (URL) -> Bool
    /// Told the status and headers as they arrive; an error it returns ends the transfer with that error.
    private let headersReceived: (@Sendable (Int, [String: String]) -> CommandError?)?
    private let streaming: RequestStreaming?
    private var redirects = 0
    private var receivedBytes = 0
    /// When the last piece of a stream arrived (monotonic seconds), for the between-chunks deadline.
    private var lastActivity = 0.0

    private let lock = NSLock()
    private var outcome: Result<RequestResponse, CommandError>?
    private var continuation: CheckedContinuation<Result<RequestResponse, CommandError>, Never>?
    private var session: URLSession?
    private var task: URLSessionDataTask?
    private var response: HTTPURLResponse?
    private var body = Data()

    init(request: URLRequest, timeout: Double, maxBytes: Int, maxRedirects: Int = 10,
         redirectAllowed: @escaping @Sendable (URL) -> Bool,
         headersReceived: (@Sendable (Int, [String: String]) -> CommandError?)? = nil, streaming: RequestStreaming? = nil)
    {
        self.request = request
        self.timeout = timeout
        self.maxBytes = maxBytes
        self.maxRedirects = maxRedirects
        self.redirectAllowed = redirectAllowed
        self.headersReceived = headersReceived
        self.streaming = streaming
    }

    /// Performs the request. Cancelling the calling task cancels the transfer and throws `.cancelled`.
    func perform() async throws(CommandError) -> RequestResponse {
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (cont: CheckedContinuation<Result<RequestResponse, CommandError>, Never>) in
                start(cont)
            }
        } onCancel: {
            finish(.failure(CommandError(.cancelled, "cancelled before the response arrived")))
        }
        return try result.get()
    }

    private func start(_ cont: CheckedContinuation<Result<RequestResponse, CommandError>, Never>) {
        lock.lock()
        if let outcome {  // cancelled before it started
            lock.unlock()
            cont.resume(returning: outcome)
            return
        }
        continuation = cont
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        // Our own deadline below is the overall limit; URLSession's per-request interval is only an idle timeout.
        configuration.timeoutIntervalForRequest = timeout + 1
        // A stream has no overall deadline: only the wait between pieces is bounded (`checkStall`).
        configuration.timeoutIntervalForResource = streaming == nil ? timeout + 1 : 7 * 24 * 3600
        let session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
        let task = session.dataTask(with: request)
        self.session = session
        self.task = task
        lock.unlock()

        let millis = Int((timeout * 1000).rounded())
        if streaming == nil {
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { [weak self] in
                self?.finish(.failure(CommandError(.timeout, "timeout after \(millis) ms")))
            }
        } else {
            noteActivity()
            scheduleStallCheck(after: timeout)
        }
        task.resume()
    }

    private static func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    private func noteActivity() {
        lock.lock()
        lastActivity = Self.now()
        lock.unlock()
    }

    /// Fails the stream when nothing arrived for `timeout` seconds; otherwise looks again when that would be.
    private func scheduleStallCheck(after delay: Double) {
        DispatchQueue.global().asyncAfter(deadline: .now() + max(delay, 0.001)) { [weak self] in
            guard let self, !self.isFinished else { return }
            self.lock.lock()
            let idle = Self.now() - self.lastActivity
            self.lock.unlock()
            if idle >= self.timeout {
                let millis = Int((self.timeout * 1000).rounded())
                self.finish(.failure(CommandError(.timeout, "timeout: no data for \(millis) ms in the middle of the stream")))
            } else {
                self.scheduleStallCheck(after: self.timeout - idle)
            }
        }
    }

    /// Records the first outcome, stops the transfer, and resumes the waiting caller.
    private func finish(_ result: Result<RequestResponse, CommandError>) {
        lock.lock()
        guard outcome == nil else { lock.unlock(); return }
        outcome = result
        let cont = continuation
        continuation = nil
        let task = self.task
        let session = self.session
        self.task = nil
        self.session = nil
        body = Data()
        lock.unlock()
        task?.cancel()
        // The session retains its delegate (self) until invalidated.
        session?.invalidateAndCancel()
        cont?.resume(returning: result)
    }

    private var isFinished: Bool {
        lock.lock()
        defer { lock.unlock() }
        return outcome != nil
    }

    // MARK: URLSessionDataDelegate

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void)
    {
        let length = response.expectedContentLength
        if length > Int64(maxBytes) {
            completionHandler(.cancel)
            finish(.failure(tooLarge("\(length) bytes announced")))
            return
        }
        lock.lock()
        self.response = response as? HTTPURLResponse
        if length > 0, streaming == nil { body.reserveCapacity(Int(length)) }
        lock.unlock()
        if let headersReceived, let http = response as? HTTPURLResponse, !isFinished,
           let refusal = headersReceived(http.statusCode, Self.headers(of: http))
        {
            completionHandler(.cancel)
            finish(.failure(refusal))
            return
        }
        completionHandler(isFinished ? .cancel : .allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        lock.lock()
        guard outcome == nil else { lock.unlock(); return }
        receivedBytes += data.count
        let total = receivedBytes
        if total <= maxBytes, streaming == nil { body.append(data) }
        lastActivity = Self.now()
        lock.unlock()
        if total > maxBytes {
            finish(.failure(tooLarge("more than \(maxBytes) bytes received")))
        } else if let failure = streaming?.received(data) {
            finish(.failure(failure))
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void)
    {
        lock.lock()
        redirects += 1
        let count = redirects
        lock.unlock()
        if count > maxRedirects {
            completionHandler(nil)
            finish(.failure(CommandError(.network, "too many redirects (more than \(maxRedirects)): the last went to \(request.url?.absoluteString ?? "?")")))
            return
        }
        guard let url = request.url, redirectAllowed(url) else {
            completionHandler(nil)
            let host = request.url?.host ?? "?"
            finish(.failure(CommandError(.permissionDenied,
                                         "redirect to host '\(host)' is not in the manifest's requestDomains")))
            return
        }
        completionHandler(request)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        if let error {
            finish(.failure(Self.map(error, url: self.request.url, timeout: timeout)))
            return
        }
        lock.lock()
        let response = self.response
        let body = self.body
        lock.unlock()
        guard let response else {
            finish(.failure(CommandError(.network, "the server sent no HTTP response")))
            return
        }
        finish(.success(RequestResponse(statusCode: response.statusCode, headers: Self.headers(of: response), body: body)))
    }

    private static func headers(of response: HTTPURLResponse) -> [String: String] {
        var headers: [String: String] = [:]
        for (name, value) in response.allHeaderFields {
            headers[String(describing: name)] = String(describing: value)
        }
        return headers
    }

    private func tooLarge(_ detail: String) -> CommandError {
        CommandError(.limitReached, "response is over the \(maxBytes / (1024 * 1024)) MB limit (\(detail))")
    }

    /// URLSession errors as command errors whose reason names the host and what went wrong.
    static func map(_ error: Error, url: URL?, timeout: Double) -> CommandError {
        let target = url.map { "\($0.host ?? "?")\($0.port.map { ":\($0)" } ?? "")" } ?? "?"
        guard let urlError = error as? URLError else {
            return CommandError(.network, "request to \(target) failed: \(error.localizedDescription)")
        }
        switch urlError.code {
        case .timedOut:
            return CommandError(.timeout, "timeout after \(Int((timeout * 1000).rounded())) ms")
        case .cancelled:
            return CommandError(.cancelled, "request to \(target) was cancelled")
        case .cannotConnectToHost:
            return CommandError(.network, "could not connect to \(target): connection refused")
        case .cannotFindHost, .dnsLookupFailed:
            return CommandError(.network, "could not resolve host \(target)")
        case .networkConnectionLost:
            return CommandError(.network, "connection to \(target) was lost")
        case .notConnectedToInternet:
            return CommandError(.network, "no network connection")
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
             .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
            return CommandError(.network, "TLS handshake with \(target) failed: \(urlError.localizedDescription)")
        default:
            return CommandError(.network, "request to \(target) failed: \(urlError.localizedDescription)")
        }
    }
}
