import Foundation

/// The few file-system primitives the store's crash safety rests on.
enum StoreFileOperations {
    /// Writes `data` to a temporary sibling, fsyncs it, then renames it over `path`: readers see the old or the new
    /// contents, never a mix, and a crash leaves at most a stray `.tmp-*` file that cleanup removes.
    static func writeAtomically(_ data: Data, to path: String) throws(BundleError) {
        let dir = (path as NSString).deletingLastPathComponent
        let temp = dir + "/.\((path as NSString).lastPathComponent).tmp-\(getpid())-\(UInt32.random(in: 0 ... .max))"
        let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw BundleError(.storeUnavailable, temp, "cannot be created: \(String(cString: strerror(errno)))") }
        let ok = data.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let n = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 { if errno == EINTR { continue }; return false }
                offset += n
            }
            return fsync(fd) == 0
        }
        close(fd)
        guard ok else {
            unlink(temp)
            throw BundleError(.storeUnavailable, temp, "write failed: \(String(cString: strerror(errno)))")
        }
        try rename(temp, to: path)
        syncDirectory(dir)
    }

    static func rename(_ from: String, to: String) throws(BundleError) {
        guard renameat(AT_FDCWD, from, AT_FDCWD, to) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(from)
            throw BundleError(.storeUnavailable, to, "rename failed: \(reason)")
        }
    }

    /// Makes a completed rename durable across power loss too (SIGKILL safety does not need it).
    static func syncDirectory(_ dir: String) {
        let fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        fsync(fd)
        close(fd)
    }

    /// `mkdir -p` that names the component that failed and why (FileManager only says "error 512").
    static func makeDirectories(_ path: String) throws(BundleError) {
        var prefix = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            prefix += "/" + component
            if mkdir(prefix, 0o755) == 0 { continue }
            let err = errno
            if err == EEXIST {
                if isDirectory(prefix) { continue }
                throw BundleError(.storeUnavailable, path, "cannot create the store folder: \(prefix) is a file, not a folder")
            }
            let reason = err == ENOTDIR ? "a parent of \(prefix) is a file, not a folder" : "\(prefix): \(String(cString: strerror(err)))"
            throw BundleError(.storeUnavailable, path, "cannot create the store folder: \(reason)")
        }
    }

    static func removeTree(_ path: String) {
        try? FileManager.default.removeItem(atPath: path)
    }

    static func isDirectory(_ path: String) -> Bool {
        var isDir: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDir) && isDir.boolValue
    }

    static func children(_ dir: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).sorted()
    }
}
