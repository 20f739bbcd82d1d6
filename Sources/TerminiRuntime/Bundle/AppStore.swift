import Foundation

/// The on-disk store of installed mini-apps.
///
/// Layout:
/// ```
/// <root>/lock                     flock target that serialises installs, rollbacks and confirmations
/// <root>/trusted/*.pub            public keys trusted in addition to `--trust`
/// <root>/tmp/                     staging folders of installs in progress (debris after a crash; cleaned)
/// <root>/apps/<id>/<version>/     an extracted, verified bundle
/// <root>/apps/<id>/current        AppPointer JSON: current version + rollback history (replaced by rename)
/// ```
/// Readers (`list`, `resolve`) never lock: they only read `current` files, which are always complete.
public struct AppStore: Sendable {
    public let root: String

    public init(root: String) {
        self.root = root.count > 1 && root.hasSuffix("/") ? String(root.dropLast()) : root
    }

    /// `$XDG_DATA_HOME/termini`, else `~/.local/share/termini`.
    public static func defaultRoot(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") { return xdg + "/termini" }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + "/.local/share/termini"
    }

    public var appsFolder: String { root + "/apps" }
    public var trustedFolder: String { root + "/trusted" }
    var stagingFolder: String { root + "/tmp" }
    var lockPath: String { root + "/lock" }

    public func appFolder(_ id: String) -> String { appsFolder + "/" + id }
    public func versionFolder(_ id: String, _ version: String) -> String { appFolder(id) + "/" + version }
    func pointerPath(_ id: String) -> String { appFolder(id) + "/current" }

    // MARK: Reading

