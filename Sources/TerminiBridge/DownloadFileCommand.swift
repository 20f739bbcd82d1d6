import Foundation
import TerminiHTTP
import TerminiClock
import TerminiTemplate

/// `downloadFile({url, filePath, header, timeout})` → `{statusCode, filePath}`: WeChat's DownloadTask. The body of a
/// GET to a host in `requestDomains` is written into the app's folder at `filePath`, through `AppFiles` (the same
/// path checks, the same quota, the same atomic replace as `writeFile`), so a failed download leaves the old file
/// as it was. It needs the permissions `request` and `files`.
///
/// While the body arrives the call sends `progressUpdate` events ({progress, totalBytesWritten,
/// totalBytesExpectedToWrite}) at most once a frame; `abort()` stops the transfer. `timeout` is the longest wait
/// between two pieces of the body. A status other than 2xx fails and writes nothing.
struct DownloadFileCommand: Sendable {
    static let definition = CommandDefinition<CommandEnvironment>(
        name: "downloadFile", permission: "request",
        shape: CommandShape(
            "Downloads a file from a host in requestDomains into the app's folder (permissions request and files); the call reports progressUpdate events.",
            parameters: [
                CommandField("url", "string", "http or https"),
                CommandField("filePath", "string", "relative to the app's folder; its folder must exist"),
                .optional("header", "Record<string, string | number | boolean>"),
                .optional("timeout", "number", "ms between two pieces of the body, default 60000"),
            ],
            result: [CommandField("statusCode", "number"), CommandField("filePath", "string")])
    ) { environment, params, context throws(CommandError) in
        guard let files = environment.files else {
            throw CommandError(.unavailable, "this host keeps no app folders, so downloadFile has nowhere to write")
        }
        guard context.permissions.contains("files") else {
            throw CommandError(.permissionDenied, "permission 'files' is not granted in the manifest: downloadFile writes into the app's folder")
        }
        let command = try DownloadFileCommand(params: params, context: context, files: files,
                                              domains: RequestDomains(environment.requestDomains(context.appId)),
                                              limits: environment.requestLimits)
        return { () throws(CommandError) in try await command.run() }
    }

    private let request: HTTPRequest
    private let path: AppFilePath
    private let app: String
    private let files: AppFiles
    private let domains: RequestDomains
    private let limits: RequestLimits
    private let events: CommandEvents
    private let timeout: Double

    init(params: JSONValue, context: CommandContext, files: AppFiles, domains: RequestDomains, limits: RequestLimits)
        throws(CommandError)
    {
        let url = try RequestCommand.checkedURL(params, domains: domains)
        path = try AppFilePath(params, "filePath")
        var timeout = 60.0
        if let ms = try params.optionalNumber("timeout") {
            guard ms > 0 else { throw CommandError(.invalidParameter, "parameter 'timeout' must be a positive number of milliseconds") }
            timeout = ms / 1000
        }
        self.timeout = timeout
        var request = HTTPRequest(url: url)
        for (name, value) in try RequestCommand.checkedHeaders(params) { request.setValue(value, forHeader: name) }
        self.request = request
        app = context.appId
        self.files = files
        self.domains = domains
        self.limits = limits
        events = context.events
    }

    func run() async throws(CommandError) -> [String: JSONValue] {
        // Checked here as well as at the write: a body that cannot fit is refused at its Content-Length, unread.
        _ = try files.location(of: path, app: app)
        let used = try files.usedBytes(app: app)
        let room = max(0, files.quotaBytes(app: app) - used)
        let path = self.path
        let progress = DownloadProgress(events: events, interval: limits.chunkInterval)
        let body = Locked(Data())
        let transport = RequestTransport(
            request: request, timeout: timeout, maxBytes: limits.maxStreamBytes, maxRedirects: limits.maxRedirects,
            redirectAllowed: { [domains] url in domains.allows(url) },
            headersReceived: { [app] head in
                let length = head.contentLength.map { Int($0) }
                progress.expect(length)
                if let length, length > room {
                    return CommandError(.quotaExceeded, "the download is \(length) bytes; app '\(app)' has \(room) bytes left of its quota, "
                                        + "so \(AppFilePath.shown(path.text)) was not written")
                }
                return nil
            },
            streaming: RequestStreaming { [app] piece in
                let total = body.withLock { data in
                    data.append(piece)
                    return data.count
                }
                // A body without a Content-Length stops as soon as it cannot fit, not when it ends.
                guard total <= room else {
                    return CommandError(.quotaExceeded, "the download passed \(room) bytes, what app '\(app)' has left of its quota, "
                                        + "so \(AppFilePath.shown(path.text)) was not written")
                }
                progress.received(total)
                return nil
            })
        let response = try await transport.perform()
        guard (200..<300).contains(response.statusCode) else {
            throw CommandError(.network, "the server answered HTTP \(response.statusCode); \(AppFilePath.shown(path.text)) was not written")
        }
        let bytes = body.withLock { [UInt8]($0) }
        try files.write(bytes, to: path, app: app, appending: false)
        progress.finished(bytes.count)
        return ["statusCode": .number(Double(response.statusCode)), "filePath": .string(path.text)]
    }
}

/// A download's `progressUpdate` events, at most one per frame interval and one at the end.
private final class DownloadProgress: @unchecked Sendable {
    private let events: CommandEvents
    private let interval: Double
    private let lock = NSLock()
    private var expected: Int?
    private var lastSent = -Double.infinity

    init(events: CommandEvents, interval: Double) {
        self.events = events
        self.interval = interval
    }

    func expect(_ length: Int?) {
        lock.lock()
        expected = length
        lock.unlock()
    }

    func received(_ total: Int) {
        let now = Double(MonotonicClock.now()) / 1e9
        lock.lock()
        guard now - lastSent >= interval else { lock.unlock(); return }
        lastSent = now
        let expected = self.expected
        lock.unlock()
        send(total, expected: expected)
    }

    func finished(_ total: Int) { send(total, expected: total) }

    private func send(_ total: Int, expected: Int?) {
        let percent = expected.map { $0 > 0 ? min(100, total * 100 / $0) : 100 } ?? 0
        events.send("progressUpdate", ["progress": .number(Double(percent)), "totalBytesWritten": .number(Double(total)),
                                       "totalBytesExpectedToWrite": .number(Double(expected ?? 0))])
    }
}
