import TemplateCompiler
import TerminiBridge

/// Every `bridge.invoke('name', …)` in the scripts names a registered command, and app.json grants the permission
/// it needs.
struct CommandsRule: CheckRule {
    func findings(in project: CheckedProject) -> [CheckFinding] {
        let byName = project.commandsByName
        var findings: [CheckFinding] = []
        for invoke in project.scan.invokes {
            let location = invoke.position.location(in: invoke.file)
            guard let command = byName[invoke.name] else {
                findings.append(CheckFinding(.error, location, "unknown command '\(invoke.name)'"
                                             + NameSuggestion.hint(for: invoke.name, among: Array(byName.keys))))
                continue
            }
            if let permission = command.permission, !project.manifest.permissions.contains(permission) {
                findings.append(CheckFinding(.error, location, "'\(invoke.name)' needs the permission '\(permission)', which "
                                             + "app.json's permissions do not list"))
            }
        }
        return findings
    }
}

extension CheckedProject {
    /// The registry by command name.
    var commandsByName: [String: CommandSignature] {
        Dictionary(commands.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }
}
