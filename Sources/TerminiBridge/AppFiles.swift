import Foundation
import Glibc

/// Each app's own folder of files, `<store>/files/<app id>/`, behind the file commands (`readFile`, `writeFile`, …):
/// where a checked `AppFilePath` is on disk, what the app uses, and writes that keep to the app's quota.
///
/// One quota covers an app's files and its storage (`StorageStore`'s bytes for the app), so neither can fill the
/// disk behind the other's back. A write is checked and done under one lock, so two writes cannot both pass the
/// check. Writes are atomic: the bytes go to a temporary file beside the target, which is renamed over it only once
/// they are all written, so a full disk, a read-only store or a crash leaves the old file as it was.
public final class AppFiles: @unchecked Sendable {
    /// The quota when the manifest asks for none: 50 MB of files and storage together.
    public static let defaultQuotaBytes = 50 * 1024 * 1024

    /// `<store>/files`: one folder per app under it.
    public let root: String
    private let storage: StorageStore?
    private let quota: @Sendable (_ appId: String) -> Int
    private let lock = NSLock()

    /// Files under `root`; `quota` gives each app's quota in bytes, `storage` its storage bytes for the shared count.
    public init(root: String, storage: StorageStore?, quota: @escaping @Sendable (_ appId: String) -> Int) {
        self.root = root
        self.storage = storage
        self.quota = quota
        storage?.shareQuota(otherBytes: { app in AppFiles.size(ofTree: root + "/" + app) }, quotaBytes: quota)
    }

    /// The app's folder, made (with its parents, private to the user) when it does not exist yet.
    func folder(app: String) throws(CommandError) -> String {
        let folder = root + "/" + app
        var status = stat()
        if lstat(folder, &status) == 0 {
            guard status.st_mode & S_IFMT == S_IFDIR else {
                throw CommandError(.unavailable, "the app's folder \(folder) is not a folder: move it away")
            }
            return folder
        }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            let code = ((error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError)?.code ?? Int(EACCES)
            throw Self.failure(Int32(code), "the app's folder \(folder) cannot be made", folder: root)
        }
        return folder
    }

    /// Where `path` is on disk. No part of it that exists may be a symbolic link: a link could lead anywhere, so it
    /// is refused, named, even one that points inside the folder.
    public func location(of path: AppFilePath, app: String) throws(CommandError) -> String {
        var current = try folder(app: app)
        var walked: [String] = []
        var exists = true
        for part in path.components {
            current += "/" + part
            walked.append(part)
            guard exists else { continue }
            var status = stat()
            guard lstat(current, &status) == 0 else { exists = false; continue }  // the rest does not exist yet
            if status.st_mode & S_IFMT == S_IFLNK {
                let link = walked.joined(separator: "/")
                throw CommandError(.invalidParameter, "path \(AppFilePath.shown(path.text)) goes through the symbolic link "
                                   + "\(AppFilePath.shown(link)): links are refused in the app's folder")
            }
        }
        return current
    }

    /// Bytes the app uses: every regular file under its folder, plus its storage.
    public func usedBytes(app: String) throws(CommandError) -> Int {
        let files = Self.size(ofTree: root + "/" + app)
        do {
            return files + (try storage?.usage(app: app).currentBytes ?? 0)
        } catch where error.code == .unavailable {
            return files  // a storage file that cannot be opened holds nothing this app can count or use
        }
    }

    /// The app's quota in bytes.
    public func quotaBytes(app: String) -> Int { quota(app) }

