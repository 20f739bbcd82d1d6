import Foundation
import Hummingbird
import HummingbirdWebSocket
import NIOCore
import TerminiClock

/// The browser side of `termini serve --http`: the page, Debian's xterm.js, the list of apps, and a WebSocket per
/// session. The page, the list and the WebSocket need the token from the URL printed at start (unless `--open`); a
/// WebSocket without it is answered 403 by `UpgradeTokenCheck` before the upgrade is considered.
public final class WebServer: Sendable {
    private let task: Task<Void, any Error>
    /// The port the listener is bound to.
    public let boundPort: Int

    /// Starts listening on `host:port`; `token` nil lets anyone in (`--open`).
    public init(environment: SessionEnvironment, host: String, port: Int, token: AccessToken?, xterm: XtermBundle) throws(ServeError) {
        let router = Router(context: BasicWebSocketRequestContext.self)
        @Sendable func requireToken(_ request: Request) throws {
            if let token, !token.matches(request.uri.queryParameters["token"]) {
                ServeLog.line("http: refused \(request.uri.path): no valid token")
                throw HTTPError(.forbidden, message: "a valid ?token= is needed")
            }
        }
        router.get("/") { request, _ -> Response in
            try requireToken(request)
            return Self.response(WebTerminalPage.html, type: "text/html; charset=utf-8")
        }
        router.get("/xterm.js") { _, _ in Self.response(xterm.script, type: "text/javascript; charset=utf-8") }
        router.get("/xterm.css") { _, _ in Self.response(xterm.stylesheet, type: "text/css; charset=utf-8") }
        router.get("/apps") { request, _ -> Response in
            try requireToken(request)
            let list = environment.installedApps.map { ["id": $0, "title": environment.title(of: $0)] }
            let json = String(decoding: try JSONSerialization.data(withJSONObject: list, options: [.sortedKeys]), as: UTF8.self)
            return Self.response(json, type: "application/json")
        }
        router.ws("/session", shouldUpgrade: { request, _ in
            try requireToken(request)
            return .upgrade([:])
        }, onUpgrade: { inbound, outbound, context in
            let query = context.request.uri.queryParameters
            let request = WebSessionRequest(app: query["app"].map(String.init),
                                            columns: query["cols"].flatMap { Int($0) } ?? 80,
                                            rows: query["rows"].flatMap { Int($0) } ?? 24)
            await WebSession(environment: environment, request: request).run(inbound: inbound, outbound: outbound)
        })

        let started = Locked<Result<Int, ServeError>?>(nil)
        let ready = DispatchSemaphore(value: 0)
        let application = Application(
            router: router,
            server: .tokenCheckedWebSocketUpgrade(webSocketRouter: router, token: token),
            configuration: .init(address: .hostname(host, port: port), serverName: "termini"),
            onServerRunning: { channel in
                started.value = .success(channel.localAddress?.port ?? port)
                ready.signal()
            })
        task = Task {
            do { try await application.run() } catch {
                if started.value == nil {
                    started.value = .failure(ServeError("cannot listen for HTTP on \(host):\(port): \(error)"))
                    ready.signal()
                }
                throw error
            }
        }
        ready.wait()
        switch started.value {
        case .success(let bound)?: boundPort = bound
        case .failure(let error)?: throw error
        case nil: throw ServeError("the HTTP server did not start")
        }
    }

    /// Stops accepting connections and closes the listener.
    public func stop() { task.cancel() }

    private static func response(_ text: String, type: String) -> Response {
        Response(status: .ok, headers: [.contentType: type, .cacheControl: "no-store"],
                 body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}
