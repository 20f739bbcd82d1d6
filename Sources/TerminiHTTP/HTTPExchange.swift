import CCurl
import Foundation

/// What an `HTTPExchange` tells its owner, on the exchange's thread, one event at a time. The first three return
/// false to stop the exchange (the owner has then decided how it ends); `exchangeFinished` comes once, unless stopped.
public protocol HTTPExchangeOwner: AnyObject, Sendable {
    /// The server redirects to `url` (already resolved against the request's); true follows it.
    func exchangeRedirects(to url: URL) -> Bool
    func exchangeReceived(_ head: HTTPResponseHead) -> Bool
    func exchangeReceived(_ data: Data) -> Bool
    /// `failure` is nil when the response arrived whole.
    func exchangeFinished(_ failure: HTTPFailure?)
}

/// One HTTP exchange over libcurl, on a thread of its own, reporting as the response arrives: redirects (each one
/// put to its owner first), the head, each piece of the body, and the end. Its owner keeps the deadlines, the byte
/// caps and the cancellation: when it has decided, it calls `stop()`, and no event comes after that. The exchange
/// holds its owner until its thread ends, as URLSession holds its delegate.
///
/// libcurl is opened on the first exchange, not at the process's start (CCurl.h says why).
public final class HTTPExchange: @unchecked Sendable {
    /// A loop of redirects ends here even when every hop is allowed.
    public static let redirectLimit = 20

    private var request: HTTPRequest
    private let owner: any HTTPExchangeOwner
    private let lock = NSLock()
    private var stopped = false
    /// The response whose header lines are arriving.
    private var status = 0
    private var headerFields: [String: String] = [:]
    /// Set when the head that just ended is a redirect the owner agreed to follow.
    private var nextURL: URL?

    public init(request: HTTPRequest, owner: any HTTPExchangeOwner) {
        self.request = request
        self.owner = owner
    }

    /// Starts the exchange on a new thread.
    public func start() {
        let thread = Thread { [self] in run() }
        thread.name = "termini.http"
        thread.start()
    }

    /// Ends the exchange from any thread: no event after this one returns; the connection closes within about a
    /// second (libcurl asks `keep_going` that often while it waits).
    public func stop() {
        lock.lock()
        stopped = true
        lock.unlock()
    }

    private var isStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    private func run() {
        var hops = 0
        while true {
            nextURL = nil
            status = 0
            headerFields = [:]
            let (outcome, detail) = perform()
            if isStopped { return }
            if let next = nextURL {
                hops += 1
                if hops > Self.redirectLimit {
                    owner.exchangeFinished(HTTPFailure(.tooManyRedirects, "more than \(Self.redirectLimit) redirects"))
                    return
                }
                follow(to: next)
                continue
            }
            owner.exchangeFinished(Self.failure(outcome, detail))
            return
        }
    }

    /// The next request of a redirect: a 303, and a 301 or 302 after a POST, become a GET without the body, as
    /// browsers do; 307 and 308 repeat the request as it was.
    private func follow(to url: URL) {
        let becomesGet = (status == 303 && request.method != "HEAD") || ((status == 301 || status == 302) && request.method == "POST")
        request.url = url
        if becomesGet {
            request.method = "GET"
            request.body = nil
            request.removeValue(forHeader: "Content-Type")
        }
    }

