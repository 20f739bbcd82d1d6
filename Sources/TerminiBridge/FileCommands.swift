import Foundation
import Glibc
import TerminiTemplate

/// One file-system operation of WeChat's `FileSystemManager`, as a command needs it: its name and shape, how it
/// reads its parameters (paths through `AppFilePath`, contents through `AppFileEncoding`) and what it does in the
/// app's folder. Its `definition` gives every operation the same permission, the same folder and the same quota, so an
/// operation says only what is its own.
public protocol FileOperation: Sendable {
    static var name: String { get }
    static var shape: CommandShape { get }
    /// Reads and checks the parameters; a bad one throws `.invalidParameter` naming it.
    init(params: JSONValue) throws(CommandError)
    /// Does the work for `app` in `files`.
    func run(app: String, files: AppFiles) throws(CommandError) -> [String: JSONValue]
}

extension FileOperation {
    /// This operation's command: permission `files`, in the calling app's folder of `files`.
    static var definition: CommandDefinition<AppFiles> {
        CommandDefinition(name: name, permission: "files", shape: shape) { files, params, context throws(CommandError) in
            let operation = try Self(params: params)
            return { () throws(CommandError) in try operation.run(app: context.appId, files: files) }
        }
    }
}

/// The file commands, in the order the docs list them.
public enum FileCommands {
    static let operations: [any FileOperation.Type] = [
        ReadFileOperation.self, WriteFileOperation.self, AppendFileOperation.self, ReaddirOperation.self,
        StatOperation.self, MkdirOperation.self, UnlinkOperation.self, RenameOperation.self,
    ]

    /// One command per operation.
    static var definitions: [CommandDefinition<AppFiles>] { operations.map { $0.definition } }

    /// The file commands bound to `files`.
    public static func registrations(files: AppFiles) -> [CommandRegistration] {
        definitions.compactMap { $0.registration(with: files) }
    }

    static let encodingField = CommandField.optional("encoding", "'utf8' | 'base64'", "default 'utf8'")
}

/// `readFile({filePath, encoding})` → `{data}`: the file's contents as UTF-8 text, or base64.
public struct ReadFileOperation: FileOperation {
    public static let name = "readFile"
    public static let shape = CommandShape(
        "Reads a file of the app's folder.",
        parameters: [CommandField("filePath", "string", "relative to the app's folder"), FileCommands.encodingField],
        result: [CommandField("data", "string", "the text, or base64")])
    let path: AppFilePath, encoding: AppFileEncoding
    public init(params: JSONValue) throws(CommandError) {
        path = try AppFilePath(params, "filePath")
        encoding = try AppFileEncoding(params)
    }
    public func run(app: String, files: AppFiles) throws(CommandError) -> [String: JSONValue] {
        ["data": .string(try encoding.text(try files.read(path, app: app), path: path))]
    }
}

/// `writeFile({filePath, data, encoding})`: replaces the file whole, atomically, within the quota.
public struct WriteFileOperation: FileOperation {
    public static let name = "writeFile"
    public static let shape = CommandShape(
        "Writes a file of the app's folder whole (a temporary file renamed over it), within the app's quota.",
        parameters: [CommandField("filePath", "string", "relative to the app's folder; its folder must exist"),
                     CommandField("data", "string", "text, or base64 with encoding 'base64'"), FileCommands.encodingField])
    let path: AppFilePath, bytes: [UInt8]
    public init(params: JSONValue) throws(CommandError) {
        path = try AppFilePath(params, "filePath")
        bytes = try AppFileEncoding(params).bytes(params, "data")
    }
    public func run(app: String, files: AppFiles) throws(CommandError) -> [String: JSONValue] {
        try files.write(bytes, to: path, app: app, appending: false)
        return [:]
    }
}

/// `appendFile({filePath, data, encoding})`: adds to the end of the file (making it when missing).
public struct AppendFileOperation: FileOperation {
    public static let name = "appendFile"
    public static let shape = CommandShape(
        "Appends to a file of the app's folder, making it when missing, within the app's quota.",
        parameters: [CommandField("filePath", "string"), CommandField("data", "string", "text, or base64 with encoding 'base64'"),
                     FileCommands.encodingField])
    let path: AppFilePath, bytes: [UInt8]
    public init(params: JSONValue) throws(CommandError) {
        path = try AppFilePath(params, "filePath")
        bytes = try AppFileEncoding(params).bytes(params, "data")
    }
    public func run(app: String, files: AppFiles) throws(CommandError) -> [String: JSONValue] {
        try files.write(bytes, to: path, app: app, appending: true)
        return [:]
    }
}

