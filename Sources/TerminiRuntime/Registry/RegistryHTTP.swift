import Foundation
import TerminiHTTP

/// One GET against a registry: an idle timeout between bytes, an overall deadline, a byte cap that cuts a huge or
/// endless response as soon as it is passed, the registry's redirect rule, progress, and cancellation from another
/// thread. The body goes to memory
/// (the index) or to a file (archives). It blocks the calling thread; the launch-time check runs it on its own.
///
/// It runs an `HTTPExchange` like the `request` command's transport (TerminiBridge), which is kept private to that
/// command; this one differs in streaming to a file and in reporting progress.
final class RegistryHTTP: HTTPExchangeOwner, @unchecked Sendable {
    /// What came back.
    struct Response {
        var status: Int
        /// ETag of a 200 response, as the server sent it.
        var etag: String?
        /// The body when it went to memory.
        var body: Data
        var bytes: Int64
    }

    /// Bytes so far and the size expected (from the index, else Content-Length; nil when unknown).
    typealias Progress = @Sendable (_ received: Int64, _ expected: Int64?) -> Void

    private let request: HTTPRequest
    private let idleTimeout: Double
    /// Seconds the whole exchange may take: see `deadline(timeout:size:)`. Set again from Content-Length when no
    /// size was declared.
    private var deadline: Double
    private let maxBytes: Int64
    private let expected: Int64?
    private let allowsRedirect: @Sendable (URL) -> Bool
    private let file: FileHandle?
    private let progress: Progress?

    private let lock = NSLock()
    private let done = DispatchSemaphore(value: 0)
    private var outcome: Result<Response, RegistryError>?
    private var exchange: HTTPExchange?
    private var status = 0
    private var etag: String?
    private var body = Data()
    private var received: Int64 = 0
    private var lastActivity = DispatchTime.now()
    private var watchdog: DispatchSourceTimer?

    /// The slowest transfer a deadline allows for, in bytes per second (a poor mobile link): a transfer of `size`
    /// bytes may take `timeout` plus `size` at this rate in all.
    static let slowestRate: Double = 32 * 1024

    /// The overall deadline of a transfer of `size` bytes, in seconds: it scales with the size, so a big archive on
    /// a slow link completes while a stalled or trickling server is given up on.
    static func deadline(timeout: Double, size: Int64) -> Double { timeout + Double(max(size, 0)) / slowestRate }

    /// `timeout` bounds the wait for each byte, from the request on, in seconds (`--timeout`); the whole exchange
    /// gets `deadline(timeout:size:)` for the declared size `expected`, else for the Content-Length, else for
    /// `maxBytes`. `maxBytes` caps the body; `file`, when given, receives it.
    init(url: URL, headers: [String: String] = [:], timeout: Double, maxBytes: Int64,
         expected: Int64? = nil, allowsRedirect: @escaping @Sendable (URL) -> Bool, file: FileHandle? = nil,
         progress: Progress? = nil)
    {
        var request = HTTPRequest(url: url)
        for (name, value) in headers { request.setValue(value, forHeader: name) }
        // Caches between us and the registry must revalidate: ETags do the saving, not stale copies.
        request.setValue("no-cache", forHeader: "Cache-Control")
        request.setValue("termini/\(TerminiEngine.version)", forHeader: "User-Agent")
        self.request = request
        self.idleTimeout = timeout
        self.deadline = Self.deadline(timeout: timeout, size: expected ?? maxBytes)
        self.maxBytes = maxBytes
        self.expected = expected
        self.allowsRedirect = allowsRedirect
        self.file = file
        self.progress = progress
    }

    /// Runs the request to its end, its deadline, its byte cap or `cancel()`.
    func perform() throws(RegistryError) -> Response {
        lock.lock()
        if outcome == nil {
            let exchange = HTTPExchange(request: request, owner: self)
            self.exchange = exchange
            let started = DispatchTime.now()
            lastActivity = started
            let timer = DispatchSource.makeTimerSource(queue: .global())
            let tick = min(0.25, idleTimeout / 4)
            timer.schedule(deadline: .now() + tick, repeating: tick)
            timer.setEventHandler { [weak self] in self?.checkTimeouts(started: started) }
            watchdog = timer
            lock.unlock()
            timer.resume()
            exchange.start()
        } else {
            lock.unlock()
        }
        done.wait()
        done.signal()  // later waiters (none today) pass too
        lock.lock()
        let result = outcome!
        lock.unlock()
        return try result.get()
    }

