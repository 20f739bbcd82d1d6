import Foundation
import TemplateCompiler
import TerminiBridge
import TerminiRuntime
import TerminiScript
import TerminiTemplate

/// `termini check`: every problem in a project that can be found without running it, each with its location.
///
/// `CheckedProject` reads the project once: it compiles every page, runs main.js's top level in JavaScriptCore to
/// learn which pages and methods it registers (no hook runs and no command is answered), and reads the scripts as
/// text for `bridge.invoke` and `setData` calls. Then each rule compares what it needs: pages in app.json and in
/// the script, handlers against methods, app.json's bindings against the pages' and the App's methods, command
/// names against the registry, permissions both ways, and the data paths the templates read against what the
/// script's data could ever hold. The helpers below are shared by the rules.
public enum ProjectChecker {
    /// What `termini check` looks for, in the order it reports: each rule is one type in `Check/Rules/`, with its own
    /// tests. A new check is a new rule added here.
    static let rules: [any CheckRule] = [
        PagesDeclaredRule(), PagesRegisteredRule(), PageHandlersRule(), ComponentHandlersRule(), AppKeyBindingRule(),
        CommandsRule(), UnusedPermissionsRule(), DataPathsRule(),
    ]

    /// The findings for the project folder `project`, errors and warnings in file order. `commands` is the engine's
    /// registry (`MiniAppEngine.registeredCommands`).
    public static func check(project: String, commands: [CommandSignature]) -> [CheckFinding] {
        switch CheckedProject.load(project, commands: commands) {
        case .failure(let stop): return stop.findings
        case .success(let loaded): return loaded.findings + rules.flatMap { $0.findings(in: loaded) }
        }
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
