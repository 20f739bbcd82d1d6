import Foundation
import TemplateCompiler
import TerminiBridge
import TerminiRuntime
import TerminiScript
import TerminiTemplate

/// One thing `termini check` looks for. Each rule is a small type in `Check/Rules/` with its own tests; it reads the
/// project as `CheckedProject` has loaded it and never the folder itself.
protocol CheckRule: Sendable {
    /// The problems this rule finds, each at its `file:line:col`.
    func findings(in project: CheckedProject) -> [CheckFinding]
}

/// A project as `termini check` reads it once for all its rules: app.json, every page and component compiled, what
/// main.js's top level registered in JavaScriptCore (no hook runs and no command is answered), and the calls its
/// text makes. What could not be read is in `findings`; rules that need it then find nothing more.
struct CheckedProject {
    /// The project folder.
    var path: String
    var appPath: String
    /// app.json as written, for positions.
    var appText: String
    var manifest: BundleManifest
    var templates: [String: TemplateFile] = [:]
    var componentTemplates: [String: ComponentTemplate] = [:]
    /// Whether every page and component compiled, so a missing one is really missing.
    var pagesCompiled = false
    var scriptPath: String
    /// main.js's text; nil when it could not be read.
    var script: String?
    var moduleSources: [String: String] = [:]
    var registered = ScriptRegistrations()
    /// Whether main.js's top level ran without an error, so what it registered is all it registers.
    var scriptRan = false
    /// `bridge.invoke` and `setData` calls in main.js and its modules, read as text.
    var scan: ScriptSourceScan
    /// The engine's command registry.
    var commands: [CommandSignature]
    /// What reading the project found: compile errors, unreadable scripts, errors of main.js's top level.
    var findings: [CheckFinding] = []

    /// Why there is no project to check: the findings that say so.
    struct Stop: Error {
        var findings: [CheckFinding]
    }

    static func load(_ project: String, commands: [CommandSignature]) -> Result<CheckedProject, Stop> {
        let fm = FileManager.default
        var isDir: ObjCBool = false
        guard fm.fileExists(atPath: project, isDirectory: &isDir), isDir.boolValue else {
            return .failure(Stop(findings: [CheckFinding(.error, project, "no such folder")]))
        }
        let folder = ProjectFolder(project)
        let appPath = folder.appPath
        guard !folder.missingParts.contains("app.json") else {
            return .failure(Stop(findings: [CheckFinding(.error, project, "not a Termini project: \(folder.missingParts.joined(separator: ", ")) missing "
                                                          + "(a project has app.json, pages/*.swift and main.js; `termini new` makes one)")]))
        }
        let appText: String, manifest: BundleManifest
        do { (appText, manifest) = try folder.readManifest() } catch {
            return .failure(Stop(findings: [CheckFinding(.error, error.file, error.message)]))
        }
        let scriptPath = folder.file(manifest.entry)
        var loaded = CheckedProject(path: project, appPath: appPath, appText: appText, manifest: manifest,
                                    scriptPath: scriptPath, scan: ScriptSourceScan(source: "", file: scriptPath),
                                    commands: commands)
        loaded.compilePages(folder)
        loaded.readScripts()
        return .success(loaded)
    }

    /// Every diagnostic of every page and component file.
    private mutating func compilePages(_ folder: ProjectFolder) {
        let (sources, readErrors) = folder.readDeclarations()
        var diagnostics = readErrors
        if readErrors.isEmpty {
            do {
                let result = try PageCompiler().compile(sources)
                diagnostics += result.diagnostics
                for page in result.pages { templates[page.page] = page }
                for component in result.components { componentTemplates[component.name] = component }
            } catch {
                diagnostics.append(CompileDiagnostic(file: folder.pagesFolder, line: nil, column: nil, message: "\(error)"))
            }
        }
        findings += diagnostics.map { d in
            CheckFinding(.error, d.line.map { "\(d.file):\($0):\(d.column ?? 1)" } ?? d.file, d.message)
        }
        pagesCompiled = diagnostics.isEmpty
    }

    /// main.js and its modules: what the top level registers, and what the text calls.
    private mutating func readScripts() {
        let script: String
        do { script = try BundleLoader.readText(scriptPath) } catch {
            findings.append(CheckFinding(.error, error.file, "\(error.message) (the script app.json names as its entry)"))
            return
        }
        self.script = script
        for path in ScriptFiles.modules(inProject: self.path, entry: manifest.entry) {
            do { moduleSources[path] = try BundleLoader.readText((self.path as NSString).appendingPathComponent(path)) } catch {
                findings.append(CheckFinding(.error, error.file, error.message))
            }
        }
        let modules = ScriptModules(sources: moduleSources, entryPath: manifest.entry, fileNamePrefix: path,
                                    pageScripts: ScriptFiles.pageScripts(pages: manifest.pages, modules: moduleSources.keys),
                                    componentScripts: ScriptFiles.componentScripts(modules: moduleSources.keys))
        registered = ScriptRegistrations.read(script: script, fileName: scriptPath, modules: modules)
        for error in registered.errors {
            let location = [error.fileName ?? scriptPath, error.line.map(String.init), error.column.map(String.init)]
                .compactMap { $0 }.joined(separator: ":")
            findings.append(CheckFinding(.error, location, "\(error.kind == .syntax ? "syntax error" : "uncaught exception") "
                                         + "while main.js's top level ran: \(error.message)"))
        }
        scriptRan = registered.errors.isEmpty
        scan = ScriptSourceScan(source: script, file: scriptPath)
        for (path, source) in moduleSources.sorted(by: { $0.key < $1.key }) {
            scan.add(ScriptSourceScan(source: source, file: (self.path as NSString).appendingPathComponent(path)))
        }
    }
}
