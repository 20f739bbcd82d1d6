import TemplateCompiler
import TerminiTemplate

/// Every data path a page's template reads could hold a value: its root is in the page's initial data, or some
/// `setData`/`spliceData` with a literal key writes it. A warning, since a computed key may write it.
struct DataPathsRule: CheckRule {
    func findings(in project: CheckedProject) -> [CheckFinding] {
        guard project.scriptRan else { return [] }
        var findings: [CheckFinding] = []
        for name in project.manifest.pages.sorted() {
            guard let template = project.templates[name], let page = project.registered.pages[name] else { continue }
            var reported: Set<String> = []
            for dep in template.deps {
                let root = ScriptSourceScan.root(of: dep)
                guard !root.isEmpty, root != ScreenData.key, page.data[root] == nil, !project.scan.writtenRoots.contains(root), reported.insert(root).inserted
                else { continue }
                findings.append(CheckFinding(.warning, ProjectChecker.readLocation(of: root, in: template) ?? template.source,
                                             "page '\(name)' reads '\(dep)', but '\(root)' is not in its initial data and no "
                                             + "setData or spliceData with a literal key writes it"
                                             + NameSuggestion.hint(for: root, among: Array(page.data.keys))))
            }
        }
        return findings
    }
}
