import Foundation
import Testing
@testable import TerminiRuntime

/// The parts of a registry client that decide what to trust before any byte is installed: the index's shape and
/// signature, and where redirects may go.
@Suite struct RegistryIndexTests {
    func indexJSON(path: String = "apps/todo/1.0.0.zip", sha: String = String(repeating: "a", count: 64), id: String = "todo") -> Data {
        Data(#"{"format": "termini.registry-index/1", "updated": "", "apps": {"\#(id)": {"minimum": "1.0.0", "versions": {"1.0.0": {"path": "\#(path)", "sha256": "\#(sha)", "size": 10, "engine": ">=0.1.0", "published": ""}}}}}"#.utf8)
    }

    @Test func anIndexRoundTripsThroughItsFileBytes() throws {
        let index = try RegistryIndex(data: indexJSON(), location: "index.json")
        #expect(index.apps["todo"]?.minimum == "1.0.0")
        #expect(try RegistryIndex(data: index.data, location: "again") == index)
    }

    @Test func pathsHashesAndIdsThatCouldEscapeAreRefused() {
        for (data, message) in [
            (indexJSON(path: "../../etc/passwd"), "path must be \"apps/todo/1.0.0.zip\""),
            (indexJSON(path: "https://evil.example/x.zip"), "path must be"),
            (indexJSON(sha: "XYZ"), "not a lowercase hex SHA-256"),
            (indexJSON(id: "../todo"), "not a valid app id"),
            (Data("[]".utf8), "$.format"),
        ] {
            let error = #expect(throws: RegistryError.self) { _ = try RegistryIndex(data: data, location: "index.json") }
            #expect(error?.kind == .badIndex)
            #expect(error?.message.contains(message) == true, "\(error?.message ?? "")")
        }
    }

    @Test func theSignatureMustComeFromATrustedKeyOverTheExactBytes() throws {
        let key = BundleSigningKey.generate(), other = BundleSigningKey.generate()
        let bytes = indexJSON()
        let signature = try RegistryIndexSignature.sign(bytes, with: key)
        try RegistryIndexSignature.verify(indexBytes: bytes, signatureBytes: signature, trusted: [key.publicKey], location: "r")
        let untrusted = #expect(throws: RegistryError.self) {
            try RegistryIndexSignature.verify(indexBytes: bytes, signatureBytes: signature, trusted: [other.publicKey], location: "r")
        }
        #expect(untrusted?.message.contains("not trusted with") == true)
        let altered = #expect(throws: RegistryError.self) {
            try RegistryIndexSignature.verify(indexBytes: bytes + Data(" ".utf8), signatureBytes: signature, trusted: [key.publicKey], location: "r")
        }
        #expect(altered?.message.contains("does not match index.json") == true)
        let missing = #expect(throws: RegistryError.self) {
            try RegistryIndexSignature.verify(indexBytes: bytes, signatureBytes: nil, trusted: [key.publicKey], location: "r")
        }
        #expect(missing?.kind == .badSignature)
    }

    @Test func redirectsStayOnTheHostAndNeverDowngrade() throws {
        let key = BundleSigningKey.generate().publicKey
        let https = try RegistrySource(name: "main", url: "https://apps.example.com/t", trust: [key], allowRedirectHosts: ["cdn.example.net"])
        #expect(https.url.absoluteString == "https://apps.example.com/t/")
        #expect(https.allowsRedirect(to: URL(string: "https://apps.example.com/other/index.json")!))
        #expect(https.allowsRedirect(to: URL(string: "https://cdn.example.net/t/index.json")!))
        #expect(!https.allowsRedirect(to: URL(string: "http://apps.example.com/t/index.json")!), "https to http")
        #expect(!https.allowsRedirect(to: URL(string: "https://evil.example.org/index.json")!))
        let http = try RegistrySource(name: "dev", url: "http://127.0.0.1:8000/", trust: [key])
        #expect(http.allowsRedirect(to: URL(string: "http://127.0.0.1:8000/moved/index.json")!))
        #expect(!http.allowsRedirect(to: URL(string: "http://localhost:8000/index.json")!))
        #expect(throws: RegistryError.self) { _ = try RegistrySource(name: "x", url: "file:///etc/", trust: [key]) }
        #expect(throws: RegistryError.self) { _ = try RegistrySource(name: "x", url: "https://a/", trust: []) }
    }

    @Test func aDownloadsDeadlineScalesWithItsDeclaredSize() {
        // --timeout plus the size at 32 KB/s: a 2 MB archive gets 10 + 64 s, an empty answer just the timeout.
        #expect(RegistryHTTP.deadline(timeout: 10, size: 2 << 20) == 74)
        #expect(RegistryHTTP.deadline(timeout: 10, size: 0) == 10)
        #expect(RegistryHTTP.deadline(timeout: 3, size: 64 << 10) == 5)
        #expect(RegistryHTTP.deadline(timeout: 10, size: -5) == 10, "a negative Content-Length adds nothing")
    }

    @Test func aWithdrawnVersionIsNeverTheNewestAndAMalformedFlagIsABadIndex() throws {
        let text = String(decoding: indexJSON(), as: UTF8.self)
        let withdrawn = text.replacingOccurrences(of: #""size": 10"#, with: #""size": 10, "withdrawn": true"#)
        let index = try RegistryIndex(data: Data(withdrawn.utf8), location: "i")
        let app = try #require(index.apps["todo"])
        #expect(app.releases["1.0.0"]?.withdrawn == true)
        #expect(app.newest(runnableBy: SemanticVersion("1.0.0")!) == nil)
        #expect(try RegistryIndex(data: index.data, location: "i") == index, "the flag round-trips")
        let bad = text.replacingOccurrences(of: #""size": 10"#, with: #""size": 10, "withdrawn": "yes""#)
        do {
            _ = try RegistryIndex(data: Data(bad.utf8), location: "i")
            Issue.record("a non-boolean withdrawn flag was accepted")
        } catch {
            #expect(error.kind == .badIndex && error.message.contains("$.apps.todo.versions.1.0.0.withdrawn is not true or false"), "\(error)")
        }
    }

    @Test func aReleasesFilesRoundTripAndAPathThatCouldEscapeIsABadIndex() throws {
        let text = String(decoding: indexJSON(), as: UTF8.self)
        let sha = String(repeating: "b", count: 64)
        func with(_ files: String) -> Data {
            Data(text.replacingOccurrences(of: #""size": 10"#, with: #""size": 10, "files": \#(files)"#).utf8)
        }
        let index = try RegistryIndex(data: with(#"{"main.js": {"sha256": "\#(sha)", "size": 812}, "assets/a.bin": {"sha256": "\#(sha)", "size": 0}}"#), location: "i")
        let files = try #require(index.apps["todo"]?.releases["1.0.0"]?.files)
        #expect(files == ["main.js": .init(sha256: sha, size: 812), "assets/a.bin": .init(sha256: sha, size: 0)])
        #expect(try RegistryIndex(data: index.data, location: "i") == index, "the list round-trips")
        #expect(try RegistryIndex(data: indexJSON(), location: "i").apps["todo"]?.releases["1.0.0"]?.files == nil,
                "a version published before file lists has none")
        for (files, message) in [
            (#"{"../x": {"sha256": "\#(sha)", "size": 1}}"#, #"files: "../x" is not a safe relative path"#),
            (#"{"/etc/passwd": {"sha256": "\#(sha)", "size": 1}}"#, "is not a safe relative path"),
            (#"{"main.js": {"sha256": "../../index.json", "size": 1}}"#, "files.main.js.sha256 is not a lowercase hex SHA-256"),
            (#"{"main.js": {"sha256": "\#(sha)", "size": -1}}"#, "files.main.js.size is not a whole number of bytes"),
            (#"[]"#, "$.apps.todo.versions.1.0.0.files is not an object"),
        ] {
            let error = #expect(throws: RegistryError.self) { _ = try RegistryIndex(data: with(files), location: "i") }
            #expect(error?.kind == .badIndex && error?.message.contains(message) == true, "\(error?.message ?? "")")
        }
    }
}
