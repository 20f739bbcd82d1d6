import Foundation
import TerminiHTTP

/// A finished HTTP exchange: status, headers and the whole (size-bounded) body.
struct RequestResponse: Sendable {
    var statusCode: Int
    /// Header names as the server sent them.
    var headers: [String: String]
    var body: Data

    /// The `Content-Type` header, looked up case-insensitively.
    var contentType: String? { HTTPResponseHead(statusCode: statusCode, headers: headers).value(forHeader: "Content-Type") }
}

/// What a streamed transfer does with its response as it arrives, instead of buffering the body.
struct RequestStreaming: Sendable {
    /// Each piece of the body, in order, as the network delivers it; an error it returns ends the transfer with it.
    var received: @Sendable (Data) -> CommandError?
}

/// One HTTP request (an `HTTPExchange`), with a deadline, a body cap, a redirect policy and cancellation. It
/// finishes exactly once: whichever of completion, timeout, size limit, refused redirect or task cancellation comes
/// first wins, and it stops the exchange so the server sees the connection close.
///
/// Buffered, the deadline covers the whole request. Streamed (`streaming` set), the body goes to its handler as it
/// arrives, nothing is kept, and the deadline is the longest wait for the next piece: a stream may last for hours
/// but may not stall.
final class RequestTransport: HTTPExchangeOwner, @unchecked Sendable {
    private let request: HTTPRequest
    private let timeout: Double
    private let maxBytes: Int
    private let maxRedirects: Int
    private let redirectAllowed: @Sendable (URL) -> Bool
    /// Told the status and headers as they arrive; an error it returns ends the transfer with that error.
    private let headersReceived: (@Sendable (HTTPResponseHead) -> CommandError?)?
    private let streaming: RequestStreaming?
    private var redirects = 0
    private var receivedBytes = 0
    /// When the last piece of a stream arrived (monotonic seconds), for the between-chunks deadline.
    private var lastActivity = 0.0

    private let lock = NSLock()
    private var outcome: Result<RequestResponse, CommandError>?
    private var continuation: CheckedContinuation<Result<RequestResponse, CommandError>, Never>?
    private var exchange: HTTPExchange?
    private var response: HTTPResponseHead?
    private var body = Data()

    init(request: HTTPRequest, timeout: Double, maxBytes: Int, maxRedirects: Int = 10,
         redirectAllowed: @escaping @Sendable (URL) -> Bool,
         headersReceived: (@Sendable (HTTPResponseHead) -> CommandError?)? = nil, streaming: RequestStreaming? = nil)
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
        let exchange = HTTPExchange(request: request, owner: self)
        self.exchange = exchange
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
        exchange.start()
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
        let exchange = self.exchange
        self.exchange = nil
        body = Data()
        lock.unlock()
        exchange?.stop()
        cont?.resume(returning: result)
    }

    private var isFinished: Bool {
        lock.lock()
        defer { lock.unlock() }
        return outcome != nil
    }

    // MARK: HTTPExchangeOwner

    func exchangeRedirects(to url: URL) -> Bool {
        lock.lock()
        redirects += 1
        let count = redirects
        lock.unlock()
        if count > maxRedirects {
            finish(.failure(CommandError(.network, "too many redirects (more than \(maxRedirects)): the last went to \(url.absoluteString)")))
            return false
        }
        guard redirectAllowed(url) else {
            finish(.failure(CommandError(.permissionDenied,
                                         "redirect to host '\(url.host ?? "?")' is not in the manifest's requestDomains")))
            return false
        }
        return !isFinished
    }

    func exchangeReceived(_ head: HTTPResponseHead) -> Bool {
        if let length = head.contentLength, length > Int64(maxBytes) {
            finish(.failure(tooLarge("\(length) bytes announced")))
            return false
        }
        lock.lock()
        response = head
        if let length = head.contentLength, length > 0, streaming == nil { body.reserveCapacity(Int(length)) }
        lock.unlock()
        if let headersReceived, !isFinished, let refusal = headersReceived(head) {
            finish(.failure(refusal))
            return false
        }
        return !isFinished
    }

    func exchangeReceived(_ data: Data) -> Bool {
        lock.lock()
        guard outcome == nil else { lock.unlock(); return false }
        receivedBytes += data.count
        let total = receivedBytes
        if total <= maxBytes, streaming == nil { body.append(data) }
        lastActivity = Self.now()
        lock.unlock()
        if total > maxBytes {
            finish(.failure(tooLarge("more than \(maxBytes) bytes received")))
            return false
        } else if let failure = streaming?.received(data) {
            finish(.failure(failure))
            return false
        }
        return true
    }

    func exchangeFinished(_ failure: HTTPFailure?) {
        if let failure {
            finish(.failure(Self.map(failure, url: request.url, timeout: timeout)))
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
        finish(.success(RequestResponse(statusCode: response.statusCode, headers: response.headers, body: body)))
    }

    private func tooLarge(_ detail: String) -> CommandError {
        CommandError(.limitReached, "response is over the \(maxBytes / (1024 * 1024)) MB limit (\(detail))")
    }

    /// Transfer failures as command errors whose reason names the host and what went wrong.
    static func map(_ failure: HTTPFailure, url: URL?, timeout: Double) -> CommandError {
        let target = url?.hostAndPort ?? "?"
        switch failure.kind {
        case .timedOut:
            return CommandError(.timeout, "timeout after \(Int((timeout * 1000).rounded())) ms")
        case .cannotConnect:
            return CommandError(.network, "could not connect to \(target): connection refused")
        case .cannotResolveHost:
            return CommandError(.network, "could not resolve host \(target)")
        case .connectionLost:
            return CommandError(.network, "connection to \(target) was lost")
        case .tlsFailed:
            return CommandError(.network, "TLS handshake with \(target) failed: \(failure.detail)")
        case .tooManyRedirects:
            return CommandError(.network, "too many redirects from \(target): \(failure.detail)")
        case .badURL, .unavailable, .other:
            return CommandError(.network, "request to \(target) failed: \(failure.detail)")
        }
    }
}
