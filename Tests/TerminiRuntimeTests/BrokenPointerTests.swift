import Foundation
import TestSupport
import Testing
@testable import TerminiRuntime

/// An app whose `current` file does not read is listed apart from the others, with its cause, and installing it
/// again repairs it (issue 27, item 15).
@Suite struct BrokenPointerTests {
    enum Damage: String, CaseIterable { case notJSON, notAPointer, folder, empty }

    static func damage(_ path: String, _ damage: Damage) throws {
        try FileManager.default.removeItem(atPath: path)
        switch damage {
        case .notJSON: try Data([0x7B, 0xFF, 0x00]).write(to: URL(fileURLWithPath: path))
        case .notAPointer: try Data(#"{"format": "termini.app-pointer/1", "current": 7}"#.utf8).write(to: URL(fileURLWithPath: path))
        case .folder: try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        case .empty: try Data().write(to: URL(fileURLWithPath: path))
        }
    }

    @Test(arguments: Damage.allCases) func aBrokenPointerIsListedApartAndInstallingAgainRepairsIt(damage: Damage) throws {
        let h = try RejectionHarness()
        let pointer = h.store.appFolder("demo") + "/current"
        try Self.damage(pointer, damage)

        let listing = h.store.listing()
        #expect(listing.apps.isEmpty)
        let broken = try #require(listing.broken.first)
        #expect(listing.broken.count == 1)
        #expect(broken.id == "demo" && broken.pointerPath == pointer)
        #expect(!broken.problem.isEmpty)
        #expect(broken.repair.contains("termini install") && broken.repair.contains(h.store.appFolder("demo")))
        #expect(h.store.list().isEmpty)

        try BundleFixtures.signedArchive(h.tmp.sub("again.zip"), key: h.key, version: "2.0.0")
        let installed = try h.installer().install(archivePath: h.tmp.sub("again.zip"))
        #expect(installed.version == "2.0.0")
        #expect(h.store.listing() == AppListing(apps: [InstalledApp(id: "demo", pointer: AppPointer(current: "2.0.0", signer: h.key.publicKey))]),
                "the new pointer is pinned to the key that signed the repairing install")
    }
}
