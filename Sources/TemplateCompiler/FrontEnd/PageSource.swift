import Foundation

/// One declaration file to compile: its path as given (used in `loc` and diagnostics) and its text.
public struct PageSource: Sendable {
    public var path: String
    public var text: String

    public init(path: String, text: String) {
        self.path = path
        self.text = text
    }
}

/// Reads declaration files and folders, rejecting what cannot be a page file before any parsing happens.
public enum PageSourceLoader {
    /// Page files larger than this are rejected: a declaration is a few kilobytes, and a multi-megabyte file is a
    /// generated or wrong file that would only slow every hot reload down.
    public static let maximumFileSize = 4 * 1024 * 1024

    /// Expands folders (recursively, `.swift` files in name order) and reads every file.
    public static func load(paths: [String]) -> (sources: [PageSource], diagnostics: [CompileDiagnostic]) {
        var sources: [PageSource] = []
        var diagnostics: [CompileDiagnostic] = []
        for path in paths {
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else {
                diagnostics.append(CompileDiagnostic(file: path, line: nil, column: nil, message: "no such file or folder"))
                continue
            }
            let files = isDir.boolValue ? swiftFiles(in: path) : [path]
            if isDir.boolValue && files.isEmpty {
                diagnostics.append(CompileDiagnostic(file: path, line: nil, column: nil,
                                                     message: "the folder holds no .swift page files"))
            }
            for file in files {
                switch read(file) {
                case .success(let source): sources.append(source)
                case .failure(let diagnostic): diagnostics.append(diagnostic)
                }
            }
        }
        return (sources, diagnostics)
    }

    /// The files `load(paths:)` reads, in the same order (missing paths stay as given).
    public static func expand(paths: [String]) -> [String] {
        paths.flatMap { path -> [String] in
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir), isDir.boolValue else { return [path] }
            return swiftFiles(in: path)
        }
    }

    static func swiftFiles(in folder: String) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return [] }
        var found: [String] = []
        while let relative = enumerator.nextObject() as? String {
            if relative.hasSuffix(".swift") { found.append(relative) }
        }
        let base = folder.hasSuffix("/") ? folder : folder + "/"
        return found.sorted().map { base + $0 }
    }

    /// Reads one file: size limit, then UTF-8 validity with the position of the first bad byte.
    public static func read(_ path: String) -> Result<PageSource, CompileDiagnostic> {
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        if size > maximumFileSize {
            return .failure(CompileDiagnostic(file: path, line: 1, column: 1, message:
                "the file is \(megabytes(size)) MB, over the \(megabytes(maximumFileSize)) MB limit for a page declaration file"))
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            return .failure(CompileDiagnostic(file: path, line: nil, column: nil, message: "cannot read the file"))
        }
        return decode([UInt8](data), path: path)
    }

    /// Decodes file bytes as UTF-8, or reports the line and column of the first invalid byte.
    public static func decode(_ bytes: [UInt8], path: String) -> Result<PageSource, CompileDiagnostic> {
        if let text = String(validating: bytes, as: UTF8.self) { return .success(PageSource(path: path, text: text)) }
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        var offset = 0
        var line = 1
        var lineStart = 0
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                offset += UTF8.width(scalar)
                if scalar == "\n" { line += 1; lineStart = offset }
            case .emptyInput: break loop
            case .error: break loop
            }
        }
        return .failure(CompileDiagnostic(file: path, line: line, column: offset - lineStart + 1, message:
            "the file is not valid UTF-8 (byte offset \(offset)); save it as UTF-8"))
    }

    static func megabytes(_ bytes: Int) -> String {
        let tenths = (bytes * 10 + 512 * 1024) / (1024 * 1024)
        return tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
    }
}
