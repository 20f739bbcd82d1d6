import Crypto
import Foundation

/// A recursive listing of a folder (path, kind, size, content hash, link target), to prove a failed operation
/// changed nothing at all.
struct StoreSnapshot: Equatable, CustomStringConvertible {
    var entries: [String]

    init(_ root: String) {
        var out: [String] = []
        func walk(_ relative: String) {
            let full = relative.isEmpty ? root : root + "/" + relative
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: full)) ?? []).sorted()
            for name in names {
                let rel = relative.isEmpty ? name : relative + "/" + name
                let path = root + "/" + rel
                var st = stat()
                guard lstat(path, &st) == 0 else { out.append("\(rel) ?"); continue }
                switch st.st_mode & S_IFMT {
                case S_IFDIR:
                    out.append("\(rel)/ mode=\(String(st.st_mode & 0o7777, radix: 8))")
                    walk(rel)
                case S_IFLNK:
                    out.append("\(rel) -> \((try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?")")
                default:
                    let data = FileManager.default.contents(atPath: path) ?? Data()
                    let hash = SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
                    out.append("\(rel) \(data.count) \(hash.prefix(16))")
                }
            }
        }
        var st = stat()
        if lstat(root, &st) != 0 { out.append("<absent>") } else if st.st_mode & S_IFMT != S_IFDIR { out.append("<not a folder>") }
        walk("")
        entries = out
    }

    var description: String { entries.joined(separator: "\n") }
}
