import TemplateCompiler
import TerminiTemplate

/// The `app.json` `keys` bindings that nothing can handle: at run time a binding calls the visible page's method,
/// or else the `App({...})` method of that name, and is left out of the footer where neither exists. A binding
/// that no page and not the App defines can never fire, so it is an error, reported at the binding's handler in
/// app.json (`keys[i].handler`), with the nearest method name as a suggestion.
struct AppKeyBindingRule: CheckRule {
    func findings(in project: CheckedProject) -> [CheckFinding] {
        guard project.scriptRan else { return [] }
        let registered = project.registered
        let appMethods = registered.appMethods ?? []
        let pageMethods = project.manifest.pages.compactMap { registered.pages[$0]?.methods }
        var findings: [CheckFinding] = []
        for (index, binding) in project.manifest.keys.enumerated() {
            if appMethods.contains(binding.handler) || pageMethods.contains(where: { $0.contains(binding.handler) }) { continue }
            let location = JSONValueLocation.position(of: [.member("keys"), .element(index), .member("handler")], in: project.appText)
                .map { $0.location(in: project.appPath) } ?? project.appPath
            let known = appMethods.union(pageMethods.reduce(into: Set<String>()) { $0.formUnion($1) })
            findings.append(CheckFinding(.error, location, "app.json's key '\(binding.key)' calls '\(binding.handler)', "
                                         + "which no page and no App({...}) method defines"
                                         + NameSuggestion.hint(for: binding.handler, among: Array(known))))
        }
        return findings
    }
}