    /// The app's pointer, or nil when it is not installed; an error when the pointer is there but cannot be read
    /// or is not a pointer.
    public func pointer(for id: String) throws(BundleError) -> AppPointer? {
        guard BundleManifest.isValidIdentifier(id) else { return nil }
        let path = pointerPath(id)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return nil }
        if isFolder.boolValue { throw BundleError(.storeUnavailable, path, "is a folder, not an app pointer file") }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw BundleError(.storeUnavailable, path, "cannot be read: \(String(cString: strerror(errno)))")
        }
        return try AppPointer(data: data, path: path)
    }

    /// Every installed app whose pointer reads, sorted by id. Folders without a pointer (interrupted first installs)
    /// are not apps; apps whose pointer cannot be read are left out (`listing()` names them).
    public func list() -> [InstalledApp] { listing().apps }

    /// Every installed app, sorted by id, and apart from them those whose pointer cannot be read: one damaged
    /// `current` file stops no other app from being listed.
    public func listing() -> AppListing {
        var listing = AppListing()
        for id in StoreFileOperations.children(appsFolder) where BundleManifest.isValidIdentifier(id) {
            do {
                if let p = try pointer(for: id) { listing.apps.append(InstalledApp(id: id, pointer: p)) }
            } catch {
                listing.broken.append(BrokenApp(id: id, pointerPath: pointerPath(id), problem: error.message,
                                                folder: appFolder(id)))
            }
        }
        return listing
    }

    /// Resolves an app id to the folder of its current version, which `BundleLoader.load(folder:)` reads.
    public func resolve(_ id: String) throws(BundleError) -> ResolvedApp {
        guard let p = try pointer(for: id) else {
            let installed = list().map(\.id)
            let hint = installed.isEmpty ? "no apps are installed" : "installed: " + installed.joined(separator: ", ")
            throw BundleError(.notInstalled, root, "no app '\(id)' is installed in this store (\(hint))")
        }
        return ResolvedApp(id: id, version: p.current, folder: versionFolder(id, p.current), launchConfirmed: p.launchConfirmed)
    }

    /// Public keys in `<root>/trusted/*.pub`. An unreadable or malformed key file is an error, not silently skipped,
    /// so that a typo never quietly lowers or changes trust.
    public func trustedKeys() throws(BundleError) -> [BundlePublicKey] {
        var keys: [BundlePublicKey] = []
        for name in StoreFileOperations.children(trustedFolder) where name.hasSuffix(".pub") {
            keys.append(try BundlePublicKey.load(path: trustedFolder + "/" + name))
        }
        return keys
    }

    // MARK: Changing

    /// Records that `version` of `id` completed its first launch, so the host stops treating it as on probation.
    /// Does nothing if `version` is no longer current (e.g. it was rolled back meanwhile).
    public func markLaunchSucceeded(_ id: String, version: String) throws(BundleError) {
        try withLock { () throws(BundleError) in
            guard var p = try pointer(for: id), p.current == version, !p.launchConfirmed else { return }
            p.launchConfirmed = true
            p.launchAttempt = nil
            // The launch went well: only the version before it is still needed for a rollback, besides pinned ones.
            let pruned = p.previous.dropLast().filter { !p.kept.contains($0) }
            p.previous.removeAll { pruned.contains($0) }
            try StoreFileOperations.writeAtomically(p.data, to: pointerPath(id))
            for old in pruned { StoreFileOperations.removeTree(versionFolder(id, old)) }
        }
    }

    /// Pins `version` of `id` (`termini keep`) so that pruning never removes it, or unpins it (`release`), after
    /// which the next successful launch prunes it unless it is current or the one before. Returns false when nothing
    /// changed.
    @discardableResult
    public func keep(_ id: String, version: String, release: Bool = false) throws(BundleError) -> Bool {
        try withLock { () throws(BundleError) -> Bool in
            guard var p = try pointer(for: id) else {
                throw BundleError(.notInstalled, root, "no app '\(id)' is installed in this store")
            }
            guard let installed = p.versions.first(where: { SemanticVersion($0) == SemanticVersion(version) }) else {
                throw BundleError(.notInstalled, appFolder(id), "\(id) \(version) is not installed (installed: \(p.versions.joined(separator: ", ")))")
            }
            if release {
                guard p.kept.contains(installed) else { return false }
                p.kept.removeAll { $0 == installed }
            } else {
                guard !p.kept.contains(installed) else { return false }
                p.kept.append(installed)
            }
            try StoreFileOperations.writeAtomically(p.data, to: pointerPath(id))
            return true
        }
    }

    /// The update held for `id` until approved, with what it adds; nil when none (or its manifests do not read).
    public func heldUpdate(_ id: String) -> HeldUpdate? {
        guard let p = try? pointer(for: id), let held = p.held,
              let current = try? BundleLoader.readManifest(folder: versionFolder(id, p.current)),
              let update = try? BundleLoader.readManifest(folder: versionFolder(id, held)) else { return nil }
        return HeldUpdate(id: id, version: held, current: p.current, adds: PermissionChange(from: current, to: update))
    }

    /// Makes the held update current (on probation, the old current kept for rollback): the user accepted what it
    /// adds. Returns it; an error when nothing is held.
    @discardableResult
    public func approveHeld(_ id: String) throws(BundleError) -> RollbackResult {
        try withLock { () throws(BundleError) -> RollbackResult in
            guard var p = try pointer(for: id) else {
                throw BundleError(.notInstalled, root, "no app '\(id)' is installed in this store")
            }
            guard let held = p.held else {
                throw BundleError(.notInstalled, appFolder(id), "\(id) has no update waiting for approval (current: \(p.current))")
            }
            let from = p.current
            p.previous.append(from)
            p.current = held
            p.held = nil
            p.launchConfirmed = false
            p.launchAttempt = nil
            try StoreFileOperations.writeAtomically(p.data, to: pointerPath(id))
            return RollbackResult(id: id, from: from, to: held)
        }
    }

    /// Bytes the app's folder takes on disk: every kept version.
    public func diskUsage(_ id: String) -> Int64 {
        let folder = appFolder(id)
        var total: Int64 = 0
        for path in FileManager.default.subpaths(atPath: folder) ?? [] {
            var info = stat()
            if lstat(folder + "/" + path, &info) == 0, info.st_mode & S_IFMT == S_IFREG { total += Int64(info.st_size) }
        }
        return total
    }

    /// The attempt at the unconfirmed first launch of `version` that an earlier process recorded and that ended
    /// without confirming or failing it: it died before a clean frame (a crash by signal, a kill during startup),
    /// which counts as a failed first launch. Nil when there is none, or when that process is still running (two
    /// launches at once).
    public func abandonedFirstLaunch(_ id: String, version: String) -> LaunchAttempt? {
        guard let p = try? pointer(for: id), p.current == version, !p.launchConfirmed,
              let attempt = p.launchAttempt, attempt.pid != getpid(), !attempt.isRunning else { return nil }
        return attempt
    }

    /// Records that this process is starting the unconfirmed first launch of `version`, just before its script runs,
    /// so that a process that dies before the launch is settled is found by `abandonedFirstLaunch` at the next start.
    public func recordFirstLaunchAttempt(_ id: String, version: String) throws(BundleError) {
        try withLock { () throws(BundleError) in
            guard var p = try pointer(for: id), p.current == version, !p.launchConfirmed else { return }
            p.launchAttempt = LaunchAttempt.current
            try StoreFileOperations.writeAtomically(p.data, to: pointerPath(id))
        }
    }

    /// Where an interactive run that crashed left its report (`CrashReport.writeBacktraces`), if it did.
    public func crashReportPath(pid: Int32) -> String? {
        let path = root + "/crashes/termini-\(pid).txt"
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }

    /// Rolls back `version` after its first launch failed, and records it as failed with `reason` so that updates
    /// never install it again (`termini install --retry-failed` overrides). Refuses, changing nothing, when `version`
    /// is no longer current (another process rolled back or updated meanwhile).
    @discardableResult
    public func rollbackFailedLaunch(_ id: String, version: String, reason: String) throws(BundleError) -> RollbackResult {
        try rollback(id, expecting: version, failure: reason)
    }

    /// Makes the most recent previous version current again and deletes the version rolled back from (it is
    /// considered bad; a fixed build can then be installed under any version). The restored version counts as
    /// launch-confirmed, since it ran before; that keeps an automatic rollback from cascading.
    @discardableResult
    public func rollback(_ id: String) throws(BundleError) -> RollbackResult {
        try rollback(id, expecting: nil, failure: nil)
    }

    private func rollback(_ id: String, expecting: String?, failure: String?) throws(BundleError) -> RollbackResult {
        try withLock { () throws(BundleError) -> RollbackResult in
            guard var p = try pointer(for: id) else {
                throw BundleError(.notInstalled, root, "no app '\(id)' is installed in this store")
            }
            if let expecting, p.current != expecting {
                throw BundleError(.nothingToRollBack, appFolder(id), "\(id) \(expecting) is no longer current (\(p.current) is); nothing was rolled back")
            }
            guard let target = p.previous.popLast() else {
                throw BundleError(.nothingToRollBack, appFolder(id), "'\(id)' has only version \(p.current) installed; there is nothing to roll back to")
            }
            let from = p.current
            if let failure {
                p.failed[from] = FailedVersion(version: from, reason: failure, at: RegistryIndex.timestamp())
            }
            p.current = target
            p.launchConfirmed = true
            p.launchAttempt = nil
            p.kept.removeAll { $0 == from }
            try StoreFileOperations.writeAtomically(p.data, to: pointerPath(id))
            // After the pointer commit: a crash here leaves an unreferenced folder that the next cleanup removes.
            StoreFileOperations.removeTree(versionFolder(id, from))
            return RollbackResult(id: id, from: from, to: target)
        }
    }

    /// Drops `version`, which its publisher withdrew, from the app and deletes its folder. When it is current, the
    /// kept version `target` becomes current (it ran before, so it is not on probation); otherwise it is only
    /// removed from the versions kept for rollback, so that no rollback returns to it.
    public func dropWithdrawn(_ id: String, version: String, switchingTo target: String? = nil) throws(BundleError) {
        try withLock { () throws(BundleError) in
            guard var p = try pointer(for: id) else { return }
            if p.current == version {
                guard let target, let index = p.previous.lastIndex(of: target) else {
                    throw BundleError(.nothingToRollBack, appFolder(id), "\(id) \(version) was withdrawn, but \(target ?? "no version") is not kept to go back to")
                }
                p.previous.remove(at: index)
                p.current = target
                p.launchConfirmed = true
                p.launchAttempt = nil
            } else {
                guard p.previous.contains(version) else { return }
                p.previous.removeAll { $0 == version }
            }
            p.kept.removeAll { $0 == version }
            try StoreFileOperations.writeAtomically(p.data, to: pointerPath(id))
            StoreFileOperations.removeTree(versionFolder(id, version))
        }
    }

    // MARK: Internals shared with BundleInstaller

    /// Creates the store folders if needed and checks they are usable, with a clear error otherwise.
    func prepare() throws(BundleError) {
        for dir in [root, appsFolder, stagingFolder] {
            try StoreFileOperations.makeDirectories(dir)
            guard StoreFileOperations.isDirectory(dir) else {
                throw BundleError(.storeUnavailable, dir, "the store path exists but is not a folder")
            }
            guard access(dir, W_OK | X_OK) == 0 else {
                throw BundleError(.storeUnavailable, dir, "the store folder is not writable")
            }
        }
    }

    func withLock<T>(_ body: () throws(BundleError) -> T) throws(BundleError) -> T {
        try prepare()
        let lock = try StoreLock(path: lockPath)
        defer { withExtendedLifetime(lock) {} }
        return try body()
    }

    /// Removes what interrupted operations left behind. Only called under the lock, when nothing else is running.
    func removeDebris() {
        for name in StoreFileOperations.children(stagingFolder) { StoreFileOperations.removeTree(stagingFolder + "/" + name) }
        for id in StoreFileOperations.children(appsFolder) {
            let folder = appFolder(id)
            guard StoreFileOperations.isDirectory(folder) else { continue }
            guard BundleManifest.isValidIdentifier(id), let p = try? pointer(for: id) else {
                // No readable pointer: a first install that never committed.
                if !FileManager.default.fileExists(atPath: pointerPath(id)) { StoreFileOperations.removeTree(folder) }
                continue
            }
            let keep = Set(p.versions + ["current"] + (p.held.map { [$0] } ?? []))
            for name in StoreFileOperations.children(folder) where !keep.contains(name) {
                StoreFileOperations.removeTree(folder + "/" + name)
            }
        }
    }
}

