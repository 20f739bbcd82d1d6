import Crypto
import Foundation
import Glibc
import TerminiBridge
import TerminiTemplate

/// `readAsset({path, encoding})` → `{data}`: a file the bundle ships under `assets/`, read only when its bytes still
/// have the SHA-256 the bundle's manifest lists for it, so an asset changed on disk after installation is refused
/// rather than handed to the app. A project folder run from source (`termini run <project>`) has no hashes yet: its
/// `assets/` are read as they are, as its scripts are. No permission is needed: the app reads only its own bundle.
struct ReadAssetCommand: Sendable {
    static let command = EngineCommand(name: "readAsset", shape: shape) { services, params, _ throws(CommandError) in
        var command = ReadAssetCommand(params: params, bundle: services.bundle)
        try command.checkAndParse()
        return { [command] () throws(CommandError) in try await command.run() }
    }

    static let shape = CommandShape(
        "Reads a file of the bundle's assets/ folder, checked against the bundle's hashes.",
        parameters: [CommandField("path", "string", "relative to assets/"),
                     .optional("encoding", "'utf8' | 'base64'", "default 'utf8'")],
        result: [CommandField("data", "string", "the text, or base64")])
    /// Largest asset one call reads: the answer crosses to the script as one string.
    static let maximumBytes = 64 * 1024 * 1024

    private let params: JSONValue
    private let bundleFolder: String
    /// The manifest's hashes; nil for a project folder, which has none.
    private let hashes: [String: String]?
    private var path: AppFilePath?
    private var encoding = AppFileEncoding.utf8

    init(params: JSONValue, bundle: LoadedBundle) {
        self.params = params
        bundleFolder = bundle.origin
        hashes = bundle.manifest.files[bundle.manifest.entry] == nil ? nil : bundle.manifest.files
    }

    mutating func checkAndParse() throws(CommandError) {
        path = try AppFilePath(params, "path")
        encoding = try AppFileEncoding(params)
    }

    func run() async throws(CommandError) -> [String: JSONValue] {
        guard let path else { throw CommandError(.internal, "readAsset ran before its parameters were read") }
        let relative = "assets/" + path.components.joined(separator: "/")
        let shown = "asset '\(path.components.joined(separator: "/"))'"
        var location = bundleFolder
        for part in ["assets"] + path.components {
            location += "/" + part
            var status = stat()
            guard lstat(location, &status) == 0 else {
                throw CommandError(.notFound, "\(shown): no such file in the bundle's assets/")
            }
            guard status.st_mode & S_IFMT != S_IFLNK else {
                throw CommandError(.invalidParameter, "\(shown) goes through a symbolic link: links are refused")
            }
        }
        var expected: String?
        if let hashes {
            guard let hash = hashes[relative] else {
                throw CommandError(.notFound, "\(shown) is not in the bundle's manifest: only packed assets can be read")
            }
            expected = hash
        }
        guard let handle = FileHandle(forReadingAtPath: location) else {
            throw CommandError(.notFound, "\(shown) cannot be read")
        }
        defer { try? handle.close() }
        let data = (try? handle.read(upToCount: Self.maximumBytes + 1)) ?? Data()
        guard data.count <= Self.maximumBytes else {
            throw CommandError(.limitReached, "\(shown) is over the \(Self.maximumBytes)-byte limit of one readAsset")
        }
        if let expected {
            let actual = SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
            guard actual == expected.lowercased() else {
                throw CommandError(.unavailable, "\(shown) does not match the bundle's hash (sha256 \(actual.prefix(12))…, "
                                   + "the manifest says \(expected.prefix(12))…): the file was changed after the bundle was "
                                   + "packed; reinstall the app")
            }
        }
        return ["data": .string(try encoding.text([UInt8](data), path: path))]
    }
}

/// `openURL`, for the hosts in the manifest's `requestDomains` and `openDomains`.
extension OpenURLCommand {
    static let command = EngineCommand(name: "openURL", shape: shape) { services, params, context throws(CommandError) in
        let manifest = services.bundle.manifest
        var command = OpenURLCommand(context: context, params: params, domains: manifest.requestDomains + manifest.openDomains)
        try command.checkAndParse()
        return { [command] () throws(CommandError) in try await command.run() }
    }
}
