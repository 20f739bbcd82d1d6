import Foundation

/// A project's tests: every `tests/*.test` file and every `tests/*.trace` (a flight-recorder trace, replayed frame by
/// frame), in name order, those whose name contains the filter. Files are read and parsed one at a time, so a test
/// with a syntax error fails alone, at its `file:line:col`.
public struct AppTestSuite: Sendable {
    /// The `.test` and `.trace` files found, as paths under the project folder.
    public var files: [String]

    /// Finds the tests of `project`; `filter` keeps those whose name (the file name without `.test`) contains it.
    public init(project: String, filter: String? = nil) {
        let folder = Self.testsFolder(of: project)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        files = names.filter { name in Self.extensions.contains { name.hasSuffix($0) } }.sorted()
            .filter { name in filter.map { Self.name(ofFile: name).contains($0) } ?? true }
            .map { (folder as NSString).appendingPathComponent($0) }
    }

    /// `<project>/tests`, written as short as the project was (`tests` for `.`).
    public static func testsFolder(of project: String) -> String {
        let trimmed = project.hasSuffix("/") && project.count > 1 ? String(project.dropLast()) : project
        return trimmed == "." ? "tests" : trimmed + "/tests"
    }

    /// The golden screens of `project`: `<project>/tests/screens`.
    public static func screens(of project: String) -> GoldenScreens {
        GoldenScreens(folder: testsFolder(of: project) + "/screens")
    }

    /// What a test file's name ends with: an events test, or a trace.
    static let extensions = [".test", TraceTest.fileExtension]

    static func name(ofFile file: String) -> String {
        let base = (file as NSString).lastPathComponent
        guard let ext = extensions.first(where: { base.hasSuffix($0) }) else { return base }
        return String(base.dropLast(ext.count))
    }

    /// Runs every test with `runner`, handing each result to `report` as it ends.
    public func run(with runner: AppTestRunner, report: (AppTestResult) -> Void) -> (passed: Int, failed: Int) {
        var passed = 0, failed = 0
        for file in files {
            if file.hasSuffix(TraceTest.fileExtension) {
                let result = TraceTest(file: file, name: Self.name(ofFile: file)).run(bundle: runner.bundle)
                if result.passed { passed += 1 } else { failed += 1 }
                report(result)
                continue
            }
            let result: AppTestResult
            switch Self.load(file) {
            case .success(let test): result = runner.run(test)
            case .failure(let failure): result = AppTestResult(name: Self.name(ofFile: file), file: file, failure: failure)
            }
            if result.passed { passed += 1 } else { failed += 1 }
            report(result)
        }
        return (passed, failed)
    }

    /// The parsed test, or why it cannot be run: a file that is not text, or a syntax error at its `file:line:col`.
    static func load(_ file: String) -> Result<AppTest, AppTestFailure> {
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
            return .failure(AppTestFailure(file: file, line: 1, source: "", expected: "", actual: "error: cannot read the test file as UTF-8 text"))
        }
        do {
            return .success(try AppTestParser.parse(text, file: file, name: name(ofFile: file)))
        } catch {
            return .failure(AppTestFailure(file: file, line: error.line, column: error.column, source: "", expected: "",
                                           actual: "error: \(error.message)"))
        }
    }
}
