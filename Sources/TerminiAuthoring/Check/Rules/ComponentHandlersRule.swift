import TemplateCompiler

/// A component's declaration and its `Component('Name', …)` logic match: the handlers its body names are methods
/// of its logic, a declaration without logic is a pure template (a warning, since it may be meant), and logic
/// without a declaration is never used.
struct ComponentHandlersRule: CheckRule {
    func findings(in project: CheckedProject) -> [CheckFinding] {
        guard project.scriptRan else { return [] }
        let registered = project.registered.components
        var findings: [CheckFinding] = []
        for (name, component) in project.componentTemplates.sorted(by: { $0.key < $1.key }) {
            let methods = registered[name] ?? []
            let uses = ProjectChecker.handlerUses(in: component.body, keys: [])
            if registered[name] == nil && uses.isEmpty {
                findings.append(CheckFinding(.warning, component.source.isEmpty ? project.path
                                                : ProjectChecker.sourceLocation(component, project: project.path),
                                             "component '\(name)' has no Component('\(name)', …) in JavaScript; "
                                             + "it works as a pure template (no data of its own, no methods)"))
            }
            for use in uses where !methods.contains(use.handler) {
                let missing = registered[name] == nil
                    ? "component '\(name)' names the handler '\(use.handler)' (\(use.what)), but main.js never calls Component('\(name)', { methods: { … } })"
                    : "component '\(name)' has no method '\(use.handler)' for \(use.what)" + NameSuggestion.hint(for: use.handler, among: Array(methods))
                findings.append(CheckFinding(.error, use.location ?? component.source, missing))
            }
        }
        for name in registered.keys.sorted() where project.componentTemplates[name] == nil && project.pagesCompiled {
            findings.append(CheckFinding(.warning, project.scriptPath,
                                         "Component('\(name)') has no declaration: no components/*.swift declares `struct \(name): Component`"))
        }
        return findings
    }
}
