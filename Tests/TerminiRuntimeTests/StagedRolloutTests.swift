import Foundation
import TestSupport
import Testing
@testable import TerminiRuntime

/// Staged rollouts and channels in the index and the publisher (issue 32): the install-id hash reaches the
/// percentage asked for, each install gets a stable answer, and bad percentages, channels and promotions are clear
/// errors that change nothing.
@Suite struct StagedRolloutTests {
    /// 1,000 install ids shaped as real ones (32 hex digits), drawn from a seeded generator: the same ids on every
    /// run, so the ±3 % bound tests the hash, not the luck of the draw (random ids missed it about one run in seven).
    static let simulatedInstalls: [String] = {
        var state: UInt64 = 0x5EED_2026_1127
        func next() -> UInt64 {
            // SplitMix64.
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        return (0..<1000).map { _ in String(format: "%016llx%016llx", next(), next()) }
    }()

    @Test(arguments: [1, 10, 25, 50, 75, 90])
    func rolloutOver1000SimulatedInstallsLandsWithin3PercentOfTheTarget(percent: Int) {
        let taken = Self.simulatedInstalls.filter { StagedRollout.includes(percent, installId: $0, id: "todo", version: "1.3.0") }.count
        // ±3 % of 1,000 installs is ±30.
        #expect(abs(taken - percent * 10) <= 30, "\(taken) of 1000 installs took a \(percent) % rollout")
    }

    @Test func eachInstallGetsAStableAnswerAndRaisingThePercentageOnlyAddsInstalls() {
        for install in Self.simulatedInstalls.prefix(200) {
            let position = StagedRollout.position(installId: install, id: "todo", version: "1.3.0")
            #expect(position >= 0 && position < 100)
            #expect(StagedRollout.position(installId: install, id: "todo", version: "1.3.0") == position, "the same answer every time")
            var taken = false
            for percent in 0...100 {
                let now = StagedRollout.includes(percent, installId: install, id: "todo", version: "1.3.0")
                #expect(!taken || now, "an install that took \(percent - 1) % lost it at \(percent) %")
                taken = now
            }
            #expect(StagedRollout.includes(100, installId: install, id: "todo", version: "1.3.0"), "100 % reaches everyone")
            #expect(!StagedRollout.includes(0, installId: install, id: "todo", version: "1.3.0"), "0 % reaches no one")
        }
        // Another version is a fresh draw: the installs in the first 50 % of 1.3.0 are not those of 1.4.0.
        let first = Set(Self.simulatedInstalls.filter { StagedRollout.includes(50, installId: $0, id: "todo", version: "1.3.0") })
        let second = Set(Self.simulatedInstalls.filter { StagedRollout.includes(50, installId: $0, id: "todo", version: "1.4.0") })
        #expect(first != second)
    }

    @Test func aStoreKeepsOneInstallId() throws {
        let tmp = TemporaryFolder()
        let store = AppStore(root: tmp.sub("store"))
        let id = store.installId()
        #expect(id.count == 32 && id.allSatisfy(\.isHexDigit))
        #expect(AppStore(root: tmp.sub("store")).installId() == id)
        #expect(AppStore(root: tmp.sub("other")).installId() != id)
    }

    func index(_ release: String) -> Data {
        Data(#"{"format": "termini.registry-index/1", "updated": "", "apps": {"todo": {"versions": {"1.0.0": {"path": "apps/todo/1.0.0.zip", "sha256": "\#(String(repeating: "a", count: 64))", "size": 10, "engine": ">=0.1.0", "published": ""\#(release)}}}}}"#.utf8)
    }

    @Test func anIndexWithAnImpossibleRolloutOrChannelIsABadIndex() throws {
        let good = try RegistryIndex(data: index(#", "rollout": 10, "channel": "beta""#), location: "i")
        let release = try #require(good.apps["todo"]?.releases["1.0.0"])
        #expect(release.rollout == 10 && release.channel == "beta")
        #expect(release.isVisible(on: "beta") && !release.isVisible(on: "stable"))
        #expect(try RegistryIndex(data: good.data, location: "i") == good, "channel and rollout round-trip")
        for (field, message) in [(#", "rollout": 150"#, "rollout must be a whole percentage from 0 to 100, got 150"),
                                 (#", "rollout": -1"#, "rollout must be a whole percentage from 0 to 100, got -1"),
                                 (#", "rollout": 12.5"#, "rollout is not a whole number"),
                                 (#", "channel": "Beta!""#, "channel is not a channel name")] {
            do {
                _ = try RegistryIndex(data: index(field), location: "i")
                Issue.record("accepted \(field)")
            } catch {
                #expect(error.kind == .badIndex && error.message.contains("$.apps.todo.versions.1.0.0.\(message)"), "\(error)")
            }
        }
    }

    @Test func promotingOrRollingOutWhatIsNotPublishedIsAClearErrorThatChangesNothing() throws {
        let tmp = TemporaryFolder()
        let key = BundleSigningKey.generate()
        let project = try BundleFixtures.makeProject(in: tmp, name: "p", version: "1.0.0")
        _ = try BundleFixtures.pack(project, to: tmp.sub("a.zip"), key: key)
        let publisher = RegistryPublisher(folder: tmp.sub("reg"), key: key)
        _ = try publisher.publish(archive: tmp.sub("a.zip"), channel: "beta", rollout: 10)
        let before = try String(contentsOfFile: publisher.indexPath, encoding: .utf8)
        func refusal(_ body: () throws -> Void) -> String {
            do { try body() } catch { return "\(error)" }
            return "no error"
        }
        #expect(refusal { try publisher.promote(id: "demo", version: "9.9.9", from: "beta", to: "stable") }.contains("demo 9.9.9 is not published (published: 1.0.0)"))
        #expect(refusal { try publisher.promote(id: "nope", version: "1.0.0", from: "beta", to: "stable") }.contains("no app 'nope' is published"))
        #expect(refusal { try publisher.promote(id: "demo", version: "1.0.0", from: "alpha", to: "stable") }.contains("demo 1.0.0 is on channel beta, not alpha"))
        #expect(refusal { try publisher.promote(id: "demo", version: "1.0.0", from: "beta", to: "Stable!") }.contains("not a channel name"))
        #expect(refusal { try publisher.setRollout(id: "demo", version: "1.0.0", percent: 150) }.contains("must be a whole percentage from 0 to 100, got 150"))
        #expect(refusal { try publisher.setRollout(id: "demo", version: "1.0.0", percent: -1) }.contains("got -1"))
        #expect(refusal { try publisher.setRollout(id: "demo", version: "2.0.0", percent: 50) }.contains("demo 2.0.0 is not published"))
        #expect(refusal { _ = try publisher.publish(archive: tmp.sub("a.zip"), channel: "stable") }.contains("already published on channel beta"))
        #expect(try String(contentsOfFile: publisher.indexPath, encoding: .utf8) == before, "nothing changed")

        #expect(try publisher.promote(id: "demo", version: "1.0.0", from: "beta", to: "stable"))
        #expect(try publisher.setRollout(id: "demo", version: "1.0.0", percent: 100))
        let release = try #require(try publisher.readIndex().apps["demo"]?.releases["1.0.0"])
        #expect(release.channel == "stable" && release.rollout == 100)
        #expect(!(try publisher.promote(id: "demo", version: "1.0.0", from: "beta", to: "stable")), "already there: unchanged")
    }
}
