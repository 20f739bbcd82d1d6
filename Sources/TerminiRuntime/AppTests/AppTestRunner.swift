import Foundation
import TerminiBridge
import TerminiClock
import TerminiUI

/// Runs one test headless: starts the app as the test's header says (a fresh storage of its own, a fixed clock),
/// plays its events as `termini snapshot` does, settles before each `expect` and checks it. The first failed check
/// ends the test.
public struct AppTestRunner: Sendable {
    public var bundle: LoadedBundle
    /// The engine's limits; the runner sets the store, clock, request fixtures and console of each test itself.
    public var options: EngineOptions
    public var screens: GoldenScreens
    /// `--update`: write golden screens that are missing or differ instead of failing.
    public var update: Bool

    public init(bundle: LoadedBundle, options: EngineOptions = EngineOptions(), screens: GoldenScreens, update: Bool) {
        self.bundle = bundle
        self.options = options
        self.screens = screens
        self.update = update
    }

    public func run(_ test: AppTest) -> AppTestResult {
        let started = MonotonicClock.now()
        // Each test's storage starts empty (or from its seed) and is thrown away, so tests never see each other's.
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("termini-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        var result = run(test, storage: scratch)
        try? FileManager.default.removeItem(at: scratch)
        result.seconds = Double(MonotonicClock.now() &- started) / 1e9
        return result
    }

    private func run(_ test: AppTest, storage scratch: URL) -> AppTestResult {
        var result = AppTestResult(name: test.name, file: test.file)
        let console = Locked<[String]>([])
        var options = self.options
        options.storeDirectory = scratch.path
        options.fixedClockStart = test.header.clock
        options.console = { line in console.withLock { $0.append(line) } }
        func failure(line: Int, source: String = "", expected: String, actual: String, screen: CellBuffer? = nil,
                     golden: CellBuffer? = nil) -> AppTestFailure
        {
            let notes = console.withLock { $0 }.filter { $0.hasPrefix("[error]") || $0.hasPrefix("[warn]") || $0.hasPrefix("[stall]") }
            return AppTestFailure(file: test.file, line: line, source: source, expected: expected, actual: actual, screen: screen,
                                  golden: golden, console: notes)
        }
        do {
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
            if let (path, line) = test.header.requestFixtures {
                do { options.requestFixtures = try RequestFixtures.load(path: path) } catch {
                    result.failure = failure(line: line, expected: "request fixtures", actual: error.description)
                    return result
                }
            }
            if let (seed, line) = test.header.storage {
                do {
                    let values: JSONObject
                    switch seed {
                    case .file(let path): values = try StorageSeed.read(path: path)
                    case .inline(let inline): values = inline
                    }
                    try StorageSeed.write(values, app: bundle.storageId, into: scratch.path, source: "\(test.file):\(line)")
                } catch {
                    result.failure = failure(line: line, expected: "a storage seed", actual: error.description)
                    return result
                }
            }
        } catch {
            result.failure = failure(line: 1, expected: "a scratch storage folder", actual: error.localizedDescription)
            return result
        }
        if let page = test.header.page, !bundle.pages.keys.contains(page) {
            result.failure = failure(line: test.header.pageLine ?? 1, expected: "the page '\(page)'",
                                     actual: "app.json has no such page; its pages are \(bundle.manifest.pages.joined(separator: ", "))")
            return result
        }
        let session: SnapshotSession
        do {
            session = try SnapshotSession(bundle: bundle, width: test.header.width, height: test.header.height, options: options)
        } catch {
            result.failure = failure(line: 1, expected: "the app to start", actual: "\(error)")
            return result
        }
        session.start(page: test.header.page, query: test.header.query)
        defer { session.stop() }
        var context = AppTestCheckContext(screens: screens, update: update, scriptErrors: [])
        for step in test.steps {
            switch step.action {
            case .event(let event):
                if !session.isFinished { session.play(event) }
            case .expect(let expectation):
                session.settle()
                context.scriptErrors = console.withLock { $0 }.filter { $0.hasPrefix("[error]") }
                let mismatch = expectation.mismatch(in: session, context: &context)
                result.screensWritten = context.screensWritten
                if let mismatch {
                    result.failure = failure(line: step.line, source: step.source, expected: mismatch.expected, actual: mismatch.actual,
                                             screen: session.screen, golden: mismatch.golden)
                    return result
                }
            }
        }
        return result
    }
}

/// How one test went: passed when `failure` is nil.
public struct AppTestResult: Sendable {
    public var name: String
    public var file: String
    public var failure: AppTestFailure?
    /// Golden screens `--update` wrote.
    public var screensWritten: [String] = []
    /// Wall-clock seconds the test took, start-up included.
    public var seconds: Double = 0

    public var passed: Bool { failure == nil }
}
