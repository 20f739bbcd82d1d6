import Foundation
import Testing
import TestSupport

/// `termini serve --http` in Debian's headless Chromium, as a user would meet it: the page loads Debian's xterm.js,
/// shows the app's title, takes typing and a window resize, and says "disconnected" when the app ends. A WebSocket
/// without the token is refused with 403.
@Suite(.serialized) struct ServeBrowserTests {
    static let driver = BuiltBinaries.packageRoot.appendingPathComponent("Tools/serve/browser_session.py").path

    @Test func pageRunsTheAppTakesTypingResizesAndShowsTheEnd() async throws {
        let serve = try await ServeFixture.withTodo()
        try await serve.start([], listeners: ["--http", "127.0.0.1:0"])
        #expect(serve.pageURL.contains("?token="), "\(serve.log)")
        let screenshot = serve.folder + "/browser.png"
        let plan = ["wait:Todo (2)", "title:Todo", "state:connected",
                    "type:Buy milk", "key:enter", "wait:Todo (3)", "wait:Buy milk",
                    "resize:1300x760", "wider:120", "wait:Buy milk", "screenshot:\(screenshot)",
                    "key:ctrl-c", "state:disconnected"]
        let run = try await BuiltBinaries.run("/usr/bin/python3", [Self.driver, serve.pageURL + "&app=todo"] + plan, timeout: 300)
        #expect(run.status == 0, "\(run.stdout)\n\(run.stderr)\n\(serve.log)")
        let steps = run.stdout.split(whereSeparator: \.isNewline).compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        #expect(steps.count == plan.count && steps.allSatisfy { $0["ok"] as? Bool == true }, "\(run.stdout)")
        // The resize reached the app: after it, the screen's rows are wider than before.
        func width(_ step: [String: Any]?) -> Int {
            let screen: String = (step?["screen"] as? String) ?? ""
            let lengths: [Int] = screen.lines.map { $0.count }
            return lengths.max() ?? 0
        }
        let before = width(steps.first { $0["step"] as? String == "wait:Todo (3)" })
        let after = width(steps.first { $0["step"] as? String == "screenshot:\(screenshot)" })
        #expect(after > before, "widths \(before) → \(after)\n\(run.stdout)")
        let png = try Data(contentsOf: URL(fileURLWithPath: screenshot))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]) && png.count > 5_000)
        #expect(serve.log.contains("http: session started: app 'todo'") && serve.log.contains("http: session ended"), "\(serve.log)")
        #expect(serve.children().isEmpty)
        #expect(await serve.stop() == .exited(0))
    }

    /// A WebSocket upgrade without the token, or with a wrong one, is answered 403 and closed, and no session starts;
    /// with the token printed at start the same request is upgraded (101). The page answers 403 without it too.
    @Test func aWebSocketOrPageWithoutTheTokenIsRefused() async throws {
        let serve = try await ServeFixture.withTodo()
        try await serve.start([], listeners: ["--http", "127.0.0.1:0"])
        let token = try #require(serve.pageURL.firstMatch(of: /token=([0-9a-f]+)/).map { String($0.1) }, "\(serve.pageURL)")
        let upgrade = "GET /session?app=todo HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n"
            + "Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n"
        for request in [upgrade, upgrade.replacingOccurrences(of: "app=todo", with: "app=todo&token=wrong"),
                        upgrade.replacingOccurrences(of: "app=todo", with: "app=todo&token=" + token.dropLast())] {
            let client = try RawClient(port: serve.httpPort)
            client.send(Array(request.utf8))
            let answer = await client.readHead(timeout: 60)
            #expect(answer.hasPrefix("HTTP/1.1 403") && !answer.contains("101"), "\(request) → \(answer)")
            #expect(await client.waitForClose(timeout: 60), "the refused connection is closed")
        }
        #expect(serve.children().isEmpty)
        #expect(!serve.log.contains("session started"), "\(serve.log)")
        let admitted = try RawClient(port: serve.httpPort)
        admitted.send(Array(upgrade.replacingOccurrences(of: "app=todo", with: "app=todo&token=" + token).utf8))
        let upgraded = await admitted.readHead(timeout: 60)
        #expect(upgraded.hasPrefix("HTTP/1.1 101"), "\(upgraded)")
        try await serve.waitForLog { $0.contains("http: session started: app 'todo'") }
        #expect(serve.log.contains("http: session started: app 'todo'"), "\(serve.log)")
        admitted.close()
        try await serve.waitForLog { $0.contains("http: session ended") }
        for path in ["/?token=wrong", "/", "/apps", "/apps?token=wrong"] {
            let page = try RawClient(port: serve.httpPort)
            page.send(Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
            let answer = await page.readHead(timeout: 60)
            #expect(answer.hasPrefix("HTTP/1.1 403"), "\(path) → \(answer)")
        }
        #expect(serve.children().isEmpty)
        #expect(serve.log.contains("http: refused /session: no valid token"), "\(serve.log)")
        #expect(await serve.stop() == .exited(0))
    }
}
