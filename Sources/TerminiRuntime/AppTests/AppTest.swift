import TerminiTemplate

/// One `tests/*.test` file of a project, parsed (docs/TESTING.md): how the app starts, then events and assertions in
/// the order they run.
public struct AppTest: Sendable {
    /// The file's name without `.test`: what `--filter` matches and the report names.
    public var name: String
    /// The file's path as reports show it.
    public var file: String
    public var header: AppTestHeader
    public var steps: [AppTestStep]
}

/// One line of a test after its header: an event to play or an assertion to check, with where it was written.
public struct AppTestStep: Sendable {
    /// What a line does.
    public enum Action: Sendable {
        case event(EventStep)
        case expect(AppTestExpectation)
    }

    public var action: Action
    /// 1-based line number in the test file.
    public var line: Int
    /// The line as written, without leading blanks: a failure quotes it.
    public var source: String
}
