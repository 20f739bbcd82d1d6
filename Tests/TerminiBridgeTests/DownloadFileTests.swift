import Foundation
import Testing
import TestSupport
import TerminiTemplate
@testable import TerminiBridge

/// `downloadFile` against a real server on 127.0.0.1 started by each test: the body lands in the app's folder
/// through the file commands' own checks and quota, with progress events, and a failure writes nothing.
@Suite struct DownloadFileTests {
    static let both = ServiceHarness.context(permissions: ["request", "files"])

    private func read(_ h: ServiceHarness, _ path: String) async -> CommandOutcome {
        await h.call("readFile", ["filePath": .string(path)], context: Self.both)
    }

    @Test func theBodyIsWrittenIntoTheAppsFolderWithProgress() async throws {
        let server = try LoopbackHTTPServer()
        let h = try ServiceHarness()
        defer { h.remove(); server.stop() }
        #expect(await h.call("mkdir", ["dirPath": "cache"], context: Self.both).ok)
        let call = h.start("downloadFile", ["url": .string("http://127.0.0.1:\(server.port)/chunked?n=200&delay=2"),
                                            "filePath": "cache/lines.txt"], callId: 1, context: Self.both)
        try await waitUntil("the answer") { call.outcome != nil }
        #expect(call.outcome?.ok == true, "\(call.outcome?.envelope ?? .null)")
        #expect(call.outcome?.envelope["filePath"] == "cache/lines.txt")
        #expect(call.outcome?.envelope["statusCode"] == 200)
        let expected = (0..<200).map { "line \($0)\n" }.joined()
        #expect(await read(h, "cache/lines.txt").envelope["data"] == .string(expected))
        // Progress came during the transfer and once at the end, with the whole size.
        let progress = call.events("progressUpdate")
        #expect(progress.count >= 2, "\(progress)")
        #expect(progress.last?["totalBytesWritten"] == .number(Double(expected.utf8.count)))
        #expect(progress.last?["progress"] == 100)
        let written = progress.compactMap { $0["totalBytesWritten"]?.intValue }
        #expect(written == written.sorted(), "progress only grows")
    }

    @Test func aBodyOverTheQuotaIsRefusedAndTheOldFileKept() async throws {
        let server = try LoopbackHTTPServer()
        let h = try ServiceHarness(fileQuota: 1024 * 1024)
        defer { h.remove(); server.stop() }
        #expect(await h.call("writeFile", ["filePath": "big.bin", "data": "old"], context: Self.both).ok)
        // With a Content-Length (11 MB): refused at the headers.
        let announced = await h.call("downloadFile", ["url": .string("http://127.0.0.1:\(server.port)/big"), "filePath": "big.bin"],
                                     context: Self.both)
        #expect(announced.code == .quotaExceeded, "\(announced.envelope)")
        #expect(announced.message.hasPrefix("downloadFile:fail the download is 11534336 bytes; app 'demo' has "), "\(announced.message)")
        #expect(announced.message.hasSuffix("left of its quota, so 'big.bin' was not written"))
        // Without one: stopped as soon as it passes what is left.
        let streamed = await h.call("downloadFile", ["url": .string("http://127.0.0.1:\(server.port)/big-stream"), "filePath": "big.bin"],
                                    context: Self.both)
        #expect(streamed.code == .quotaExceeded, "\(streamed.envelope)")
        #expect(streamed.message.hasSuffix("what app 'demo' has left of its quota, so 'big.bin' was not written"), "\(streamed.message)")
        #expect(await read(h, "big.bin").envelope["data"] == "old")
    }

    @Test func abortStopsTheTransferAndWritesNothing() async throws {
        let server = try LoopbackHTTPServer()
        let h = try ServiceHarness()
        defer { h.remove(); server.stop() }
        let call = h.start("downloadFile", ["url": .string("http://127.0.0.1:\(server.port)/endless"), "filePath": "tail.txt"],
                           callId: 7, context: Self.both)
        try await waitUntil("some progress") { !call.events("progressUpdate").isEmpty }
        h.router.abort(callId: 7)
        try await waitUntil("the server saw the client hang up") { server.hangUps("/endless") == 1 }
        #expect(await read(h, "tail.txt").code == .notFound)
        #expect(call.outcome == nil)
    }

    @Test func badInputAndRefusalsAreClear() async throws {
        let server = try LoopbackHTTPServer()
        let h = try ServiceHarness()
        defer { h.remove(); server.stop() }
        let url = JSONValue.string("http://127.0.0.1:\(server.port)/json")
        let noFiles = await h.call("downloadFile", ["url": url, "filePath": "a.json"])
        #expect(noFiles.code == .permissionDenied)
        #expect(noFiles.message == "downloadFile:fail permission 'files' is not granted in the manifest: downloadFile writes into the app's folder")
        let noRequest = await h.call("downloadFile", ["url": url, "filePath": "a.json"], context: ServiceHarness.context(permissions: ["files"]))
        #expect(noRequest.code == .permissionDenied)
        let escape = await h.call("downloadFile", ["url": url, "filePath": "../a.json"], context: Self.both)
        #expect(escape.message == "downloadFile:fail parameter 'filePath' '../a.json' goes up with '..': paths stay inside the app's folder")
        let host = await h.call("downloadFile", ["url": "http://example.org/a", "filePath": "a"], context: Self.both)
        #expect(host.message == "downloadFile:fail host 'example.org' is not in the manifest's requestDomains")
        let missing = await h.call("downloadFile", ["url": .string("http://127.0.0.1:\(server.port)/nothere"), "filePath": "a.txt"],
                                   context: Self.both)
        #expect(missing.code == .network)
        #expect(missing.message == "downloadFile:fail the server answered HTTP 404; 'a.txt' was not written")
        #expect(await read(h, "a.txt").code == .notFound)
        let loop = await h.call("downloadFile", ["url": .string("http://127.0.0.1:\(server.port)/redirect-loop"), "filePath": "a.txt"],
                                context: Self.both)
        #expect(loop.message.hasPrefix("downloadFile:fail too many redirects (more than 10)"), "\(loop.message)")
        let ok = await h.call("downloadFile", ["url": url, "filePath": "a.json"], context: Self.both)
        #expect(ok.ok, "\(ok.envelope)")
        #expect(await read(h, "a.json").envelope["data"] == #"{"hello":"world","n":3}"#)
    }
}
