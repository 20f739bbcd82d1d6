import Foundation

/// A fresh folder under the system temp directory, removed when the value is released.
public final class TemporaryFolder: @unchecked Sendable {
    public let path: String

    public init() {
        let base = NSTemporaryDirectory().hasSuffix("/") ? String(NSTemporaryDirectory().dropLast()) : NSTemporaryDirectory()
        let template = base + "/termini-host-tests-XXXXXX"
        var bytes = Array(template.utf8CString)
        let created = bytes.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        path = created.map { String(cString: $0) } ?? template
    }

    public func sub(_ name: String) -> String { path + "/" + name }

    public func write(_ relative: String, _ text: String) throws {
        try write(relative, Data(text.utf8))
    }

    public func write(_ relative: String, _ data: Data) throws {
        let full = sub(relative)
        try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try data.write(to: URL(fileURLWithPath: full))
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}