/// One app in the store as `list` reports it.
public struct InstalledApp: Equatable, Sendable {
    public var id: String
    public var pointer: AppPointer
    public var currentVersion: String { pointer.current }
    /// All kept versions, oldest first; the last is current.
    public var versions: [String] { pointer.versions }
    /// Versions pinned with `termini keep`.
    public var pinnedVersions: [String] { pointer.kept }
    /// Versions that failed their first launch here, oldest version first.
    public var failedVersions: [FailedVersion] {
        let zero = SemanticVersion(major: 0, minor: 0, patch: 0)
        return pointer.failed.values.sorted { (SemanticVersion($0.version) ?? zero) < (SemanticVersion($1.version) ?? zero) }
    }
}

/// What `AppStore.listing()` found: the apps that read, and those whose pointer does not.
public struct AppListing: Equatable, Sendable {
    public var apps: [InstalledApp] = []
    public var broken: [BrokenApp] = []
}

/// An installed app whose `current` file cannot be read as a pointer, with what to do about it.
public struct BrokenApp: Equatable, Sendable {
    public var id: String
    public var pointerPath: String
    /// Why the pointer does not read.
    public var problem: String
    /// The app's folder in the store.
    public var folder: String

    /// How to repair it: installing again writes a new pointer (the versions the old one kept for rollback are then
    /// removed), or the app's folder can go.
    public var repair: String {
        "install the app again (`termini install <app.zip>`, or `termini install \(id)` from its registry) to write a new "
            + "pointer, or remove \(folder) to uninstall it"
    }
}

/// Where the host finds an installed app's current bundle.
public struct ResolvedApp: Equatable, Sendable {
    public var id: String
    public var version: String
    /// The bundle folder (contains manifest.json); pass it to `BundleLoader.load(folder:)`.
    public var folder: String
    /// False until `markLaunchSucceeded` is called for this version; a failed launch while false should roll back.
    public var launchConfirmed: Bool
}

/// What `rollback` changed.
public struct RollbackResult: Equatable, Sendable {
    public var id: String
    public var from: String
    public var to: String
}
