/// Every page app.json lists is declared by a file in pages/ (`Page("name") { … }`).
struct PagesDeclaredRule: CheckRule {
    func findings(in project: CheckedProject) -> [CheckFinding] {
        guard project.pagesCompiled else { return [] }
        return project.manifest.pages.filter { project.templates[$0] == nil }.map { name in
            CheckFinding(.error, ProjectChecker.position(ofQuoted: name, after: "\"pages\"", in: project.appText, file: project.appPath),
                         "page '\(name)' is listed in app.json but no file in pages/ declares Page(\"\(name)\")")
        }
    }
}