    /// The watchdog's tick: the idle timeout since the last byte (or the request), then the overall deadline.
    private func checkTimeouts(started: DispatchTime) {
        lock.lock()
        let now = DispatchTime.now()
        let idle = Double(now.uptimeNanoseconds - lastActivity.uptimeNanoseconds) / 1e9
        let total = Double(now.uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
        let got = received
        let deadline = self.deadline
        lock.unlock()
        let host = Self.target(request.url)
        if idle >= idleTimeout {
            let arrived = got > 0 ? " (\(got) bytes had arrived)" : ""
            finish(.failure(RegistryError(.network, host, "timed out after \(Self.format(idleTimeout)) s without data\(arrived)")))
        } else if total >= deadline {
            finish(.failure(RegistryError(.network, host, "timed out after \(Self.format(deadline)) s, the deadline for the whole transfer (\(got) bytes arrived)")))
        }
    }

    /// Stops the transfer from any thread; `perform` then throws `.network` "cancelled".
    func cancel() {
        finish(.failure(RegistryError(.network, Self.target(request.url), "cancelled")))
    }

    /// `host:port` for messages.
    static func target(_ url: URL?) -> String {
        url?.hostAndPort ?? "?"
    }

    private func finish(_ result: Result<Response, RegistryError>) {
        lock.lock()
        guard outcome == nil else { lock.unlock(); return }
        outcome = result
        let exchange = self.exchange
        self.exchange = nil
        watchdog?.cancel()
        watchdog = nil
        lock.unlock()
        // The waiter goes on at once; the exchange closes the connection on its own thread.
        exchange?.stop()
        done.signal()
    }

    private var isFinished: Bool {
        lock.lock(); defer { lock.unlock() }
        return outcome != nil
    }

    static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(format: "%.1f", seconds)
    }

    // MARK: HTTPExchangeOwner

    func exchangeReceived(_ head: HTTPResponseHead) -> Bool {
        let length = head.contentLength ?? -1
        if head.statusCode == 200, length > maxBytes {
            finish(.failure(tooLarge("the server announced \(length) bytes")))
            return false
        }
        lock.lock()
        lastActivity = .now()
        if expected == nil, head.statusCode == 200, length > 0 {
            deadline = Self.deadline(timeout: idleTimeout, size: min(length, maxBytes))
        }
        status = head.statusCode
        etag = head.value(forHeader: "ETag")
        lock.unlock()
        return !isFinished
    }

    func exchangeReceived(_ data: Data) -> Bool {
        lock.lock()
        guard outcome == nil else { lock.unlock(); return false }
        let isOK = status == 200
        lastActivity = .now()
        received += Int64(data.count)
        let total = received
        let over = total > maxBytes
        if !over && isOK {
            if let file { file.write(data) } else { body.append(data) }
        }
        lock.unlock()
        if over { finish(.failure(tooLarge("more than \(maxBytes) bytes arrived"))); return false }
        if isOK { progress?(total, expected) }
        return true
    }

    func exchangeRedirects(to url: URL) -> Bool {
        guard allowsRedirect(url) else {
            finish(.failure(RegistryError(.redirectRefused, request.url.absoluteString,
                                          "redirect to \(url.scheme ?? "?")://\(url.host ?? "?") refused: registries follow redirects only to their own host over https (or hosts added with --allow-redirect-host)")))
            return false
        }
        return !isFinished
    }

    func exchangeFinished(_ failure: HTTPFailure?) {
        if let failure {
            lock.lock()
            let (got, status) = (received, self.status)
            lock.unlock()
            if status == 200, let expected, got < expected {
                finish(.failure(RegistryError(.network, Self.target(request.url),
                                              "the connection closed after \(got) of \(expected) bytes")))
            } else {
                finish(.failure(Self.map(failure, url: request.url, idleTimeout: idleTimeout)))
            }
            return
        }
        lock.lock()
        let response = Response(status: status, etag: etag, body: body, bytes: received)
        lock.unlock()
        finish(.success(response))
    }

    private func tooLarge(_ detail: String) -> RegistryError {
        RegistryError(.tooLarge, request.url.absoluteString, "response cut off at \(maxBytes) bytes (\(detail))")
    }

    /// Transfer failures as messages that name the host and what went wrong.
    static func map(_ failure: HTTPFailure, url: URL?, idleTimeout: Double) -> RegistryError {
        let reason: String
        switch failure.kind {
        case .timedOut: reason = "timed out after \(format(idleTimeout)) s without data"
        case .cannotConnect: reason = "could not connect: connection refused (is the registry server running?)"
        case .cannotResolveHost: reason = "could not resolve the host name (DNS)"
        case .connectionLost: reason = "the connection was lost during the transfer"
        case .tlsFailed: reason = "TLS handshake failed: \(failure.detail)"
        case .tooManyRedirects, .badURL, .unavailable, .other: reason = "request failed: \(failure.detail)"
        }
        return RegistryError(.network, target(url), reason)
    }
}
