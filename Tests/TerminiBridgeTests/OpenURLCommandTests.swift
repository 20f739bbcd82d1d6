import Foundation
import Testing
import TerminiClock
import TerminiTemplate
@testable import TerminiBridge

/// `openURL` hands only declared http(s) hosts to the opener, and refuses everything else with the reason named.
@Suite struct OpenURLCommandTests {
    func open(_ url: JSONValue, domains: [String] = ["example.org", "https://secure.example.com"]) async -> (Result<Void, CommandError>, [String]) {
        let opened = Locked([String]())
        var command = OpenURLCommand(context: ServiceHarness.context(), params: ["url": url], domains: domains) { url in
            opened.withLock { $0.append(url) }
        }
        do throws(CommandError) {
            try command.checkAndParse()
            _ = try await command.run()
            return (.success(()), opened.withLock { $0 })
        } catch {
            return (.failure(error), opened.withLock { $0 })
        }
    }

    @Test func declaredHostsOpenAndOthersAreRefused() async {
        let (ok, opened) = await open("https://example.org/a?b=1")
        #expect((try? ok.get()) != nil && opened == ["https://example.org/a?b=1"])
        let cases: [(JSONValue, CommandErrorCode, String)] = [
            ("https://evil.example.org/", .permissionDenied, "host 'evil.example.org' is not in the manifest's requestDomains or openDomains"),
            ("http://secure.example.com/", .permissionDenied, "not in the manifest's requestDomains or openDomains"),
            ("file:///etc/passwd", .invalidParameter, "parameter 'url'"),
            ("javascript:alert(1)", .invalidParameter, "parameter 'url'"),
            ("https://example.org/\u{1B}]0;x\u{07}", .invalidParameter, "parameter 'url'"),
            (7, .invalidParameter, "parameter 'url' must be a string"),
        ]
        for (url, code, message) in cases {
            let (result, opened) = await open(url)
            guard case .failure(let error) = result else { Issue.record("\(url) was opened"); continue }
            #expect(error.code == code && error.reason.contains(message) && opened.isEmpty, "\(url): \(error.reason)")
        }
    }
}
