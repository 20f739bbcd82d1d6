// services-bench: latency of the native services through the real CommandRouter.
// Prints `storage_set_get_1kb_p50_ms <value>`: one setStorage plus one getStorage of a 1 KB value, p50 of 1,000.
import Foundation
import TerminiBridge
import TerminiTemplate

final class Completion: @unchecked Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    private(set) var outcome: CommandOutcome?
    func complete(_ o: CommandOutcome) { outcome = o; semaphore.signal() }
    func wait() -> CommandOutcome? { semaphore.wait(); return outcome }
}

func invoke(_ router: CommandRouter, _ name: String, _ params: JSONValue, _ context: CommandContext) -> CommandOutcome? {
    let completion = Completion()
    router.invoke(name, params: params, context: context) { completion.complete($0) }
    return completion.wait()
}

let directory = FileManager.default.temporaryDirectory.appendingPathComponent("services-bench-\(getpid())")
defer { try? FileManager.default.removeItem(at: directory) }
do {
    let store = StorageStore(directory: directory)
    let environment = CommandEnvironment(
        storage: store, requestDomains: { _ in [] },
        systemInfo: { _ in SystemInfo(terminalWidth: 80, terminalHeight: 24, colors: 256, engineVersion: "0", appVersion: "0") })
    let router = try CommandRouter(BuiltinCommands.registrations(environment: environment))
    let context = CommandContext(appId: "bench", pageId: 1, pageName: "index", permissions: [])
    let value = JSONValue.string(String(repeating: "a", count: 1024))
    let clock = ContinuousClock()
    var samples: [Double] = []
    for i in 0..<1_100 {
        let key = JSONValue.string("key\(i % 16)")
        let start = clock.now
        guard invoke(router, "setStorage", ["key": key, "data": value], context)?.ok == true,
              let got = invoke(router, "getStorage", ["key": key], context), got.envelope["data"] == value
        else {
            FileHandle.standardError.write(Data("services-bench: storage round trip failed\n".utf8))
            exit(1)
        }
        let elapsed = clock.now - start
        if i >= 100 {  // the first 100 warm up the page cache and the statement cache
            samples.append(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000)
        }
    }
    samples.sort()
    print(String(format: "storage_set_get_1kb_p50_ms %.4f", samples[samples.count / 2]))
    print(String(format: "storage_set_get_1kb_p99_ms %.4f", samples[samples.count * 99 / 100]))
} catch {
    FileHandle.standardError.write(Data("services-bench: \(error)\n".utf8))
    exit(1)
}
