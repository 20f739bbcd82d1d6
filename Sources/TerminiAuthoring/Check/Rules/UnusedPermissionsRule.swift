/// Every permission app.json asks for is needed by a command the scripts invoke (or by `preload`, which makes
/// requests): a user is asked to trust only what the app uses.
struct UnusedPermissionsRule: CheckRule {
    func findings(in project: CheckedProject) -> [CheckFinding] {
        guard project.script != nil else { return [] }
        let byName = project.commandsByName
        var needed: Set<String> = []
        if !project.manifest.preload.isEmpty, let permission = byName["request"]?.permission { needed.insert(permission) }
        for invoke in project.scan.invokes { if let permission = byName[invoke.name]?.permission { needed.insert(permission) } }
        return project.manifest.permissions.filter { !needed.contains($0) }.map { permission in
            let users = project.commands.filter { $0.permission == permission }.map(\.name)
            let reason = users.isEmpty ? "no command needs it" : "main.js never invokes \(users.joined(separator: ", "))"
            return CheckFinding(.warning, ProjectChecker.position(ofQuoted: permission, after: "\"permissions\"",
                                                                  in: project.appText, file: project.appPath),
                                "permission '\(permission)' is not needed: \(reason)")
        }
    }
}
