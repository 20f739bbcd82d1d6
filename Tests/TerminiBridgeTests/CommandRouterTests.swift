import Foundation
import Testing
import TerminiClock
import TerminiTemplate
@testable import TerminiBridge

/// A host-defined command, declared through the public API exactly as an embedding host would.
enum EchoCommand {
    static let definition = CommandDefinition<Void>(name: "echo", permission: "echo", shape: .undescribed) { _, params, _ throws(CommandError) in
        let text = try params.requiredString("text")
        return { ["text": .string(text)] }
    }
    static var registration: CommandRegistration { definition.registration(with: ())! }
}

/// Sleeps, so a test can unload its page while it is in flight.
enum SlowCommand {
    static var registration: CommandRegistration {
        CommandDefinition<Void>(name: "slow", shape: .undescribed) { _, _, _ in
            {
                try? await Task.sleep(nanoseconds: 300_000_000)
                return [:]
            }
        }.registration(with: ())!
    }
}

final class OutcomeBox: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [CommandOutcome] = []
    func add(_ o: CommandOutcome) { lock.lock(); values.append(o); lock.unlock() }
    var all: [CommandOutcome] { lock.lock(); defer { lock.unlock() }; return values }
}

@Suite struct CommandRouterTests {
    let context = CommandContext(appId: "demo", pageId: 1, pageName: "index", permissions: ["echo"])

    func call(_ router: CommandRouter, _ name: String, _ params: JSONValue, context: CommandContext? = nil) async -> CommandOutcome {
        await withCheckedContinuation { cont in
            router.invoke(name, params: params, context: context ?? self.context) { cont.resume(returning: $0) }
        }
    }

    @Test func duplicateRegistrationFailsAtStartUp() {
        #expect(throws: DuplicateCommandError(name: "echo")) {
            try CommandRouter([EchoCommand.registration, EchoCommand.registration])
        }
    }

    @Test func hostCommandSucceedsWithOkEnvelope() async throws {
        let router = try CommandRouter([EchoCommand.registration])
        let outcome = await call(router, "echo", ["text": "hi"])
        #expect(outcome == CommandOutcome(ok: true, envelope: ["errMsg": "echo:ok", "text": "hi"]))
    }

    @Test func unknownCommandFailsWithCode() async throws {
        let router = try CommandRouter([])
        let outcome = await call(router, "nope", [:])
        #expect(!outcome.ok)
        #expect(outcome.envelope["errMsg"] == "nope:fail unknown command 'nope'")
        #expect(outcome.envelope["errCode"] == .number(Double(CommandErrorCode.unknownCommand.rawValue)))
    }

    @Test func missingPermissionIsRefusedBeforeParsing() async throws {
        let router = try CommandRouter([EchoCommand.registration])
        var ctx = context
        ctx.permissions = []
        let outcome = await call(router, "echo", ["text": "hi"], context: ctx)
        #expect(outcome.envelope["errMsg"] == "echo:fail permission 'echo' is not granted in the manifest")
        #expect(outcome.envelope["errCode"] == .number(2))
    }

    @Test func badParametersNameTheField() async throws {
        let router = try CommandRouter([EchoCommand.registration])
        #expect(await call(router, "echo", [:]).envelope["errMsg"] == "echo:fail missing required parameter 'text'")
        #expect(await call(router, "echo", ["text": 3]).envelope["errMsg"]
            == "echo:fail parameter 'text' must be a string, got number")
    }

    /// A host that blocks every thread of Swift's cooperative pool (one per core) while it waits for an answer
    /// still gets it: commands run on threads of their own. On the pool, the call waited for the blockers to give up.
    @Test func aCommandAnswersWhileTheHostBlocksEveryCooperativeThread() throws {
        let router = try CommandRouter([EchoCommand.registration])
        let done = Locked(false)
        // This test's own thread blocks below; the others block until the answer, at most 4 s. A blocker that gets
        // no thread before the answer (the pool busy with other tests) ends at once: nothing here waits for them.
        for _ in 1..<max(ProcessInfo.processInfo.activeProcessorCount, 2) {
            Task.detached {
                let until = Date().addingTimeInterval(4)
                while !done.value && Date() < until { usleep(5_000) }
            }
        }
        usleep(100_000)
        let answered = DispatchSemaphore(value: 0)
        let box = OutcomeBox()
        let started = Date()
        router.invoke("echo", params: ["text": "hi"], context: context) { box.add($0); answered.signal() }
        let result = answered.wait(timeout: .now() + 10)
        let waited = Date().timeIntervalSince(started)
        done.value = true
        #expect(result == .success)
        #expect(waited < 3, "the call waited \(waited) s for the pool")
        #expect(box.all.first?.envelope["text"] == "hi")
    }

    @Test func unloadCancelsInFlightCallsAndDropsCallbacks() async throws {
        let router = try CommandRouter([SlowCommand.registration])
        let box = OutcomeBox()
        router.invoke("slow", params: [:], context: context) { box.add($0) }
        #expect(router.inFlightCount == 1)
        router.cancelAll(pageId: 1)
        #expect(router.inFlightCount == 0)
        try await Task.sleep(nanoseconds: 500_000_000)
        #expect(box.all.isEmpty)
    }
}
