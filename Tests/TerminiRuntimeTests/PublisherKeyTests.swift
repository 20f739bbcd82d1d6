import Foundation
import TestSupport
import Testing
@testable import TerminiRuntime

/// Each installed app is pinned to the key that signed its first install: an update signed by any other trusted key
/// is refused naming both key ids, unless a rotation signed by the pinned key allows it (issue 32).
@Suite struct PublisherKeyTests {
    struct Keys {
        let a = BundleSigningKey.generate()
        let b = BundleSigningKey.generate()
        let c = BundleSigningKey.generate()
        var trusted: [BundlePublicKey] { [a.publicKey, b.publicKey, c.publicKey] }
    }

    /// demo `version` packed and signed with `key` (nil: unsigned).
    func archive(_ tmp: TemporaryFolder, _ version: String, _ key: BundleSigningKey?, tag: String = "") throws -> String {
        let project = try BundleFixtures.makeProject(in: tmp, name: "p\(version)\(tag)", version: version)
        let path = tmp.sub("\(version)\(tag).zip")
        _ = try BundleFixtures.pack(project, to: path, key: key)
        return path
    }

    /// The install error `body` threw; nil (and a recorded issue for anything else) when it did not throw one.
    func refusal(_ body: () throws -> Void) -> BundleError? {
        do { try body() } catch let error as BundleError { return error } catch { Issue.record("\(error)") }
        return nil
    }

    @Test func anUpdateSignedByAnotherTrustedKeyIsRefusedNamingBothKeys() throws {
        let tmp = TemporaryFolder()
        let keys = Keys()
        let store = AppStore(root: tmp.sub("store"))
        let installer = BundleInstaller(store: store, options: InstallOptions(trustedKeys: keys.trusted))
        _ = try installer.install(archivePath: try archive(tmp, "1.0.0", keys.a))
        #expect(try store.pointer(for: "demo")?.signer == keys.a.publicKey, "pinned at the first install")

        let foreign = try archive(tmp, "1.1.0", keys.b)
        let error = try #require(refusal { _ = try installer.install(archivePath: foreign) })
        #expect(error.kind == .publisherMismatch)
        #expect(error.message.contains("pinned to publisher key \(keys.a.publicKey.fingerprint)"), "\(error)")
        #expect(error.message.contains("signed by key \(keys.b.publicKey.fingerprint)"), "\(error)")
        #expect(try store.resolve("demo").version == "1.0.0", "nothing changed")

        // An unchecked (--dev) bundle cannot replace it either.
        var dev = installer
        dev.options.skipSignatureCheck = true
        let unsigned = try #require(refusal { _ = try dev.install(archivePath: try archive(tmp, "1.1.0", nil, tag: "u")) })
        #expect(unsigned.kind == .publisherMismatch && unsigned.message.contains("--dev"), "\(unsigned)")

        // The same key is fine.
        _ = try installer.install(archivePath: try archive(tmp, "1.2.0", keys.a))
        #expect(try store.resolve("demo").version == "1.2.0")
    }

    @Test func aRotationSignedByThePinnedKeyHandsTheAppOver() throws {
        let tmp = TemporaryFolder()
        let keys = Keys()
        let store = AppStore(root: tmp.sub("store"))
        var installer = BundleInstaller(store: store, options: InstallOptions(trustedKeys: keys.trusted))
        _ = try installer.install(archivePath: try archive(tmp, "1.0.0", keys.a))

        // A rotation made by someone else (signed by b, claiming to leave a) does not count.
        let forged = KeyRotation(from: keys.a.publicKey, to: keys.b.publicKey,
                                 signature: try keys.b.signature(for: KeyRotation.statement(from: keys.a.publicKey, to: keys.b.publicKey)))
        #expect(!forged.isValid)
        installer.options.rotations = [forged]
        #expect(refusal { _ = try installer.install(archivePath: try archive(tmp, "1.1.0", keys.b)) }?.kind == .publisherMismatch)

        // A chain a -> b -> c, each signed by the key it leaves, reaches c; the app is pinned to c afterwards.
        installer.options.rotations = [try KeyRotation.sign(from: keys.b, to: keys.c.publicKey), try KeyRotation.sign(from: keys.a, to: keys.b.publicKey)]
        _ = try installer.install(archivePath: try archive(tmp, "1.1.0", keys.c, tag: "c"))
        #expect(try store.pointer(for: "demo")?.signer == keys.c.publicKey)
        // A rotation never runs backwards: a bundle by a is now refused.
        let back = try #require(refusal { _ = try installer.install(archivePath: try archive(tmp, "1.2.0", keys.a)) })
        #expect(back.message.contains("pinned to publisher key \(keys.c.publicKey.fingerprint)"), "\(back)")
    }

    @Test func anAppInstalledBeforePinningOrUnsignedIsPinnedByItsFirstSignedInstall() throws {
        let tmp = TemporaryFolder()
        let keys = Keys()
        let store = AppStore(root: tmp.sub("store"))
        let dev = BundleInstaller(store: store, options: InstallOptions(skipSignatureCheck: true))
        _ = try dev.install(archivePath: try archive(tmp, "1.0.0", nil))
        #expect(try store.pointer(for: "demo")?.signer == nil)
        let signed = BundleInstaller(store: store, options: InstallOptions(trustedKeys: keys.trusted))
        _ = try signed.install(archivePath: try archive(tmp, "1.1.0", keys.b))
        #expect(try store.pointer(for: "demo")?.signer == keys.b.publicKey)
        #expect(try store.rollback("demo").to == "1.0.0")
        #expect(try store.pointer(for: "demo")?.signer == keys.b.publicKey, "a rollback keeps the pin")
    }

    @Test func anIndexRotationNotSignedByItsOldKeyIsABadIndex() throws {
        let keys = Keys()
        let good = try KeyRotation.sign(from: keys.a, to: keys.b.publicKey)
        let index = RegistryIndex(rotations: [good])
        #expect(try RegistryIndex(data: index.data, location: "i").rotations == [good])
        var tampered = good
        tampered.to = keys.c.publicKey
        do {
            _ = try RegistryIndex(data: RegistryIndex(rotations: [tampered]).data, location: "i")
            Issue.record("a rotation to another key than the one signed was accepted")
        } catch {
            #expect(error.kind == .badIndex)
            #expect(error.message.contains("$.rotations[0]: the signature is not made by the key it rotates from (\(keys.a.publicKey.fingerprint))"), "\(error)")
        }
    }

    @Test func aDevArchiveRunWithAnInstalledIdGetsItsOwnStorage() throws {
        let tmp = TemporaryFolder()
        let store = AppStore(root: tmp.sub("store"))
        let zip = try archive(tmp, "1.0.0", nil)
        let notInstalled = try LaunchPreparer(store: store, archivePolicy: ArchiveRunPolicy(skipSignatureCheck: true)).prepare(zip)
        #expect(notInstalled.bundle.storageId == "demo", "no installed app to protect")
        _ = try BundleInstaller(store: store, options: InstallOptions(skipSignatureCheck: true)).install(archivePath: zip)
        let dev = try LaunchPreparer(store: store, archivePolicy: ArchiveRunPolicy(skipSignatureCheck: true)).prepare(zip)
        #expect(dev.bundle.storageId == "demo@dev")
        #expect(try LaunchPreparer(store: store).prepare("minigame://demo").bundle.storageId == "demo")
    }
}
