import Foundation
import TestSupport
import Testing
import TerminiTemplate
import TerminiTerminal
@testable import TerminiAuthoring
@testable import TerminiRuntime

/// The preview's inspector without a terminal: the sections' JSON for the todo sample, the F12 pane beside the app
/// with the selected widget highlighted, bad requests answered with an error, and the socket's file handling.
@Suite(.serialized) struct InspectorTests {
    static let todo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Templates/todo").path

    func makeSession(_ tmp: TemporaryFolder, width: Int = 100) throws -> (PreviewSession, HeadlessBackend) {
        let project = tmp.sub("todo")
        try FileManager.default.copyItem(atPath: Self.todo, toPath: project)
        let backend = HeadlessBackend(width: width, height: 24)
        var options = EngineOptions()
        options.storeDirectory = tmp.sub("store")
        let session = try PreviewSession(project: project, backend: backend, options: options)
        session.pollInterval = .milliseconds(10)
        session.start()
        return (session, backend)
    }

    @discardableResult
    func stepUntil(_ session: PreviewSession, _ backend: HeadlessBackend, _ predicate: (String) -> Bool) -> String {
        let deadline = Date().addingTimeInterval(30)
        while !predicate(backend.screenText()) && Date() < deadline { session.step(maxWaitMilliseconds: 5) }
        return backend.screenText()
    }

    /// Steps the session until the answer to `request` satisfies `predicate` (activity arrives from the JS thread).
    func answer(_ request: String, _ session: PreviewSession, until predicate: (JSONValue) -> Bool = { _ in true }) throws -> JSONValue {
        let deadline = Date().addingTimeInterval(30)
        var json = try JSONValue.parse(InspectorRequest.answer(request, from: session.inspectorSource))
        while !predicate(json) && Date() < deadline {
            session.step(maxWaitMilliseconds: 5)
            json = try JSONValue.parse(InspectorRequest.answer(request, from: session.inspectorSource))
        }
        return json
    }

    static func widgets(_ node: JSONValue) -> [JSONValue] {
        [node] + (node["children"]?.arrayValue.map(Array.init) ?? []).flatMap(widgets)
    }