/// `readdir({dirPath})` → `{files}`: the names in a folder, sorted; `''` or `'.'` is the app's folder.
public struct ReaddirOperation: FileOperation {
    public static let name = "readdir"
    public static let shape = CommandShape(
        "Lists the names in a folder of the app's folder ('' for the folder itself), sorted.",
        parameters: [CommandField("dirPath", "string")], result: [CommandField("files", "string[]")])
    let path: AppFilePath
    public init(params: JSONValue) throws(CommandError) { path = try AppFilePath(params, "dirPath", allowsFolderItself: true) }
    public func run(app: String, files: AppFiles) throws(CommandError) -> [String: JSONValue] {
        let location = try files.location(of: path, app: app)
        guard let directory = opendir(location) else { throw AppFiles.failure(errno, "cannot be listed", path: path) }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." && !(name.hasPrefix(".") && name.hasSuffix(".tmp")) { names.append(name) }
        }
        return ["files": .array(names.sorted().map { .string($0) })]
    }
}

/// `stat({path})` → `{size, isFile, isDirectory, lastModifiedTime}` (the time in ms since 1970).
public struct StatOperation: FileOperation {
    public static let name = "stat"
    public static let shape = CommandShape(
        "Describes a file or folder of the app's folder.",
        parameters: [CommandField("path", "string")],
        result: [CommandField("size", "number", "bytes"), CommandField("isFile", "boolean"), CommandField("isDirectory", "boolean"),
                 CommandField("lastModifiedTime", "number", "ms since 1970")])
    let path: AppFilePath
    public init(params: JSONValue) throws(CommandError) { path = try AppFilePath(params, "path", allowsFolderItself: true) }
    public func run(app: String, files: AppFiles) throws(CommandError) -> [String: JSONValue] {
        let location = try files.location(of: path, app: app)
        var status = Glibc.stat()
        guard lstat(location, &status) == 0 else { throw AppFiles.failure(errno, "cannot be read", path: path) }
        let kind = status.st_mode & S_IFMT
        let modified = Double(status.st_mtim.tv_sec) * 1000 + Double(status.st_mtim.tv_nsec / 1_000_000)
        return ["size": .number(Double(status.st_size)), "isFile": .bool(kind == S_IFREG), "isDirectory": .bool(kind == S_IFDIR),
                "lastModifiedTime": .number(modified)]
    }
}

/// `mkdir({dirPath, recursive})`: makes a folder (with its parents when `recursive`).
public struct MkdirOperation: FileOperation {
    public static let name = "mkdir"
    public static let shape = CommandShape(
        "Makes a folder in the app's folder.",
        parameters: [CommandField("dirPath", "string"), .optional("recursive", "boolean", "make missing parents too; default false")])
    let path: AppFilePath, recursive: Bool
    public init(params: JSONValue) throws(CommandError) {
        path = try AppFilePath(params, "dirPath")
        recursive = try params.optionalBool("recursive") ?? false
    }
    public func run(app: String, files: AppFiles) throws(CommandError) -> [String: JSONValue] {
        let location = try files.location(of: path, app: app)
        if recursive {
            var status = Glibc.stat()
            if lstat(location, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR { return [:] }
            let folder = try files.folder(app: app)
            var current = folder
            for part in path.components {
                current += "/" + part
                if mkdir(current, 0o700) != 0 && errno != EEXIST { throw AppFiles.failure(errno, "cannot be made", path: path) }
            }
            return [:]
        }
        guard mkdir(location, 0o700) == 0 else { throw AppFiles.failure(errno, "cannot be made", path: path) }
        return [:]
    }
}

/// `unlink({filePath})`: removes a file (not a folder).
public struct UnlinkOperation: FileOperation {
    public static let name = "unlink"
    public static let shape = CommandShape("Removes a file of the app's folder.", parameters: [CommandField("filePath", "string")])
    let path: AppFilePath
    public init(params: JSONValue) throws(CommandError) { path = try AppFilePath(params, "filePath") }
    public func run(app: String, files: AppFiles) throws(CommandError) -> [String: JSONValue] {
        let location = try files.location(of: path, app: app)
        guard unlink(location) == 0 else { throw AppFiles.failure(errno, "cannot be removed", path: path) }
        return [:]
    }
}

/// `rename({oldPath, newPath})`: moves a file or folder within the app's folder, replacing a file at `newPath`.
public struct RenameOperation: FileOperation {
    public static let name = "rename"
    public static let shape = CommandShape(
        "Moves a file or folder within the app's folder.",
        parameters: [CommandField("oldPath", "string"), CommandField("newPath", "string")])
    let old: AppFilePath, new: AppFilePath
    public init(params: JSONValue) throws(CommandError) {
        old = try AppFilePath(params, "oldPath")
        new = try AppFilePath(params, "newPath")
    }
    public func run(app: String, files: AppFiles) throws(CommandError) -> [String: JSONValue] {
        let from = try files.location(of: old, app: app), to = try files.location(of: new, app: app)
        guard Glibc.rename(from, to) == 0 else { throw AppFiles.failure(errno, "cannot be moved to \(AppFilePath.shown(new.text))", path: old) }
        return [:]
    }
}
