import ArgumentParser
import Foundation
import TerminiAuthoring
import TerminiLaunch
import TerminiRuntime

/// `termini types [--out FILE] [--check FILE]`: prints or writes `termini.d.ts`, the editor types for main.js.
struct TypesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "types",
        abstract: "Print termini.d.ts, the TypeScript declarations of the JavaScript API and every command.",
        discussion: """
            The command overloads of `bridge.invoke` come from the engine's own command registry. A project made by \
            `termini new` has a copy; refresh it after upgrading the engine:

              termini types --out myapp/termini.d.ts
            """)

    @Option(help: ArgumentHelp("Write the declarations to this file instead of standard output.", valueName: "file"))
    var out: String?

    @Option(help: ArgumentHelp("Only compare with this file; exit 1 when it differs (stale).", valueName: "file"))
    var check: String?

    @Flag(help: .hidden)
    var galleryHost = false

    /// The engine repository's own use (Scripts/gen-types): rewrite the generated sections of its docs.
    @Option(help: .hidden)
    var docs: String?

    func run() throws {
        if let docs {
            for section in GeneratedDocSection.all(commands: try Self.builtInCommands()) { try Self.write(section, into: docs) }
            return
        }
        let text = galleryHost
            ? ScriptTypeDeclarations.emitHostCommands(GalleryHost.hostCommandSignatures, host: "gallery")
            : try Self.declarations()
        if let check {
            guard (try? String(contentsOfFile: check, encoding: .utf8)) == text else {
                throw CLIError("\(check) is stale: run Scripts/gen-types (or termini types --out \(check))")
            }
            print("\(check) is current")
            return
        }
        guard let out else { print(text, terminator: ""); return }
        if (try? String(contentsOfFile: out, encoding: .utf8)) != text {
            do { try text.write(toFile: out, atomically: true, encoding: .utf8) } catch {
                throw CLIError("\(out): cannot write: \(error.localizedDescription)")
            }
        }
        print("wrote \(out)")
    }

    private static func write(_ section: GeneratedDocSection, into folder: String) throws {
        let path = folder + "/" + section.document
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { throw CLIError("\(path): cannot read") }
        guard let updated = section.applied(to: text) else {
            throw CLIError("\(path): the markers of the generated section '\(section.name)' are missing")
        }
        if updated != text { try updated.write(toFile: path, atomically: true, encoding: .utf8) }
        print(updated == text ? "\(path) is current (\(section.name))" : "wrote \(path) (\(section.name))")
    }

    /// The built-in commands' signatures, from the engine's own registry.
    static func builtInCommands() throws -> [CommandSignature] {
        try MiniAppEngine.registeredCommands()
    }

    /// The declarations for the built-in commands.
    static func declarations() throws -> String {
        ScriptTypeDeclarations.emit(commands: try builtInCommands())
    }
}
