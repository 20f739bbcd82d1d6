import Foundation
import Testing

/// The `embed-example` host program (Examples/embed-example, docs/EMBEDDING.md), run as a user would: its own
/// `hostGreeting` command answers the bundle's script, and the final screen is printed at the asked size.
@Suite struct EmbedExampleTests {
    static let bundle = BuiltBinaries.packageRoot.appendingPathComponent("Examples/greeting-bundle").path

    @Test func theHostsCommandAnswersTheBundleAndTheScreenShowsIt() async throws {
        let result = try await BuiltBinaries.run("embed-example", [Self.bundle, "--size", "50x6"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let rows = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(rows.count == 6, "\(result.stdout)")
        #expect(rows.first?.hasPrefix(" Greeting") == true, "the page's title bar: \(result.stdout)")
        #expect(rows.dropFirst().first?.hasPrefix("A mini-app inside a host program") == true, "\(result.stdout)")
        #expect(rows.contains { $0.hasPrefix("The host says: hello from the host") }, "\(result.stdout)")
    }

    @Test func theScreenIs80x24ByDefault() async throws {
        let result = try await BuiltBinaries.run("embed-example", [Self.bundle])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let rows = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(rows.count == 24)
        #expect(rows.contains { $0.contains("hello from the host") })
    }

    @Test func aProjectFolderIsRefusedWithWhatToDo() async throws {
        let project = BuiltBinaries.packageRoot.appendingPathComponent("Examples/greeting").path
        let result = try await BuiltBinaries.run("embed-example", [project])
        #expect(result.status == 1)
        #expect(result.stderr.contains("is a project folder (app.json, pages/*.swift); this host runs bundles only"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func aBadSizeIsAClearError() async throws {
        let result = try await BuiltBinaries.run("embed-example", [Self.bundle, "--size", "80by24"])
        #expect(result.status == 1)
        #expect(result.stderr == "embed-example: error: --size must look like 80x24 (1-1000 each)\n")
    }
}
