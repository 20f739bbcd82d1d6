import Foundation
import TerminiTemplate

/// `openURL({url})`: hands an http(s) URL to the user's desktop (`$BROWSER`, else `xdg-open`), for the hosts in the
/// manifest's `requestDomains` or `openDomains` only, so an app cannot send its user anywhere it did not declare.
/// The program is started without a shell and with its output sent nowhere, so neither the URL nor the browser's
/// chatter reaches the terminal; the call answers once it has started.
public struct OpenURLCommand: Sendable {
    public static let shape = CommandShape(
        "Opens an http(s) URL in the desktop's browser; its host must be in requestDomains or openDomains.",
        parameters: [CommandField("url", "string", "http or https")])

    private let params: JSONValue
    private let domains: RequestDomains
    private let opener: @Sendable (_ url: String) throws(CommandError) -> Void
    private var url = ""

    /// `domains` is the manifest's `requestDomains` and `openDomains` together; `opener` starts the browser.
    public init(context: CommandContext, params: JSONValue, domains: [String],
                opener: @escaping @Sendable (_ url: String) throws(CommandError) -> Void = OpenURLCommand.desktopOpener)
    {
        self.params = params
        self.domains = RequestDomains(domains)
        self.opener = opener
    }

    public mutating func checkAndParse() throws(CommandError) {
        let text = try params.requiredString("url")
        guard let parsed = URL(string: text), let scheme = parsed.scheme?.lowercased(), let host = parsed.host, !host.isEmpty
        else { throw CommandError(.invalidParameter, "parameter 'url' is not a valid URL: '\(text.prefix(200))'") }
        guard scheme == "http" || scheme == "https" else {
            throw CommandError(.invalidParameter, "parameter 'url' must be http or https, got '\(scheme)'")
        }
        guard !text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
            throw CommandError(.invalidParameter, "parameter 'url' holds a control character")
        }
        guard domains.allows(parsed) else {
            throw CommandError(.permissionDenied, "host '\(host)' is not in the manifest's requestDomains or openDomains")
        }
        url = text
    }

    public func run() async throws(CommandError) -> [String: JSONValue] {
        try opener(url)
        return [:]
    }

    /// `$BROWSER` (its first entry, when it is a `:`-separated list) or else `xdg-open`, found on `PATH`, with the URL
    /// as its one argument.
    public static let desktopOpener: @Sendable (String) throws(CommandError) -> Void = { url throws(CommandError) in
        let environment = ProcessInfo.processInfo.environment
        let browser = environment["BROWSER"].flatMap { $0.split(separator: ":").first.map(String.init) } ?? "xdg-open"
        let searched = browser.contains("/") ? [browser]
            : (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map { "\($0)/\(browser)" }
        guard let program = searched.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw CommandError(.unavailable, "no program '\(browser)' to open the URL with: set $BROWSER to a browser")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = [url]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw CommandError(.unavailable, "cannot start '\(program)' to open the URL: \(error.localizedDescription)")
        }
    }
}
