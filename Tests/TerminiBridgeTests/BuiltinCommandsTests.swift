import Foundation
import Testing
import TerminiTemplate
@testable import TerminiBridge

@Suite struct BuiltinCommandsTests {
    @Test func tableListsEveryServiceCommand() throws {
        let h = try ServiceHarness()
        defer { h.remove() }
        #expect(h.router.commandNames == [
            "clearStorage", "getStorage", "getStorageInfo", "getSystemInfo", "removeStorage", "request", "setStorage",
        ])
    }

    @Test func hostAddsItsOwnCommandsAndDuplicatesFailAtStartUp() async throws {
        let h = try ServiceHarness()
        defer { h.remove() }
        let environment = CommandEnvironment(storage: h.store, requestDomains: { _ in [] },
                                             systemInfo: { _ in ServiceHarness.systemInfo })
        let table = BuiltinCommands.registrations(environment: environment)
        let router = try CommandRouter(table + [CommandRegistration(EchoCommand.self)])
        let echo = await withCheckedContinuation { cont in
            router.invoke("echo", params: ["text": "hi"], context: ServiceHarness.context(permissions: ["echo"])) {
                cont.resume(returning: $0)
            }
        }
        #expect(echo.envelope == ["errMsg": "echo:ok", "text": "hi"])
        #expect(throws: DuplicateCommandError(name: "setStorage")) {
            try CommandRouter(table + [CommandRegistration(SetStorageCommand.self)])
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

    @Test func commandsRegisteredWithoutAnEnvironmentFailCleanly() async throws {
        let router = try CommandRouter([
            CommandRegistration(SetStorageCommand.self), CommandRegistration(GetSystemInfoCommand.self),
            CommandRegistration(RequestCommand.self),
        ])
        func call(_ name: String, _ params: JSONValue) async -> CommandOutcome {
            await withCheckedContinuation { cont in
                router.invoke(name, params: params, context: ServiceHarness.context()) { cont.resume(returning: $0) }
            }
        }
        #expect(await call("setStorage", ["key": "k", "data": 1]).code == .internal)
        #expect(await call("getSystemInfo", [:]).code == .internal)
        #expect(await call("request", ["url": "http://127.0.0.1/"]).code == .permissionDenied)
    }
}
