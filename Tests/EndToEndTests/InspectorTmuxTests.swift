import Foundation
import Testing
import TestSupport

/// `termini preview`'s inspector on a real terminal inside tmux: the JSON of `--inspect-socket` for the todo sample
/// (its tree, its data diffs and its bridge calls), bad requests answered with an error while the app runs on, and
/// the F12 pane showing the tree beside the app.
@Suite(.serialized) struct InspectorTmuxTests {
    /// A copy of the todo sample, a store folder, and a socket path short enough for `sun_path`.
    func prepare() throws -> (project: String, store: String, socket: String) {
        let project = BuiltBinaries.temporaryFolder() + "/todo"
        try FileManager.default.copyItem(atPath: BuiltBinaries.sample("todo"), toPath: project)
        let socketFolder = "/tmp/termini-inspect-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: socketFolder, withIntermediateDirectories: true)
        return (project, BuiltBinaries.temporaryFolder(), socketFolder + "/s.sock")
    }

    /// Sends `line` and waits for its answer without holding a thread of the cooperative pool for long.
    func request(_ client: UnixSocketClient, _ line: String) async throws -> [String: Any] {
        try client.send(line + "\n")
        let deadline = Date().addingTimeInterval(60)
        while true {
            if let answer = try? client.readLine(timeout: 0.05) {
                return try #require(try JSONSerialization.jsonObject(with: Data(answer.utf8)) as? [String: Any], "\(answer)")
            }
            if Date() > deadline { throw UnixSocketClient.Failure("no answer to \(line)") }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Asks `line` until `predicate` holds of the answer (activity reaches the log from the app's threads).
    func request(_ client: UnixSocketClient, _ line: String, until predicate: ([String: Any]) -> Bool) async throws -> [String: Any] {
        let deadline = Date().addingTimeInterval(60)
        var answer = try await request(client, line)
        while !predicate(answer) && Date() < deadline {
            try await Task.sleep(for: .milliseconds(100))
            answer = try await request(client, line)
        }
        return answer
    }

    static func widgets(_ node: [String: Any]) -> [[String: Any]] {
        [node] + ((node["children"] as? [[String: Any]]) ?? []).flatMap(widgets)
    }

    @Test func socketAnswersTheTreeDataAndBridgeCallsOfTheTodoPage() async throws {
        let (project, store, socketPath) = try prepare()
        // A socket file left by a preview that is gone: bound, then closed without removing it.
        let stale = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(socketPath.utf8) + [0]) }
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(stale, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        close(stale)
        #expect(FileManager.default.fileExists(atPath: socketPath))

        let tmux = TmuxSession()
        try tmux.start("\(BuiltBinaries.sanitizerEnvironment) \(BuiltBinaries.path("termini")) preview \(project) --store \(store) "
                       + "--inspect-socket \(socketPath); echo EXITED:$?; sleep 30", width: 120, height: 30)
        defer { tmux.kill() }
        var screen = try await tmux.waitForScreen { $0.contains("Todo (2)") }
        #expect(screen.contains("Todo (2)"), "\(screen)")

        var info = stat()
        #expect(stat(socketPath, &info) == 0 && info.st_mode & S_IFMT == S_IFSOCK, "the stale file was replaced by a live socket")
        #expect(info.st_mode & 0o777 == 0o600, "mode \(String(info.st_mode & 0o777, radix: 8))")
        let client = try UnixSocketClient(path: socketPath)

        let tree = try #require(try await request(client, #"{"get":"tree"}"#)["tree"] as? [String: Any])
        #expect(tree["page"] as? String == "index")
        let widgets = Self.widgets(try #require(tree["root"] as? [String: Any]))
        let field = try #require(widgets.first { $0["kind"] as? String == "TextField" })
        #expect(field["focused"] as? Bool == true)
        #expect(widgets.compactMap { $0["key"] as? String } == ["ValueKey(1)", "ValueKey(2)"])
        #expect(widgets.filter { $0["component"] as? String == "TodoRow" }.count == 2)
        let title = try #require(widgets.first { ($0["text"] as? String)?.hasPrefix("Todo (2)") == true })
        let box = try #require(title["box"] as? [String: Int])
        let lines = screen.lines
        let y = try #require(box["y"]), x = try #require(box["x"])
        #expect(lines[y].dropFirst(x).hasPrefix("Todo (2)"), "the box \(box) is where the screen shows the title:\n\(screen)")

        try tmux.type("Buy milk")
        try tmux.keys("Enter")
        screen = try await tmux.waitForScreen { $0.contains("Todo (3)") }
        #expect(screen.contains("Buy milk"), "\(screen)")

        let dataAnswer = try await request(client, #"{"get":"data"}"#) { answer in
            let patches = ((answer["data"] as? [String: Any])?["diffs"] as? [[String: Any]] ?? []).flatMap { $0["patches"] as? [[String: Any]] ?? [] }
            return patches.contains { $0["path"] as? String == "todos" }
        }
        let data = try #require(dataAnswer["data"] as? [String: Any])
        let todos = try #require((data["value"] as? [String: Any])?["todos"] as? [[String: Any]])
        #expect(todos.map { $0["title"] as? String } == ["Write the compiler", "Wire up the runtime", "Buy milk"])
        let patches = (data["diffs"] as? [[String: Any]] ?? []).flatMap { $0["patches"] as? [[String: Any]] ?? [] }
        #expect(patches.contains { $0["path"] as? String == "draft" && $0["value"] as? String == "Buy milk" }, "\(patches)")

        let bridgeAnswer = try await request(client, #"{"get":"bridge"}"#) { answer in
            ((answer["bridge"] as? [String: Any])?["calls"] as? [[String: Any]] ?? []).contains {
                $0["command"] as? String == "setStorage" && $0["ok"] as? Bool == true
            }
        }
        let calls = try #require((bridgeAnswer["bridge"] as? [String: Any])?["calls"] as? [[String: Any]])
        let load = try #require(calls.first { $0["command"] as? String == "getStorage" }, "\(calls)")
        #expect((load["params"] as? [String: Any])?["key"] as? String == "todos")
        #expect(load["ok"] as? Bool == false, "nothing was stored before this first launch")
        let save = try #require(calls.first { $0["command"] as? String == "setStorage" }, "\(calls)")
        #expect((save["params"] as? [String: Any])?["key"] as? String == "todos")
        #expect(save["ms"] is Double || save["ms"] is Int)

        // Bad requests get an error line; the connection and the app go on.
        for bad in ["hello", #"{"get":"widgets"}"#, #"[1,2]"#] {
            let answer = try await request(client, bad)
            let error = try #require(answer["error"] as? String, "\(bad) → \(answer)")
            #expect(!error.isEmpty)
        }
        let again = try await request(client, #"{"get":"tree"}"#)
        #expect(again["tree"] != nil)
        try tmux.type("x")
        screen = try await tmux.waitForScreen { !$0.contains("What needs doing?") }
        #expect(!screen.contains("What needs doing?"), "the app still takes keys: \(screen)")

        try tmux.keys("C-c")
        screen = try await tmux.waitForScreen { $0.contains("EXITED:") }
        #expect(screen.contains("EXITED:0"), "\(screen)")
        #expect(!FileManager.default.fileExists(atPath: socketPath), "the preview removes its socket on quitting")
    }

    @Test func f12ShowsTheTreeBesideTheAppAndClosesAgain() async throws {
        let (project, store, _) = try prepare()
        let tmux = TmuxSession()
        try tmux.start("env -u NO_COLOR \(BuiltBinaries.sanitizerEnvironment) TERM=tmux-256color \(BuiltBinaries.path("termini")) preview \(project) --store \(store) --no-hud; "
                       + "echo EXITED:$?; sleep 30", width: 120, height: 30)
        defer { tmux.kill() }
        var screen = try await tmux.waitForScreen { $0.contains("Todo (2)") }
        try tmux.keys("F12")
        screen = try await tmux.waitForScreen { $0.contains("1 tree") && $0.contains("TextField") }
        #expect(screen.contains("1 tree") && screen.contains("5 frames"), "\(screen)")
        #expect(screen.contains("TextField") && screen.contains("*focused*") && screen.contains("TodoRow"), "\(screen)")
        #expect(screen.lines.contains { $0.hasPrefix("Todo (2)") && $0.contains("│") }, "the app on the left, the pane on the right:\n\(screen)")

        // The selected widget's cells take the highlight's colours (black on cyan).
        try tmux.keys("Down")
        let cyan = { (text: String) in text.contains("\u{1B}[46m") || text.contains(";46m") }
        let styled = try await tmux.waitForStyledScreen(cyan)
        #expect(cyan(styled), "\(styled)")

        try tmux.keys("2")
        screen = try await tmux.waitForScreen { $0.contains("page: index") }
        #expect(screen.contains("page: index"), "\(screen)")
        // Esc hands the keys to the app; a key sent with it at once would arrive as Alt-key, as from a person's terminal.
        try tmux.keys("Escape")
        screen = try await tmux.waitForScreen { $0.contains("keys go to the app") }
        try tmux.type("z")
        screen = try await tmux.waitForScreen { $0.contains("draft = \"z\"") }
        #expect(screen.contains("draft = \"z\""), "the pane shows the setData diff the key caused:\n\(screen)")

        try tmux.keys("F12")
        screen = try await tmux.waitForScreen { $0.contains("Tab/1-5 section") }
        try tmux.keys("F12")
        screen = try await tmux.waitForScreen { !$0.contains("1 tree") }
        #expect(!screen.contains("1 tree") && !screen.contains("│"), "\(screen)")
        #expect(screen.contains("Todo (2)"), "\(screen)")
        try tmux.keys("C-c")
        screen = try await tmux.waitForScreen { $0.contains("EXITED:") }
        #expect(screen.contains("EXITED:0"), "\(screen)")
    }
}