    @Test func treeSectionListsKindsIdsKeysBoxesAndFocus() throws {
        let tmp = TemporaryFolder()
        let (session, backend) = try makeSession(tmp)
        defer { session.stop() }
        let screen = stepUntil(session, backend) { $0.contains("Todo (2)") }
        let json = try answer(#"{"get":"tree"}"#, session)
        let tree = try #require(json["tree"])
        #expect(tree["page"] == "index")
        let widgets = Self.widgets(try #require(tree["root"]))
        let field = try #require(widgets.first { $0["kind"] == "TextField" }, "\(tree.serialized())")
        #expect(field["focused"] == true, "the first field has focus when the page opens")
        let rows = widgets.filter { $0["key"]?.isNull == false }
        #expect(rows.map { $0["key"] ?? .null } == ["ValueKey(1)", "ValueKey(2)"], "\(rows)")
        #expect(widgets.filter { $0["component"] == "TodoRow" }.count == 2, "\(tree.serialized())")
        // The title's box is where the screen shows it.
        let title = try #require(widgets.first { $0["text"]?.stringValue?.hasPrefix("Todo (2)") == true }, "\(tree.serialized())")
        let box = try #require(title["box"]?.objectValue)
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let y = try #require(box["y"]?.intValue), x = try #require(box["x"]?.intValue)
        #expect(lines[y].dropFirst(x).hasPrefix("Todo (2)"), "box \(box) on \(screen)")
        #expect(box["width"]?.intValue == 8 && box["height"]?.intValue == 1)
    }

    @Test func dataBridgeStorageAndFrameSectionsFollowTheApp() throws {
        let tmp = TemporaryFolder()
        let (session, backend) = try makeSession(tmp)
        defer { session.stop() }
        stepUntil(session, backend) { $0.contains("Todo (2)") }
        for c in "Buy milk" { backend.enqueue(.key(c == " " ? .space : .character(c))) }
        backend.enqueue(.key(.enter))
        stepUntil(session, backend) { $0.contains("Todo (3)") }

        let dataAnswer = try answer(#"{"get":"data"}"#, session) { $0["data"]?["diffs"]?.arrayValue?.isEmpty == false }
        let data = try #require(dataAnswer["data"])
        #expect(data["value"]?["todos"]?.arrayValue?.last?["title"] == "Buy milk", "\(data.serialized())")
        let patches = (data["diffs"]?.arrayValue.map(Array.init) ?? []).flatMap { $0["patches"]?.arrayValue.map(Array.init) ?? [] }
        #expect(patches.contains { $0["path"] == "draft" && $0["value"] == "Buy milk" }, "\(data.serialized())")
        #expect(patches.contains { $0["path"] == "todos" }, "\(data.serialized())")

        let bridgeAnswer = try answer(#"{"get":"bridge"}"#, session) { json in
            json["bridge"]?["calls"]?.arrayValue?.contains { $0["command"] == "setStorage" && $0["ok"] == true } == true
        }
        let bridge = try #require(bridgeAnswer["bridge"])
        let calls = bridge["calls"]?.arrayValue.map(Array.init) ?? []
        let firstLoad = try #require(calls.first { $0["command"] == "getStorage" }, "\(bridge.serialized())")
        #expect(firstLoad["params"] == ["key": "todos"])
        #expect(firstLoad["ok"] == false, "nothing stored on the first launch: \(firstLoad.serialized())")
        let save = try #require(calls.first { $0["command"] == "setStorage" })
        #expect(save["params"]?["key"] == "todos")
        #expect(save["ms"]?.numberValue != nil && save["at"]?.numberValue != nil)

        let storage = try #require(try answer(#"{"get":"storage"}"#, session)["storage"])
        #expect(storage["app"] == "todo")
        #expect(storage["entries"]?["todos"]?.arrayValue?.count == 3, "\(storage.serialized())")

        let frames = try #require(try answer(#"{"get":"frames"}"#, session)["frames"])
        #expect((frames["frameCount"]?.intValue ?? 0) > 0)
        #expect(frames["frames"]?.arrayValue?.last?["totalMs"]?.numberValue != nil, "\(frames.serialized())")

        let all = try answer(#"{"get":"all"}"#, session)
        #expect(Set(all.objectValue?.keys ?? []) == ["tree", "data", "bridge", "storage", "frames"])
    }

    @Test func badRequestsGetAnErrorLineAndTheAppKeepsRunning() throws {
        let tmp = TemporaryFolder()
        let (session, backend) = try makeSession(tmp)
        defer { session.stop() }
        stepUntil(session, backend) { $0.contains("Todo (2)") }
        let cases = [
            ("not json", "not JSON"), (#"["tree"]"#, "the request is a array"), (#"{"got":"tree"}"#, "no \"get\" string"),
            (#"{"get":"widgets"}"#, "unknown section 'widgets'"), (#"{"get":"tree","depth":2}"#, "unknown request member 'depth'"),
        ]
        for (request, message) in cases {
            let json = try JSONValue.parse(InspectorRequest.answer(request, from: session.inspectorSource))
            let error = try #require(json["error"]?.stringValue, "\(request) → \(json.serialized())")
            #expect(error.contains(message), "\(request) → \(error)")
            #expect(error.contains("tree, data, bridge, storage, frames, all") || error.contains("not JSON"), "\(error)")
        }
        backend.enqueue(.key(.character("x")))
        let screen = stepUntil(session, backend) { $0.contains("x") && !$0.contains("What needs doing?") }
        #expect(!screen.contains("What needs doing?"), "the app still takes keys: \(screen)")
    }

    @Test func f12OpensThePaneBesideTheAppAndHighlightsTheSelectedWidget() throws {
        let tmp = TemporaryFolder()
        let (session, backend) = try makeSession(tmp, width: 100)
        defer { session.stop() }
        stepUntil(session, backend) { $0.contains("Todo (2)") }
        backend.enqueue(.key(.function(12)))
        var screen = stepUntil(session, backend) { $0.contains("1 tree") && $0.contains("TextField") }
        #expect(screen.contains("2 data") && screen.contains("5 frames"), "\(screen)")
        #expect(screen.contains("*focused*"), "\(screen)")
        let paneX = 100 - InspectorPane.width(forTerminal: 100)
        #expect(screen.split(separator: "\n").allSatisfy { $0.count <= paneX || Array($0)[paneX] == "│" }, "\(screen)")

        // Down to the title's row: its cells on the app's side take the highlight.
        let titleRow = try #require(stepToRow(session, backend) { $0.contains("\"Todo (2)\"") })
        _ = titleRow
        // The app is laid out again at its narrower width in a frame of its own, which a quiet machine reaches after
        // the pane's: wait for it rather than read the screen between the two.
        stepUntil(session, backend) { $0.split(separator: "\n").contains { $0.prefix(paneX).contains("Todo (2)") } }
        let lines = backend.screenText().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let y = try #require(lines.firstIndex { $0.prefix(paneX).contains("Todo (2)") })
        let x = try #require(lines[y].range(of: "Todo (2)")).lowerBound.utf16Offset(in: lines[y])
        #expect(backend.screen[x, y].style == InspectorPane.highlight, "the selected Text is highlighted")
        #expect(backend.screen[x + 8, y].style != InspectorPane.highlight, "only its box")

        // 2 shows the data; Esc gives the keys back to the app, and the pane follows what they change.
        backend.enqueue(.key(.character("2")))
        screen = stepUntil(session, backend) { $0.contains("page: index") }
        #expect(screen.contains("\"draft\""), "\(screen)")
        #expect(screen.contains("page: index  $screen 56x24") && !screen.contains("\"$screen\""),
                "the engine's $screen is one line, not in the value: \(screen)")
        backend.enqueue(.key(.escape))
        backend.enqueue(.key(.character("z")))
        screen = stepUntil(session, backend) { $0.contains("draft = \"z\"") }
        #expect(screen.contains("draft = \"z\""), "the diff shows in the pane: \(screen)")

        // F12 takes the keys back to the pane, F12 again closes it and the app has the whole width.
        backend.enqueue(.key(.function(12)))
        backend.enqueue(.key(.function(12)))
        screen = stepUntil(session, backend) { !$0.contains("1 tree") }
        #expect(!screen.contains("1 tree") && !screen.contains("│"), "\(screen)")
        #expect(session.engine.screenText.split(separator: "\n").first?.count ?? 0 <= 100)
    }

    /// Presses Down in the tree until the selected row's text satisfies `predicate`; returns the row.
    func stepToRow(_ session: PreviewSession, _ backend: HeadlessBackend, _ predicate: (String) -> Bool) -> String? {
        for _ in 0..<40 {
            backend.enqueue(.key(.down))
            for _ in 0..<4 { session.step(maxWaitMilliseconds: 5) }
            let paneX = backend.screen.width - InspectorPane.width(forTerminal: backend.screen.width)
            for y in 0..<backend.screen.height where backend.screen[paneX + 2, y].style.attributes.contains(.reverse) && y > 0 {
                let row = String((paneX..<backend.screen.width).map { backend.screen[$0, y].character })
                if predicate(row) { return row }
            }
        }
        return nil
    }

    @Test func f12IsTheToolsSoNoAppMayBindIt() throws {
        #expect(throws: KeyChordError.self) { try KeyChord(parsing: "f12") }
        _ = try KeyChord(parsing: "ctrl+f12")   // only the plain key is kept
    }

    @Test func socketIsPrivateReplacesAStaleOneAndRefusesOtherFiles() throws {
        let tmp = TemporaryFolder()
        let path = tmp.sub("inspect.sock")
        // A stale socket: bound, then its process gone (closed without removing the file).
        let stale = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8) + [0]) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(stale, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        #expect(bound == 0)
        close(stale)

        let server = try InspectorSocket(path: path)
        defer { server.close() }
        var info = stat()
        #expect(stat(path, &info) == 0 && info.st_mode & 0o777 == 0o600, "mode \(String(info.st_mode & 0o777, radix: 8))")
        #expect(throws: InspectorSocketError.self) { try InspectorSocket(path: path) }   // live: left alone

        let client = try UnixSocketClient(path: path)
        try client.send("{\"get\":\"tree\"}\n\n" + String(repeating: "x", count: InspectorSocket.maximumRequestBytes + 10) + "\nok\n")
        var lines: [String] = []
        let deadline = Date().addingTimeInterval(30)
        while lines.count < 3 && Date() < deadline {
            server.poll { "answer to " + $0 }
            if let line = try? client.readLine(timeout: 0.05) { lines.append(line) }
        }
        #expect(lines.first == "answer to {\"get\":\"tree\"}")
        #expect(lines.dropFirst().first?.contains("longer than") == true, "\(lines)")
        #expect(lines.last == "answer to ok", "the connection goes on after an oversized line: \(lines)")

        let plain = tmp.sub("plain")
        FileManager.default.createFile(atPath: plain, contents: Data("keep me".utf8))
        #expect(throws: InspectorSocketError.self) { try InspectorSocket(path: plain) }
        #expect(try String(contentsOfFile: plain, encoding: .utf8) == "keep me")
        server.close()
        #expect(!FileManager.default.fileExists(atPath: path), "closing removes the socket file")
    }
}