    /// The contents of the regular file at `path`.
    public func read(_ path: AppFilePath, app: String) throws(CommandError) -> [UInt8] {
        let location = try location(of: path, app: app)
        let descriptor = open(location, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { throw Self.failure(errno, "cannot be read", path: path) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw CommandError(.invalidParameter, "\(AppFilePath.shown(path.text)) is not a file")
        }
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size))
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + done, $0.count - done) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else {
                if n == 0 { bytes.removeLast(bytes.count - done); break }  // shrank while read
                throw Self.failure(errno, "cannot be read", path: path)
            }
            done += n
        }
        return bytes
    }

    /// Writes `bytes` as the whole file at `path` (or, `appending`, after what it holds). Checked against the quota
    /// first: over it, nothing is written. The parent folder must exist, as in WeChat.
    public func write(_ bytes: [UInt8], to path: AppFilePath, app: String, appending: Bool) throws(CommandError) {
        lock.lock()
        defer { lock.unlock() }
        let location = try location(of: path, app: app)
        var status = stat()
        let exists = lstat(location, &status) == 0
        if exists && status.st_mode & S_IFMT != S_IFREG {
            throw CommandError(.invalidParameter, "\(AppFilePath.shown(path.text)) is a folder, not a file")
        }
        let oldSize = exists ? Int(status.st_size) : 0
        let used = try usedBytes(app: app)
        let total = used - (appending ? 0 : oldSize) + bytes.count
        let limit = quota(app)
        guard total <= limit else {
            throw CommandError(.quotaExceeded, "writing \(bytes.count) bytes to \(AppFilePath.shown(path.text)) would make app "
                               + "'\(app)' use \(total) bytes of files and storage, over its quota of \(limit) bytes; nothing was written")
        }
        if appending && exists { try append(bytes, at: location, oldSize: oldSize, path: path) }
        else { try replace(location, with: bytes, path: path) }
    }

    /// A temporary file beside the target, filled and flushed, then renamed over it: the old file stays whole until
    /// the new one is complete.
    private func replace(_ location: String, with bytes: [UInt8], path: AppFilePath) throws(CommandError) {
        let folder = (location as NSString).deletingLastPathComponent
        let temporary = folder + "/.\((location as NSString).lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Self.failure(errno, "cannot be written", path: path) }
        var failure: Int32 = 0
        if !Self.writeAll(bytes, to: descriptor) || fsync(descriptor) != 0 { failure = errno }
        close(descriptor)
        if failure == 0 && rename(temporary, location) != 0 { failure = errno }
        if failure != 0 {
            unlink(temporary)
            throw Self.failure(failure, "cannot be written", path: path)
        }
    }

    /// Appends in place; a write that fails part-way is cut back to the old length, so the file is as it was.
    private func append(_ bytes: [UInt8], at location: String, oldSize: Int, path: AppFilePath) throws(CommandError) {
        let descriptor = open(location, O_WRONLY | O_APPEND | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { throw Self.failure(errno, "cannot be written", path: path) }
        defer { close(descriptor) }
        guard Self.writeAll(bytes, to: descriptor), fsync(descriptor) == 0 else {
            let failure = errno
            _ = ftruncate(descriptor, off_t(oldSize))
            throw Self.failure(failure, "cannot be written", path: path)
        }
    }

    /// Every byte written, retrying short writes; false with `errno` set on a failure.
    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + done, $0.count - done) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return false }
            done += n
        }
        return true
    }

    /// The bytes of the regular files under `folder`, links not followed.
    static func size(ofTree folder: String) -> Int {
        guard let directory = opendir(folder) else { return 0 }
        defer { closedir(directory) }
        var total = 0
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name == "." || name == ".." { continue }
            let child = folder + "/" + name
            var status = stat()
            guard lstat(child, &status) == 0 else { continue }
            switch status.st_mode & S_IFMT {
            case S_IFREG: total += Int(status.st_size)
            case S_IFDIR: total += size(ofTree: child)
            default: break
            }
        }
        return total
    }

    /// A failed system call on `path`, as an error that names the path, the cause and what to do.
    static func failure(_ code: Int32, _ action: String, path: AppFilePath) -> CommandError {
        failure(code, "\(AppFilePath.shown(path.text)) \(action)", folder: nil)
    }

    static func failure(_ code: Int32, _ what: String, folder: String?) -> CommandError {
        let cause = String(cString: strerror(code))
        switch code {
        case ENOENT: return CommandError(.notFound, "\(what): no such file or folder")
        case ENOTDIR: return CommandError(.notFound, "\(what): a part of the path is a file, not a folder")
        case EISDIR: return CommandError(.invalidParameter, "\(what): it is a folder")
        case ELOOP: return CommandError(.invalidParameter, "\(what): it is a symbolic link, and links are refused")
        case EEXIST: return CommandError(.invalidParameter, "\(what): it already exists")
        case ENOTEMPTY: return CommandError(.invalidParameter, "\(what): the folder is not empty")
        case ENOSPC, EDQUOT: return CommandError(.quotaExceeded, "\(what): the disk is full (\(cause)); the old file is unchanged")
        case EROFS, EACCES, EPERM:
            return CommandError(.unavailable, "\(what): the store is read-only (\(cause)); the old file is unchanged"
                                + (folder.map { "; make \($0) writable" } ?? ""))
        default: return CommandError(.internal, "\(what): \(cause)")
        }
    }
}
