import Foundation

/// The executables installed side by side, git-style: the launcher `termini` runs apps in a small process and hands
/// every other command to `termini-tools`; `termini serve` starts its sessions in the launcher for the same reason.
public enum SiblingExecutable {
    /// The two file names, which `Package.swift`'s products and the install steps in README.md use too.
    public static let launcher = "termini"
    public static let tools = "termini-tools"

    /// This process's executable: `/proc/self/exe` names it even when it was started through a symlink.
    public static var own: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    /// `name` in the folder of this process's executable, whether or not it is there.
    public static func path(_ name: String) -> String {
        URL(fileURLWithPath: own).deletingLastPathComponent().appendingPathComponent(name).path
    }
}
