import Foundation
import TerminiUI

/// The golden screens of a project: `tests/screens/<name>.screen` in the form `StyledScreenText` writes. `--update`
/// writes them; otherwise they are only read.
public struct GoldenScreens: Sendable {
    /// The folder that holds them, `<project>/tests/screens`, as reports show it.
    public var folder: String

    public init(folder: String) { self.folder = folder }

    public func path(_ name: String) -> String { (folder as NSString).appendingPathComponent(name + ".screen") }

    /// The golden screen's text; nil when there is no such file.
    public func text(_ name: String) -> String? { try? String(contentsOfFile: path(name), encoding: .utf8) }

    /// Writes `screen` as the golden screen `name`, making the folder when it is missing.
    public func write(_ screen: CellBuffer, as name: String) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data(StyledScreenText.encode(screen).utf8).write(to: URL(fileURLWithPath: path(name)), options: .atomic)
    }
}
