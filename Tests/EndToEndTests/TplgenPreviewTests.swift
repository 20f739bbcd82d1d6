import Foundation
import Testing

/// `tplgen preview` renders sample pages headless: what an author sees first.
@Suite struct TplgenPreviewTests {
    func preview(_ page: String, data: String?, size: String, extra: [String] = []) async throws -> BuiltBinaries.Result {
        var args = ["preview", BuiltBinaries.packageRoot.appendingPathComponent(page).path, "--size", size]
        if let data {
            let file = BuiltBinaries.temporaryFolder() + "/data.json"
            try data.write(toFile: file, atomically: true, encoding: .utf8)
            args += ["--data", file]
        }
        return try await BuiltBinaries.run("tplgen", args + extra)
    }

    @Test func todoPageAlignsWideCharacters() async throws {
        let r = try await preview("Templates/todo/pages/index.swift",
                            data: #"{"todos":[{"id":1,"title":"写编译器","done":true},{"id":2,"title":"ship","done":false}],"draft":"","doneCount":1}"#,
                            size: "50x16")  // 16 rows: the sample keeps its blank rows between parts
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.lines
        #expect(lines[0] == "Todo (2)")
        #expect(lines[4].hasPrefix("[x] 写编译器"))
        // The buttons end at the right edge on both rows, so the wide title took two columns per character.
        #expect(lines[4].hasSuffix("[ ↑ ] [ ↓ ] [ ✕ ]"))
        #expect(lines[6].hasSuffix("[ ↑ ] [ ↓ ] [ ✕ ]"))
        // Both rows fill 50 columns; the four wide characters take two columns each, so row 4 has 4 fewer characters.
        #expect(lines[6].count == 50)
        #expect(lines[6].count - lines[4].count == 4, "\(lines[4]) / \(lines[6])")
    }

    @Test func aPreviewReadsTheScreenSizeAsTheEngineGivesIt() async throws {
        // The todo sample drops its blank rows under 16 rows (`$screen.height < 16`).
        let short = try await preview("Templates/todo/pages/index.swift", data: nil, size: "50x10")
        let tall = try await preview("Templates/todo/pages/index.swift", data: nil, size: "50x16")
        #expect(short.status == 0 && tall.status == 0, "\(short.stderr)\(tall.stderr)")
        #expect(short.stdout.lines[1] == "What needs doing?", "\(short.stdout)")
        #expect(tall.stdout.lines[1] == "" && tall.stdout.lines[2] == "What needs doing?", "\(tall.stdout)")
    }

    @Test func clockPageRendersItsBox() async throws {
        let r = try await preview("Templates/clock/pages/index.swift",
                            data: #"{"time":"12:34:56","date":"2026-11-21","seconds":30,"running":true,"uptime":"1 s","ticks":7,"zone":"UTC"}"#,
                            size: "40x16")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.lines[0].hasPrefix("╔ Clock ═"))
        #expect(r.stdout.contains("12:34:56"))
        #expect(r.stdout.contains("[ Pause ]"))
    }

    @Test func unknownPageIsAClearError() async throws {
        let r = try await preview("Templates/feed/pages/index.swift", data: nil, size: "40x10", extra: ["--page", "nope"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("no page named 'nope'"))
    }
}
