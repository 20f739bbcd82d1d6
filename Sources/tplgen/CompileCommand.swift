import ArgumentParser

/// `tplgen compile`: placeholder until the compiler lands in this branch.
struct CompileCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "compile", abstract: "Compile page declarations.")
    func run() throws { throw ExitCode(1) }
}
