import Foundation
import Testing

/// `#rrggbb` colours on a real terminal: as themselves where the terminal says it has 24-bit colour (`COLORTERM`),
/// the nearest of 256 where it does not, none at all under `NO_COLOR`.
@Suite struct TerminalColorTmuxTests {
    static func project() throws -> String {
        let dir = BuiltBinaries.temporaryFolder()
        try FileManager.default.createDirectory(atPath: dir + "/pages", withIntermediateDirectories: true)
        try #"{"id": "colors", "name": "Colors", "version": "1.0.0", "pages": ["index"]}"#
            .write(toFile: dir + "/app.json", atomically: true, encoding: .utf8)
        try """
        import TerminiDSL

        let index = Page("index") {
            Text("deep sea", color: .hex("#fedcba")).background(.hex("#123456"))
        }
        """.write(toFile: dir + "/pages/index.swift", atomically: true, encoding: .utf8)
        try "Page('index', {})\n".write(toFile: dir + "/main.js", atomically: true, encoding: .utf8)
        return dir
    }

    /// The styled screen of the app run with `environment` in front of it, on a tmux-256color terminal (SwiftPM runs
    /// tests with NO_COLOR set: each run says what it wants).
    func styledScreen(_ environment: String) async throws -> String {
        let tmux = TmuxSession()
        let app = try Self.project()
        try tmux.start("env -u NO_COLOR \(environment) TERM=tmux-256color \(BuiltBinaries.path("termini")) run \(app); sleep 30",
                       width: 40, height: 6)
        defer { tmux.kill() }
        _ = try await tmux.waitForScreen { $0.contains("deep sea") }
        return try tmux.styledScreen()
    }

    @Test func aTerminalWithTrueColourGetsTheColourItself() async throws {
        let screen = try await styledScreen("COLORTERM=truecolor")
        // A bright foreground: its pair's table slot once overflowed 32 bits and stopped the app (SIGILL).
        #expect(screen.contains("38;2;254;220;186"), "foreground #fedcba: \(screen.debugDescription)")
        #expect(screen.contains("48;2;18;52;86"), "background #123456: \(screen.debugDescription)")
    }

    @Test func withoutTrueColourTheNearestOf256AndUnderNoColorNone() async throws {
        let screen = try await styledScreen("-u COLORTERM")
        #expect(!screen.contains("38;2;") && !screen.contains("48;2;"), "\(screen.debugDescription)")
        // #fedcba is nearest the cube's (255, 215, 175), entry 223; #123456 the gray (48, 48, 48), entry 236.
        #expect(screen.contains("38;5;223"), "\(screen.debugDescription)")
        #expect(screen.contains("48;5;236"), "\(screen.debugDescription)")
        let plain = try await styledScreen("COLORTERM=truecolor NO_COLOR=1")
        #expect(plain.contains("deep sea") && !plain.contains("38;") && !plain.contains("48;"), "\(plain.debugDescription)")
    }
}
