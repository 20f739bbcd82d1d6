import ArgumentParser
import Foundation
import TemplateCompiler

/// `tplgen compile <file-or-dir>... --out <dir>`: page declarations to `pages/<page>.json`, all or nothing.
struct CompileCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compile",
        abstract: "Compile TerminiDSL page declarations to JSON templates.",
        discussion: """
            Writes <out>/pages/<page>.json for every Page. Errors print as file:line:col: error: <reason>; every \
            error is reported, and when there is any, no file is written and the exit status is 1. Files over \
            \(PageSourceLoader.maximumFileSize / 1024 / 1024) MB are rejected.
            """
    )

    @Argument(help: "Page declaration files, or folders searched recursively for .swift files.")
    var inputs: [String]

    @Option(name: .long, help: "The output folder; pages go to <out>/pages/.")
    var out: String

    func run() throws {
        let result = try CompileJob.run(inputs: inputs, outDirectory: URL(fileURLWithPath: out), compiler: try PageCompiler())
        let diagnostics = result.diagnostics
        if !diagnostics.isEmpty {
            var stderr = StandardError()
            for d in diagnostics { print(d, to: &stderr) }
            print("tplgen: \(diagnostics.count) error\(diagnostics.count == 1 ? "" : "s"); nothing written", to: &stderr)
            throw ExitCode(1)
        }
        print("tplgen: \(result.pages.count) page\(result.pages.count == 1 ? "" : "s") -> \(out)/pages")
    }
}

/// Diagnostics go to standard error so scripts can capture the JSON summary separately.
struct StandardError: TextOutputStream {
    mutating func write(_ string: String) { FileHandle.standardError.write(Data(string.utf8)) }
}
