import Foundation
import TestSupport
import Testing
@testable import TerminiRuntime

@Suite struct SigningKeyTests {
    @Test func keygenWritesPrivateKeyWithMode0600AndRefusesToOverwrite() throws {
        let tmp = TemporaryFolder()
        let prefix = tmp.sub("dev")
        let key = BundleSigningKey.generate()
        try key.write(prefix: prefix)

        var st = stat()
        #expect(stat(prefix + ".key", &st) == 0)
        #expect(st.st_mode & 0o777 == 0o600)
        let keyText = try String(contentsOfFile: prefix + ".key", encoding: .utf8)
        let pubText = try String(contentsOfFile: prefix + ".pub", encoding: .utf8)
        #expect(keyText.hasPrefix("termini-ed25519-private-key/1\n"))
        #expect(pubText.hasPrefix("termini-ed25519-public-key/1\n"))

        let reloaded = try BundleSigningKey.load(path: prefix + ".key")
        #expect(reloaded.publicKey == (try BundlePublicKey.load(path: prefix + ".pub")))
        #expect(reloaded.publicKey == key.publicKey)

        let other = BundleSigningKey.generate()
        #expect(throws: BundleError.self) { try other.write(prefix: prefix) }
        do { try other.write(prefix: prefix) } catch { #expect(error.kind == .keyExists) }
        // The original key is untouched.
        #expect(try String(contentsOfFile: prefix + ".key", encoding: .utf8) == keyText)
    }

    @Test func malformedKeyFilesAreClearErrors() throws {
        let tmp = TemporaryFolder()
        try tmp.write("a.pub", "termini-ed25519-public-key/1\n!!!notbase64\n")
        try tmp.write("b.pub", "ssh-ed25519 AAAA\n")
        try tmp.write("c.pub", "termini-ed25519-public-key/1\nAAAA\n")
        for name in ["a.pub", "b.pub", "c.pub", "missing.pub"] {
            do {
                _ = try BundlePublicKey.load(path: tmp.sub(name))
                Issue.record("\(name) should not load")
            } catch {
                #expect(error.kind == .badKey)
                #expect(error.description.contains(name))
            }
        }
    }

    @Test func signatureVerifiesOnlyTheExactBytesAndOnlyTrustedKeys() throws {
        let key = BundleSigningKey.generate()
        let manifest = Data("{\"id\":\"a\"}\n".utf8)
        let sig = try BundleSignature.sign(manifestBytes: manifest, with: key)
        let parsed = try BundleSignature(fileBytes: Data(sig.fileText.utf8), location: "signature")
        try parsed.verify(manifestBytes: manifest, trusted: [key.publicKey], location: "x")

        var altered = manifest
        altered[2] = UInt8(ascii: "j")
        do { try parsed.verify(manifestBytes: altered, trusted: [key.publicKey], location: "x"); Issue.record("accepted") } catch {
            #expect(error.kind == .badSignature)
        }
        do { try parsed.verify(manifestBytes: manifest, trusted: [BundleSigningKey.generate().publicKey], location: "x"); Issue.record("accepted") } catch {
            #expect(error.kind == .untrustedKey)
            #expect(error.message.contains(key.publicKey.fingerprint))
        }
    }
}
