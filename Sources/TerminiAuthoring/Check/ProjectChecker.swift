import Foundation
import TemplateCompiler
import TerminiBridge
import TerminiRuntime
import TerminiScript
import TerminiTemplate

/// `termini check`: every problem in a project that can be found without running it, each with its location.
///
/// It compiles every page, runs main.js's top level in JavaScriptCore to learn which pages and methods it registers
/// (no hook runs and no command is answered), and reads main.js as text for `bridge.invoke` and `setData` calls.
/// Then it compares: pages in app.json and in the script, handlers named in templates and key bindings against
/// the page objects' methods (and app.json's bindings against the `App({...})` object's too), command names against the registry, permissions both ways, and the data paths the
/// templates read against what the script's data could ever hold.
public enum ProjectChecker {
    /// The findings for the project folder `project`, errors and warnings in file order. `commands` is the engine's
    /// registry (`MiniAppEngine.registeredCommands`).
    public static func check(project: String, commands: [CommandSignature]) -> [CheckFinding] {
        var findings: [CheckFinding] = []
        let fm = FileManager.default
        var isDir: ObjCBool = false
        guard fm.fileExists(atPath: project, isDirectory: &isDir), isDir.boolValue else {
            return [CheckFinding(.error, project, "no such folder")]
        }
        let appPath = (project as NSString).appendingPathComponent("app.json")
        let pagesPath = (project as NSString).appendingPathComponent("pages")
        guard fm.fileExists(atPath: appPath) else {
            var missing = ["app.json"]
            if !fm.fileExists(atPath: pagesPath) { missing.append("pages/") }
            if !fm.fileExists(atPath: (project as NSString).appendingPathComponent("main.js")) { missing.append("main.js") }
            return [CheckFinding(.error, project, "not a Termini project: \(missing.joined(separator: ", ")) missing "
                                 + "(a project has app.json, pages/*.swift and main.js; `termini new` makes one)")]
        }
        let appText: String
        do { appText = try BundleLoader.readText(appPath) } catch {
            return [CheckFinding(.error, error.file, error.message)]
        }
        let manifest: BundleManifest
        do { manifest = try BundleManifest(text: appText, file: appPath) } catch {
            return [CheckFinding(.error, error.file, error.message)]
        }

        // Pages: every diagnostic of every page file.
        var templates: [String: TemplateFile] = [:]
        var componentTemplates: [String: ComponentTemplate] = [:]
        let componentsPath = ProjectLoader.componentsFolder(ofProject: project)
        let (sources, readErrors) = PageSourceLoader.load(paths: [pagesPath] + (componentsPath.map { [$0] } ?? []))
        var diagnostics = readErrors
        if readErrors.isEmpty {
            do {
                let result = try PageCompiler().compile(sources)
                diagnostics += result.diagnostics
                for page in result.pages { templates[page.page] = page }
                for component in result.components { componentTemplates[component.name] = component }
            } catch {
                diagnostics.append(CompileDiagnostic(file: pagesPath, line: nil, column: nil, message: "\(error)"))
            }
        }
        findings += diagnostics.map { d in
            CheckFinding(.error, d.line.map { "\(d.file):\($0):\(d.column ?? 1)" } ?? d.file, d.message)
        }
        let pagesCompiled = diagnostics.isEmpty
        for name in manifest.pages where pagesCompiled && templates[name] == nil {
            findings.append(CheckFinding(.error, position(ofQuoted: name, after: "\"pages\"", in: appText, file: appPath),
                                         "page '\(name)' is listed in app.json but no file in pages/ declares Page(\"\(name)\")"))
        }

        // The script: what its top level registers, and what its text calls.
        let scriptPath = (project as NSString).appendingPathComponent(manifest.entry)
        let script: String
        do { script = try BundleLoader.readText(scriptPath) } catch {
            findings.append(CheckFinding(.error, error.file, "\(error.message) (the script app.json names as its entry)"))
            return findings
        }
        var moduleSources: [String: String] = [:]
        for path in ScriptFiles.modules(inProject: project, entry: manifest.entry) {
            do { moduleSources[path] = try BundleLoader.readText((project as NSString).appendingPathComponent(path)) } catch {
                findings.append(CheckFinding(.error, error.file, error.message))
            }
        }
        let modules = ScriptModules(sources: moduleSources, entryPath: manifest.entry, fileNamePrefix: project,
                                    pageScripts: ScriptFiles.pageScripts(pages: manifest.pages, modules: moduleSources.keys),
                                    componentScripts: ScriptFiles.componentScripts(modules: moduleSources.keys))
        let registered = ScriptRegistrations.read(script: script, fileName: scriptPath, modules: modules)
        for error in registered.errors {
            let location = [error.fileName ?? scriptPath, error.line.map(String.init), error.column.map(String.init)]
                .compactMap { $0 }.joined(separator: ":")
            findings.append(CheckFinding(.error, location, "\(error.kind == .syntax ? "syntax error" : "uncaught exception") "
                                         + "while main.js's top level ran: \(error.message)"))
        }
        let scriptRan = registered.errors.isEmpty
        if scriptRan {
            for name in manifest.pages where registered.pages[name] == nil {
                findings.append(CheckFinding(.error, position(ofQuoted: name, after: "\"pages\"", in: appText, file: appPath),
                                             "page '\(name)' is listed in app.json but main.js never calls Page('\(name)', …)"
                                             + NameSuggestion.hint(for: name, among: Array(registered.pages.keys))))
            }
            for name in registered.pages.keys.sorted() where !manifest.pages.contains(name) {
                findings.append(CheckFinding(.error, pageCallPosition(name, in: script, file: scriptPath),
                                             "Page('\(name)') is not listed in app.json's pages"
                                             + NameSuggestion.hint(for: name, among: manifest.pages)))
            }
        }

        // Handlers named in templates and key bindings.
        if scriptRan {
            for name in manifest.pages.sorted() {
                guard let template = templates[name], let page = registered.pages[name] else { continue }
                for use in handlerUses(in: template) where !page.methods.contains(use.handler) {
                    findings.append(CheckFinding(.error, use.location ?? template.source,
                                                 "page '\(name)' has no method '\(use.handler)' for \(use.what)"
                                                 + NameSuggestion.hint(for: use.handler, among: Array(page.methods))))
                }
            }
            for (name, component) in componentTemplates.sorted(by: { $0.key < $1.key }) {
                let methods = registered.components[name] ?? []
                if registered.components[name] == nil && handlerUses(in: component.body, keys: []).isEmpty {
                    findings.append(CheckFinding(.warning, component.source.isEmpty ? project : sourceLocation(component, project: project),
                                                 "component '\(name)' has no Component('\(name)', …) in JavaScript; "
                                                 + "it works as a pure template (no data of its own, no methods)"))
                }
                for use in handlerUses(in: component.body, keys: []) where !methods.contains(use.handler) {
                    let missing = registered.components[name] == nil
                        ? "component '\(name)' names the handler '\(use.handler)' (\(use.what)), but main.js never calls Component('\(name)', { methods: { … } })"
                        : "component '\(name)' has no method '\(use.handler)' for \(use.what)" + NameSuggestion.hint(for: use.handler, among: Array(methods))
                    findings.append(CheckFinding(.error, use.location ?? component.source, missing))
                }
            }
            for name in registered.components.keys.sorted() where componentTemplates[name] == nil && pagesCompiled {
                findings.append(CheckFinding(.warning, scriptPath, "Component('\(name)') has no declaration: no components/*.swift declares `struct \(name): Component`"))
            }
            findings += unhandledAppKeyBindings(manifest.keys, pages: manifest.pages, registered: registered,
                                                appText: appText, appPath: appPath)
        }

        // Commands and permissions, in every script.
        var scan = ScriptSourceScan(source: script, file: scriptPath)
        for (path, source) in moduleSources.sorted(by: { $0.key < $1.key }) {
            scan.add(ScriptSourceScan(source: source, file: (project as NSString).appendingPathComponent(path)))
        }
        let byName = Dictionary(commands.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var neededPermissions: Set<String> = []
        if !manifest.preload.isEmpty, let permission = byName["request"]?.permission { neededPermissions.insert(permission) }
        for invoke in scan.invokes {
            let location = invoke.position.location(in: invoke.file)
            guard let command = byName[invoke.name] else {
                findings.append(CheckFinding(.error, location, "unknown command '\(invoke.name)'"
                                             + NameSuggestion.hint(for: invoke.name, among: Array(byName.keys))))
                continue
            }
            guard let permission = command.permission else { continue }
            neededPermissions.insert(permission)
            if !manifest.permissions.contains(permission) {
                findings.append(CheckFinding(.error, location, "'\(invoke.name)' needs the permission '\(permission)', which "
                                             + "app.json's permissions do not list"))
            }
        }
        for permission in manifest.permissions where !neededPermissions.contains(permission) {
            let users = commands.filter { $0.permission == permission }.map(\.name)
            let reason = users.isEmpty ? "no command needs it" : "main.js never invokes \(users.joined(separator: ", "))"
            findings.append(CheckFinding(.warning, position(ofQuoted: permission, after: "\"permissions\"", in: appText, file: appPath),
                                         "permission '\(permission)' is not needed: \(reason)"))
        }

        // Data paths no data could hold.
        if scriptRan {
            for name in manifest.pages.sorted() {
                guard let template = templates[name], let page = registered.pages[name] else { continue }
                var reported: Set<String> = []
                for dep in template.deps {
                    let root = ScriptSourceScan.root(of: dep)
                    guard !root.isEmpty, page.data[root] == nil, !scan.writtenRoots.contains(root), reported.insert(root).inserted
                    else { continue }
                    findings.append(CheckFinding(.warning, readLocation(of: root, in: template) ?? template.source,
                                                 "page '\(name)' reads '\(dep)', but '\(root)' is not in its initial data and no "
                                                 + "setData or spliceData with a literal key writes it"
                                                 + NameSuggestion.hint(for: root, among: Array(page.data.keys))))
                }
            }
        }
        return findings
    }

    /// A handler name in a template: the `on…`/`catchTap` argument or key binding, and where it is written.
    struct HandlerUse {
        var handler: String
        var what: String
        var location: String?
    }

    /// Every handler a page's template names. Event arguments are the props named `on…` (`onTap`, `onChange`,
    /// `onReachBottom`, …) and `catchTap`, whose value is a method name.
    static func handlerUses(in template: TemplateFile) -> [HandlerUse] {
        handlerUses(in: [template.root], keys: template.keys, file: template.root.loc.map { String($0.split(separator: ":").first ?? "") } ?? template.source)
    }

    /// Handler names in `nodes` and in the key bindings `keys` written in `file`; a component use's events count too.
    static func handlerUses(in nodes: [TemplateNode], keys: [KeyBinding], file: String = "") -> [HandlerUse] {
        // Key bindings carry no loc: find the handler's string after `keys:` in the page's file.
        let text = keys.isEmpty ? "" : (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
        var uses = keys.map { binding in
            HandlerUse(handler: binding.handler, what: "the key '\(binding.key)'",
                       location: position(ofQuoted: binding.handler, after: "keys:", in: text, file: file))
        }
        func visit(_ node: TemplateNode) {
            for (key, value) in node.props.sorted(by: { $0.key < $1.key }) {
                let isEvent = key == "catchTap" || (key.hasPrefix("on") && key.dropFirst(2).first?.isUppercase == true)
                guard isEvent, case .string(let handler) = value, !handler.isEmpty else { continue }
                uses.append(HandlerUse(handler: handler, what: "\(node.cls)'s \(key)", location: node.loc))
            }
            if node.cls == ComponentTemplate.useClass, case .object(let events)? = node.props["events"] {
                let component = node.props["p1"]?.stringValue ?? "component"
                for (event, handler) in events.sorted(by: { $0.key < $1.key }) {
                    if let handler = handler.stringValue { uses.append(HandlerUse(handler: handler, what: "\(component)'s \(event) event", location: node.loc)) }
                }
            }
            node.children.forEach(visit)
            for (_, slot) in node.slots.sorted(by: { $0.key < $1.key }) { slot.forEach(visit) }
        }
        nodes.forEach(visit)
        return uses
    }

    /// The `loc` of the first node with a binding that mentions `root` as a name.
    static func readLocation(of root: String, in template: TemplateFile) -> String? {
        func mentions(_ value: JSONValue) -> Bool {
            switch value {
            case .string(let s):
                guard s.contains("{{") else { return false }
                var rest = Substring(s)
                while let range = rest.range(of: root) {
                    let before = range.lowerBound == rest.startIndex ? nil : rest[rest.index(before: range.lowerBound)]
                    let after = range.upperBound == rest.endIndex ? nil : rest[range.upperBound]
                    let isWord = { (c: Character?) in c.map { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" } ?? false }
                    if !isWord(before) && before != "." && !isWord(after) { return true }
                    rest = rest[range.upperBound...]
                }
                return false
            case .array(let a): return a.contains(where: mentions)
            case .object(let o): return o.values.contains(where: mentions)
            default: return false
            }
        }
        func find(_ node: TemplateNode) -> String? {
            if node.props.values.contains(where: mentions) { return node.loc }
            for child in node.children { if let loc = find(child) { return loc } }
            for (_, slot) in node.slots.sorted(by: { $0.key < $1.key }) { for n in slot { if let loc = find(n) { return loc } } }
            return nil
        }
        return find(template.root)
    }

    /// Where a component's `struct` is declared: its template's `source` is relative to the project's parent.
    static func sourceLocation(_ component: ComponentTemplate, project: String) -> String {
        let file = ((project as NSString).deletingLastPathComponent as NSString).appendingPathComponent(component.source)
        guard let text = try? String(contentsOfFile: file, encoding: .utf8),
              let range = text.range(of: "struct \(component.name)") else { return file }
        return SourcePosition(of: range.lowerBound, in: text).location(in: file)
    }

    /// Where `"name"` first appears after `anchor` in a JSON text, as `file:line:col`; just `file` when absent.
    static func position(ofQuoted name: String, after anchor: String, in text: String, file: String) -> String {
        let start = text.range(of: anchor)?.upperBound ?? text.startIndex
        guard let range = text.range(of: "\"\(name)\"", range: start..<text.endIndex) else { return file }
        return SourcePosition(of: range.lowerBound, in: text).location(in: file)
    }

    /// Where `Page('name'` is written in the script.
    static func pageCallPosition(_ name: String, in script: String, file: String) -> String {
        for quote in ["'", "\"", "`"] {
            if let range = script.range(of: "Page(\(quote)\(name)\(quote)") {
                return SourcePosition(of: range.lowerBound, in: script).location(in: file)
            }
        }
        return file
    }
}

extension ProjectChecker {
    /// The report as printed: the findings, then a count line.
    public static func report(_ findings: [CheckFinding], project: String) -> String {
        let errors = findings.filter { $0.severity == .error }.count
        let warnings = findings.count - errors
        var lines = findings.map(\.description)
        func count(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        lines.append(findings.isEmpty ? "\(project): no problems found"
                                      : "\(project): \(count(errors, "error")), \(count(warnings, "warning"))")
        return lines.joined(separator: "\n")
    }
}