    private func perform() -> (termini_http_outcome, String) {
        // libcurl reads `Name:` with nothing after it as "leave this header out", and `Name;` as an empty one.
        let lines = request.headers.map { $0.value.isEmpty ? "\($0.name);" : "\($0.name): \($0.value)" }
        var detail = [CChar](repeating: 0, count: 512)
        let context = Unmanaged.passUnretained(self).toOpaque()
        let callbacks = termini_http_callbacks(
            header: { line, length, context in
                Unmanaged<HTTPExchange>.fromOpaque(context!).takeUnretainedValue().header(line!, length) ? 1 : 0
            },
            body: { data, length, context in
                Unmanaged<HTTPExchange>.fromOpaque(context!).takeUnretainedValue().body(data!, length) ? 1 : 0
            },
            keep_going: { context in
                Unmanaged<HTTPExchange>.fromOpaque(context!).takeUnretainedValue().isStopped ? 0 : 1
            },
            context: context)
        let body = request.body ?? Data()
        let outcome = request.url.absoluteString.withCString { url in
            request.method.withCString { method in
                withCStrings(lines) { headers in
                    body.withUnsafeBytes { bytes in
                        var plain = termini_http_request(url: url, method: method, headers: headers.baseAddress,
                                                         header_count: headers.count, body: bytes.baseAddress,
                                                         body_length: bytes.count, has_body: request.body == nil ? 0 : 1)
                        return termini_http_perform(&plain, callbacks, &detail, detail.count)
                    }
                }
            }
        }
        return (outcome, String(cString: detail))
    }

    /// One header line. At the blank line that ends a head: an informational head (100, 103) is skipped, a redirect
    /// with a Location is put to the owner, anything else is the response.
    private func header(_ line: UnsafePointer<CChar>, _ length: Int) -> Bool {
        guard !isStopped else { return false }
        let text = String(decoding: UnsafeRawBufferPointer(start: line, count: length), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        if text.hasPrefix("HTTP/") {
            let parts = text.split(separator: " ", maxSplits: 2)
            status = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
            headerFields = [:]
            return true
        }
        if !text.isEmpty {
            guard let colon = text.firstIndex(of: ":") else { return true }
            let name = String(text[..<colon]).trimmingCharacters(in: .whitespaces)
            let value = String(text[text.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
            headerFields[name] = headerFields[name].map { "\($0), \(value)" } ?? value
            return true
        }
        if (100..<200).contains(status) { return true }
        let head = HTTPResponseHead(statusCode: status, headers: headerFields)
        if [301, 302, 303, 307, 308].contains(status), let location = head.value(forHeader: "Location"),
           let target = URL(string: location, relativeTo: request.url)?.absoluteURL
        {
            guard owner.exchangeRedirects(to: target) else { stop(); return false }
            nextURL = target
            return false  // this response's own body is not wanted
        }
        guard owner.exchangeReceived(head) else { stop(); return false }
        return true
    }

    private func body(_ data: UnsafePointer<CChar>, _ length: Int) -> Bool {
        guard !isStopped else { return false }
        guard owner.exchangeReceived(Data(bytes: data, count: length)) else { stop(); return false }
        return true
    }

    private static func failure(_ outcome: termini_http_outcome, _ detail: String) -> HTTPFailure? {
        switch outcome {
        case TERMINI_HTTP_COMPLETED: nil
        case TERMINI_HTTP_CANNOT_RESOLVE_HOST: HTTPFailure(.cannotResolveHost, detail)
        case TERMINI_HTTP_CANNOT_CONNECT: HTTPFailure(.cannotConnect, detail)
        case TERMINI_HTTP_TIMED_OUT: HTTPFailure(.timedOut, detail)
        case TERMINI_HTTP_TLS_FAILED: HTTPFailure(.tlsFailed, detail)
        case TERMINI_HTTP_CONNECTION_LOST: HTTPFailure(.connectionLost, detail)
        case TERMINI_HTTP_BAD_URL: HTTPFailure(.badURL, detail)
        case TERMINI_HTTP_UNAVAILABLE: HTTPFailure(.unavailable, detail)
        default: HTTPFailure(.other, detail)
        }
    }
}

/// Runs `body` with `strings` as an array of C strings that live until it returns.
private func withCStrings<R>(_ strings: [String], _ body: (UnsafeBufferPointer<UnsafePointer<CChar>?>) -> R) -> R {
    let copies = strings.map { strdup($0) }
    defer { copies.forEach { free($0) } }
    let pointers = copies.map { UnsafePointer<CChar>($0) }
    return pointers.withUnsafeBufferPointer(body)
}
