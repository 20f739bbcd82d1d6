import ArgumentParser
import Foundation
import TerminiAuthoring
import TerminiLaunch
import TerminiRuntime

/// `termini generate-samples`: rewrites the embedded samples source from Templates/ (run by Scripts/gen-samples).
struct GenerateSamplesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate-samples", abstract: "Regenerate the embedded sample apps from Templates/ (developers).",
        shouldDisplay: false)

    @Option(help: "The repository root (default: the nearest folder at or above the working directory with Package.swift and Templates/).")
    var root: String?

    @Flag(help: "Only check that the checked-in file is current; exit 1 when it is stale.")
    var check = false

    func run() throws {
        let root: String
        do { root = try self.root ?? EmbeddedSamplesEmitter.packageRoot(from: FileManager.default.currentDirectoryPath) } catch {
            throw CLIError("\(error)")
        }
        guard FileManager.default.fileExists(atPath: root + "/Templates") else {
            throw CLIError("\(root)/Templates: no such folder; --root must name the Termini repository")
        }
        let text = try EmbeddedSamplesEmitter.emit(templatesFolder: root + "/Templates")
        let path = root + "/" + EmbeddedSamplesEmitter.relativePath
        let current = try? String(contentsOfFile: path, encoding: .utf8)
        if check {
            guard current == text else { throw CLIError("\(path) is stale: run Scripts/gen-samples") }
            print("\(path) is current")
            return
        }
        if current != text { try text.write(toFile: path, atomically: true, encoding: .utf8) }
        print("wrote \(path)")
    }
}
