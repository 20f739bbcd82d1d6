import TemplateCompiler

/// Every handler a page's template or key bindings name (`onTap: "open"`, `Key("d", "archive")`) is a method of
/// that page's object.
struct PageHandlersRule: CheckRule {
    func findings(in project: CheckedProject) -> [CheckFinding] {
        guard project.scriptRan else { return [] }
        var findings: [CheckFinding] = []
        for name in project.manifest.pages.sorted() {
            guard let template = project.templates[name], let page = project.registered.pages[name] else { continue }
            for use in ProjectChecker.handlerUses(in: template) where !page.methods.contains(use.handler) {
                findings.append(CheckFinding(.error, use.location ?? template.source,
                                             "page '\(name)' has no method '\(use.handler)' for \(use.what)"
                                             + NameSuggestion.hint(for: use.handler, among: Array(page.methods))))
            }
        }
        return findings
    }
}
