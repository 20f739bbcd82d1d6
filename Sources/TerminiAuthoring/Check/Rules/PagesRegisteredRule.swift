import TemplateCompiler

/// app.json's pages and the script's `Page('name', …)` calls are the same set: a page without logic cannot open,
/// and logic for an unlisted page never runs.
struct PagesRegisteredRule: CheckRule {
    func findings(in project: CheckedProject) -> [CheckFinding] {
        guard project.scriptRan, let script = project.script else { return [] }
        let registered = project.registered.pages
        var findings: [CheckFinding] = []
        for name in project.manifest.pages where registered[name] == nil {
            findings.append(CheckFinding(.error, ProjectChecker.position(ofQuoted: name, after: "\"pages\"", in: project.appText,
                                                                         file: project.appPath),
                                         "page '\(name)' is listed in app.json but main.js never calls Page('\(name)', …)"
                                         + NameSuggestion.hint(for: name, among: Array(registered.keys))))
        }
        for name in registered.keys.sorted() where !project.manifest.pages.contains(name) {
            findings.append(CheckFinding(.error, ProjectChecker.pageCallPosition(name, in: script, file: project.scriptPath),
                                         "Page('\(name)') is not listed in app.json's pages"
                                         + NameSuggestion.hint(for: name, among: project.manifest.pages)))
        }
        return findings
    }
}
