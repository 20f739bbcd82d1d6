import Foundation
import Testing
import TestSupport

/// libcurl and the 26 libraries it brings are opened by an app's first request, not at the start: an app that makes
/// no request never pays their memory (about 1 MB private dirty, docs/PERFORMANCE.md "Memory after start").
@Suite struct LazyNetworkLibraryTests {
    /// The shared libraries the running app has mapped.
    static func mappedLibraries(_ tmux: TmuxSession) throws -> String {
        let pid = try #require(Int32(try tmux.tmux(["display-message", "-p", "-t", tmux.name, "#{pane_pid}"])
            .trimmingCharacters(in: .whitespacesAndNewlines)))
        // Read to the end: /proc files report no size, and a read sized by it stops at the first page.
        let file = try #require(FileHandle(forReadingAtPath: "/proc/\(pid)/maps"))
        defer { try? file.close() }
        return String(decoding: try file.readToEnd() ?? Data(), as: UTF8.self)
    }

    @Test func anAppWithoutRequestsNeverOpensLibcurl() async throws {
        let tmux = TmuxSession()
        defer { tmux.kill() }
        try tmux.start("exec \(BuiltBinaries.path("termini")) run \(BuiltBinaries.sample("settings")) --store \(BuiltBinaries.temporaryFolder())",
                       width: 80, height: 16)
        let text = try await tmux.waitForScreen { $0.contains("Settings  │  About") }
        #expect(text.contains("Settings  │  About"), "\(text)")
        let maps = try Self.mappedLibraries(tmux)
        #expect(maps.contains("libjavascriptcoregtk"), "the maps are the app's: \(maps.prefix(400))")
        #expect(!maps.contains("libcurl"), "libcurl is mapped before any request")
        #expect(!maps.contains("libgnutls") && !maps.contains("libkrb5"), "libcurl's dependencies are mapped before any request")
    }

    @Test func theFirstRequestOpensLibcurl() async throws {
        let tmux = TmuxSession()
        defer { tmux.kill() }
        // Port 1 on loopback: nothing listens, so the feed's preload is refused at once and the page shows it.
        let project = try NavigationSampleTests.feedProject(port: 1)
        try tmux.start("exec \(BuiltBinaries.path("termini")) run \(project) --store \(BuiltBinaries.temporaryFolder())",
                       width: 80, height: 14)
        let text = try await tmux.waitForScreen { $0.contains("Top stories offline") }
        #expect(text.contains("Top stories offline"), "\(text)")
        #expect(try Self.mappedLibraries(tmux).contains("libcurl.so.4"))
    }
}
