import Foundation

/// Writes files so readers (and hot reload) never see a half-written file: temp file in the same folder, then rename.
public enum AtomicFileWriter {
    public static func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url, options: .atomic)
    }
}
