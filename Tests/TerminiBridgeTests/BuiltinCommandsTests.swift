import Foundation
import Testing
import TerminiTemplate
@testable import TerminiBridge

@Suite struct BuiltinCommandsTests {
    @Test func tableListsEveryServiceCommand() throws {
        let h = try ServiceHarness()
        defer { h.remove() }
        #expect(h.router.commandNames == [
            "appendFile", "clearStorage", "closeSocket", "connectEventSource", "connectSocket", "downloadFile", "getStorage",
            "getStorageInfo", "getSystemInfo", "mkdir", "readFile", "readdir", "removeStorage", "rename", "request",
            "sendSocketMessage", "setStorage", "stat", "unlink", "writeFile",
        ])
        #expect(h.router.signatures == BuiltinCommands.definitions.signatures(), "the router holds the declared table")
        for name in ["appendFile", "mkdir", "readFile", "readdir", "rename", "stat", "unlink", "writeFile"] {
            #expect(h.router.signatures.first { $0.name == name }?.permission == "files", "\(name)")
        }
    }

    @Test func hostAddsItsOwnCommandsAndDuplicatesFailAtStartUp() async throws {
        let h = try ServiceHarness()
        defer { h.remove() }
        let environment = CommandEnvironment(storage: h.store, requestDomains: { _ in [] },
                                             systemInfo: { _ in ServiceHarness.systemInfo })
        let table = BuiltinCommands.registrations(environment: environment)
        let router = try CommandRouter(table + [EchoCommand.registration])
        let echo = await withCheckedContinuation { cont in
            router.invoke("echo", params: ["text": "hi"], context: ServiceHarness.context(permissions: ["echo"])) {
                cont.resume(returning: $0)
            }
        }
        #expect(echo.envelope == ["errMsg": "echo:ok", "text": "hi"])
        #expect(throws: DuplicateCommandError(name: "setStorage")) {
            try CommandRouter(table + [CommandRegistration(name: "setStorage") { _, _, reply in reply.succeed() }])
        }
    }

    @Test func unknownCommandFails() async throws {
        let h = try ServiceHarness()
        defer { h.remove() }
        let outcome = await h.call("setStorageSync", ["key": "k", "data": 1])
        #expect(outcome.code == .unknownCommand)
        #expect(outcome.message == "setStorageSync:fail unknown command 'setStorageSync'")
    }

    @Test func systemInfoComesFromTheHostProvider() async throws {
        let h = try ServiceHarness()
        defer { h.remove() }
        #expect(await h.call("getSystemInfo").envelope == [
            "errMsg": "getSystemInfo:ok", "terminalWidth": 120, "terminalHeight": 40, "colors": 256,
            "engineVersion": "0.1.0", "appVersion": "1.2.3", "platform": "linux",
        ])
    }

    @Test func storageNeedsNoPermissionAndRequestNeedsItsOwn() async throws {
        let h = try ServiceHarness()
        defer { h.remove() }
        let none = ServiceHarness.context(permissions: [])
        #expect(await h.call("setStorage", ["key": "k", "data": 1], context: none).envelope == ["errMsg": "setStorage:ok"])
        #expect(await h.call("getSystemInfo", [:], context: none).code == nil)
        let denied = await h.call("request", ["url": "http://127.0.0.1/"], context: none)
        #expect(denied.code == .permissionDenied)
        #expect(denied.message == "request:fail permission 'request' is not granted in the manifest")
    }

    @Test func closureCommandsAnswerNowOrLaterOnTheirThread() async throws {
        let kept = OutcomeBox()
        let held = ReplyBox()
        let router = try CommandRouter([
            CommandRegistration(name: "greet") { _, _, reply in reply.succeed(["text": "hi"]) },
            CommandRegistration(name: "later", thread: .ui) { _, _, reply in held.reply = reply },
            CommandRegistration(name: "strict", permission: "strict") { params, _, reply throws(CommandError) in
                reply.succeed(["n": .number(try params.optionalNumber("n") ?? 0)])
            },
        ])
        #expect(router.thread(of: "later") == .ui && router.thread(of: "greet") == .script)
        #expect(router.thread(of: "nope") == .script)
        router.invoke("greet", params: [:], context: ServiceHarness.context()) { kept.add($0) }
        router.invoke("later", params: [:], context: ServiceHarness.context()) { kept.add($0) }
        #expect(kept.all == [.success("greet", ["text": "hi"])])
        held.reply?.fail(CommandError(.busy, "busy: try again"))
        #expect(kept.all.last?.message == "later:fail busy: try again")
        router.invoke("strict", params: ["n": 1], context: ServiceHarness.context()) { kept.add($0) }
        #expect(kept.all.last?.code == .permissionDenied)
        router.invoke("strict", params: ["n": "x"], context: ServiceHarness.context(permissions: ["strict"])) { kept.add($0) }
        #expect(kept.all.last?.message == "strict:fail parameter 'n' must be a number, got string")
    }
}

/// Holds a reply that a test answers later, as a modal does.
final class ReplyBox: @unchecked Sendable {
    var reply: CommandReply?
}
