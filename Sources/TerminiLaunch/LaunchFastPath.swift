import ArgumentParser

/// Parses `termini run …` without building the whole command tree: parsing at the root reflects every subcommand's
/// arguments, and each of their property wrappers costs the Swift runtime a scan of every protocol conformance in
/// the binary, a large part of a cold start's time on the main thread (docs/PERFORMANCE.md, "Cold start"). Anything
/// this path cannot parse, `--help` and every error included, goes through the root as before (the launcher hands it
/// to `termini-tools`, whose root it is), so users see the same messages and usage.
public enum LaunchFastPath {
    /// `run`'s command, parsed and validated; nil for anything else, which the root parses.
    public static func command(_ arguments: ArraySlice<String>) -> RunCommand? {
        guard arguments.first == RunCommand.configuration.commandName,
              !arguments.contains(where: { $0 == "-h" || $0 == "--help" || $0 == "help" })
        else { return nil }
        return try? RunCommand.parse(Array(arguments.dropFirst()))
    }
}
