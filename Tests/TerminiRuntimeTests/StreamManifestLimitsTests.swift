import Foundation
import TestSupport
import Testing
import TerminiBridge
@testable import TerminiRuntime

/// The manifest's stream and socket limits (`requestStreamLimitMB`, `socketMessageLimitMB`, `openSocketLimit`): read
/// and checked with the manifest, and applied by the engine to the app's commands.
@Suite struct StreamManifestLimitsTests {
    private func manifest(_ extra: String) throws -> BundleManifest {
        let text = #"{"id": "demo", "version": "1.0.0", "pages": ["index"], "permissions": ["request"], "requestDomains": ["127.0.0.1"]"#
            + (extra.isEmpty ? "" : ", " + extra) + "}"
        return try BundleManifest(json: try JSONValue.parse(text), file: "demo/manifest.json", text: text)
    }

    private func engine(_ manifest: BundleManifest, store: TemporaryFolder) throws -> MiniAppEngine {
        let template = try TemplateFile(jsonText: #"{"format":"termini.template/1","page":"index","source":"demo/pages/index.swift","root":{"cls":"Text","p1":"hi"}}"#)
        var options = EngineOptions()
        options.storeDirectory = store.path
        let bundle = LoadedBundle(manifest: manifest, origin: "memory", script: "Page('index', {})", scriptName: "demo/main.js",
                                  pages: ["index": template])
        return try MiniAppEngine(bundle: bundle, backend: HeadlessBackend(width: 20, height: 5), options: options)
    }

    private func call(_ engine: MiniAppEngine, _ name: String, _ params: JSONValue) async -> CommandOutcome {
        let context = CommandContext(appId: "demo", pageId: 1, pageName: "index", permissions: ["request"])
        return await withCheckedContinuation { cont in
            engine.router.invoke(name, params: params, context: context) { cont.resume(returning: $0) }
        }
    }

    @Test func theLimitsAreReadAndWrittenBack() throws {
        let m = try manifest(#""requestStreamLimitMB": 2, "socketMessageLimitMB": 4, "openSocketLimit": 3"#)
        #expect(m.requestStreamLimitMB == 2 && m.socketMessageLimitMB == 4 && m.openSocketLimit == 3)
        let again = try BundleManifest(json: m.json, file: "again.json")
        #expect(again == m)
        let defaults = try manifest("")
        #expect(defaults.requestStreamLimitMB == nil && defaults.socketMessageLimitMB == nil && defaults.openSocketLimit == nil)
    }

    @Test func aBadLimitNamesTheFileAndTheKey() throws {
        let cases: [(String, String)] = [
            (#""requestStreamLimitMB": 0"#, "$.requestStreamLimitMB: expected a whole number of megabytes from 1 to 4096, found 0"),
            (#""requestStreamLimitMB": 10000"#, "$.requestStreamLimitMB: expected a whole number of megabytes from 1 to 4096, found 10000"),
            (#""requestStreamLimitMB": "100""#, #"$.requestStreamLimitMB: expected a whole number of megabytes from 1 to 4096, found "100""#),
            (#""socketMessageLimitMB": 1.5"#, "$.socketMessageLimitMB: expected a whole number from 1 to 64, found 1.5"),
            (#""openSocketLimit": 65"#, "$.openSocketLimit: expected a whole number from 1 to 64, found 65"),
        ]
        for (extra, message) in cases {
            do {
                _ = try manifest(extra)
                Issue.record("accepted \(extra)")
            } catch {
                #expect("\(error)".contains("demo/manifest.json"), "\(error)")
                #expect("\(error)".contains(message), "\(error)")
            }
        }
    }

    /// A server on 127.0.0.1 that streams 2 MB in 64 KiB chunks without a Content-Length.
    private func streamingServer() throws -> LoopbackListener {
        let listener = try LoopbackListener()
        // Two engines start one after the other: on CI's loaded machine that took past the default 60 s lifetime, and
        // the second request found nothing listening. The test stops the listener itself.
        listener.start(lifetime: 600) { fd in
            var request: [UInt8] = []
            var byte: UInt8 = 0
            while read(fd, &byte, 1) == 1 {
                request.append(byte)
                if request.suffix(4) == [13, 10, 13, 10] { break }
            }
            let head = "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\n\r\n"
            guard LoopbackListener.sendAll(fd, Array(head.utf8)) else { return }
            let piece = [UInt8](repeating: UInt8(ascii: "x"), count: 64 * 1024)
            for _ in 0..<32 {
                guard LoopbackListener.sendAll(fd, Array("10000\r\n".utf8) + piece + Array("\r\n".utf8)) else { return }
            }
            _ = LoopbackListener.sendAll(fd, Array("0\r\n\r\n".utf8))
        }
        return listener
    }

    @Test func theManifestsStreamTotalStopsAStreamPastIt() async throws {
        let server = try streamingServer()
        defer { server.stop() }
        let store = TemporaryFolder()
        let url = JSONValue.string("http://127.0.0.1:\(server.port)/log")
        let limited = try engine(try manifest(#""requestStreamLimitMB": 1"#), store: store)
        defer { limited.stop() }
        let cut = await call(limited, "request", ["url": url, "enableChunked": true])
        #expect(!cut.ok)
        #expect(cut.envelope["errCode"] == 9)
        #expect(cut.envelope["errMsg"]?.stringValue?.hasPrefix("request:fail response is over the 1 MB limit (more than 1048576 bytes received)") == true,
                "\(cut.envelope)")

        let roomy = try engine(try manifest(#""requestStreamLimitMB": 3"#), store: TemporaryFolder())
        defer { roomy.stop() }
        let whole = await call(roomy, "request", ["url": url, "enableChunked": true])
        #expect(whole.ok, "\(whole.envelope)")
    }

    @Test func theManifestsSocketCountLimitsOpenSockets() async throws {
        // A server that accepts and never answers the handshake: the first socket stays opening.
        let silent = try LoopbackListener()
        silent.start { _ in Thread.sleep(forTimeInterval: 30) }
        defer { silent.stop() }
        let store = TemporaryFolder()
        let engine = try engine(try manifest(#""openSocketLimit": 1"#), store: store)
        defer { engine.stop() }
        let context = CommandContext(appId: "demo", pageId: 1, pageName: "index", permissions: ["request"])
        engine.router.invoke("connectSocket", params: ["url": .string("ws://127.0.0.1:\(silent.port)/"), "socketTaskId": 1],
                             context: context) { _ in }
        let second = await call(engine, "connectSocket", ["url": .string("ws://127.0.0.1:\(silent.port)/"), "socketTaskId": 2])
        #expect(second.envelope["errCode"] == 9)
        #expect(second.envelope["errMsg"] == "connectSocket:fail 1 sockets are open; an app may have 1 at once")
    }
}
