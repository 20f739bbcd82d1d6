import ArgumentParser
import Foundation
import TerminiAuthoring
import TerminiLaunch
import TerminiRuntime

/// `termini pack <project> --out app.zip [--key k.key]`: compiles, hashes, signs and zips a project.
struct PackCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pack",
        abstract: "Compile a mini-app project and pack it into a signed bundle archive.")

    @Argument(help: ArgumentHelp("Project folder with app.json, pages/*.swift, main.js and optional assets/.", valueName: "project"))
    var project: String

    @Option(name: .long, help: ArgumentHelp("The bundle archive to write.", valueName: "file.zip"))
    var out: String

    @Option(name: .long, help: ArgumentHelp("Private key from 'termini keygen'; without it the bundle installs only with --dev.", valueName: "prefix.key"))
    var key: String?

    @Flag(help: "Pack even when `termini check` finds errors.")
    var noCheck = false

    @Option(name: .customLong("host-command"),
            help: ArgumentHelp("A command the embedding host registers, for the check (repeatable).", valueName: "name"))
    var hostCommands: [String] = []

    func run() throws {
        if !noCheck {
            let findings = try CheckCommand.findings(project: project, hostCommands: hostCommands)
            let errors = findings.filter { $0.severity == .error }
            if !findings.isEmpty { writeToStandardError(ProjectChecker.report(findings, project: project)) }
            if !errors.isEmpty {
                throw CLIError("not packed: termini check found \(errors.count) error\(errors.count == 1 ? "" : "s") (--no-check packs anyway)")
            }
        }
        let signingKey = try key.map { path throws in try BundleSigningKey.load(path: path) }
        let reporter = PackProgressReporter()
        let result = try BundlePacker().pack(project: project, output: out, key: signingKey, progress: reporter.report)
        reporter.finish()
        let m = result.manifest
        let signed = result.signerFingerprint.map { "signed by \($0)" } ?? "UNSIGNED: installs only with --dev"
        print("packed \(m.id) \(m.version): \(m.files.count) files, \(result.archiveBytes) bytes -> \(out) (\(signed))")
    }
}

/// Progress on stderr for bundles of 1 MiB or more: a live counter on a terminal, a line per 10% otherwise.
final class PackProgressReporter {
    static let threshold: Int64 = 1 << 20
    let isTerminal = isatty(STDERR_FILENO) == 1
    var lastDecile = -1
    var lastPercent = -1
    var shown = false

    func report(_ p: PackProgress) {
        guard p.bytesTotal >= Self.threshold else { return }
        let percent = Int(p.bytesDone * 100 / max(p.bytesTotal, 1))
        if isTerminal {
            guard percent != lastPercent else { return }
            lastPercent = percent
            FileHandle.standardError.write(Data("\r\u{1b}[Kpacking \(percent)% (\(p.filesDone)/\(p.filesTotal) files)".utf8))
            shown = true
        } else if percent / 10 > lastDecile {
            lastDecile = percent / 10
            FileHandle.standardError.write(Data("packing \(lastDecile * 10)% (\(p.filesDone)/\(p.filesTotal) files)\n".utf8))
        }
    }

    func finish() {
        if shown { FileHandle.standardError.write(Data("\r\u{1b}[K".utf8)) }
    }
}
