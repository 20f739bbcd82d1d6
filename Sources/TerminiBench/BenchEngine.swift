import TerminiRuntime
import TerminiTerminal

/// The engine a pty bench drives: ncurses on the bench's pty (no mouse, the bench sends keys only) and an engine
/// with the limits a long measured run needs (no storage, a 10 s script limit, no memory limit, no stall reports
/// under 30 s), started at its first page.
enum BenchEngine {
    static func start(_ bundle: LoadedBundle, on pty: BenchPseudoTerminal) throws -> (NcursesBackend, MiniAppEngine) {
        let backend: NcursesBackend
        do {
            backend = try NcursesBackend(input: pty.slave, output: pty.slave, term: "xterm-256color", mouse: false)
        } catch {
            throw BenchError("cannot start ncurses on the bench pty: \(error)")
        }
        var options = EngineOptions()
        options.storeDirectory = nil
        options.scriptLimit = .seconds(10)
        options.scriptMemoryLimit = nil
        options.stallThreshold = .seconds(30)
        let engine = try MiniAppEngine(bundle: bundle, backend: backend, options: options)
        engine.start()
        return (backend, engine)
    }
}
