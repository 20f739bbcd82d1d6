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

/// One HTTP request through URLSession, with a hard overall deadline, a streaming body cap, a redirect policy and
/// cancellation. It finishes exactly once: whichever of completion, timeout, size limit, refused redirect or task
/// cancellation comes first wins, and it cancels the transfer so the server sees the connection close.
final class RequestTransport: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let request: URLRequest
    private let timeout: Double
    private let maxBytes: Int
    private let redirectAllowed: @Sendable (URL) -> Bool

    private let lock = NSLock()
    private var outcome: Result<RequestResponse, CommandError>?
    private var continuation: CheckedContinuation<Result<RequestResponse, CommandError>, Never>?
    private var session: URLSession?
    private var task: URLSessionDataTask?
    private var response: HTTPURLResponse?
    private var body = Data()

    init(request: URLRequest, timeout: Double, maxBytes: Int, redirectAllowed: @escaping @Sendable (URL) -> Bool) {
        self.request = request
        self.timeout = timeout
        self.maxBytes = maxBytes
        self.redirectAllowed = redirectAllowed
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
        configuration.timeoutIntervalForResource = timeout + 1
        let session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
        let task = session.dataTask(with: request)
        self.session = session
        self.task = task
        lock.unlock()

        let millis = Int((timeout * 1000).rounded())
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { [weak self] in
            self?.finish(.failure(CommandError(.timeout, "timeout after \(millis) ms")))
        }
        task.resume()
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
        if length > 0 { body.reserveCapacity(Int(length)) }
        lock.unlock()
        completionHandler(isFinished ? .cancel : .allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        lock.lock()
        guard outcome == nil else { lock.unlock(); return }
        let total = body.count + data.count
        if total <= maxBytes { body.append(data) }
        lock.unlock()
        if total > maxBytes { finish(.failure(tooLarge("more than \(maxBytes) bytes received"))) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void)
    {
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
        var headers: [String: String] = [:]
        for (name, value) in response.allHeaderFields {
            headers[String(describing: name)] = String(describing: value)
        }
        finish(.success(RequestResponse(statusCode: response.statusCode, headers: headers, body: body)))
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
