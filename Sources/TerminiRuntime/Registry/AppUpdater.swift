import Foundation

/// What one update check of one app found or did.
public enum UpdateOutcome: Equatable, Sendable {
    /// The app was not installed from a registry (a local file or URL): nothing to check.
    case notFromRegistry
    /// The installed version is the newest this engine can run (a lower version in the index is ignored).
    case upToDate(version: String)
    /// A newer version was downloaded, verified and installed; the next launch runs it. `download` says what was
    /// downloaded: the changed files only, or the whole archive.
    case installed(from: String, to: String, download: DownloadReport)
    /// The only newer versions failed their first launch here: they are not installed again.
    case skippedFailed(installed: String, failed: FailedVersion)
    /// A newer version adds permissions or request domains: it is downloaded but held until the user approves it
    /// (at the next launch, or `termini update --approve`). `download` is nil when it was downloaded by an earlier check.
    case held(installed: String, version: String, adds: PermissionChange, download: DownloadReport?)
    /// A newer version is rolling out to `percent` % of installs, and this install is not among them (yet).
    case heldByRollout(installed: String, version: String, percent: Int)
    /// The installed version was withdrawn by its publisher (`termini yank`): `to`, the newest version that is not,
    /// runs from the next launch (kept on disk, or downloaded), and the withdrawn one is gone from the store.
    case withdrawn(from: String, to: String)
    /// The installed version was withdrawn, but the registry offers no other version this engine can run: it stays.
    case withdrawnWithoutReplacement(version: String)
}

/// The steps of a check, for progress and for the exit wait (which waits only for a download in flight).
public enum UpdatePhase: Equatable, Sendable {
    case fetchingIndex(registry: String)
    case downloading(version: String, bytes: Int64, total: Int64)
}

/// A version the index requires (`minimum`) that is newer than the installed one.
public struct RequiredUpdate: Equatable, Sendable {
    public var id: String
    public var installed: String
    public var minimum: String
    public var registry: String
}

/// Checks one installed app against the registry it came from and installs a newer version as the next one: WeChat's
/// check on every cold start, with CodePush's hash checks and rollback (docs/DISTRIBUTION.md).
public struct AppUpdater: Sendable {
    public var client: RegistryClient

    public init(client: RegistryClient) { self.client = client }

    public var store: AppStore { client.store }

    /// Fetches the index (one 304 when unchanged) and installs the newest runnable version above the installed one.
    public func check(_ id: String, cancellation: RegistryCancellation = RegistryCancellation(),
                      phase: (@Sendable (UpdatePhase) -> Void)? = nil) throws(RegistryError) -> UpdateOutcome
    {
        let pointer = try installedPointer(id)
        let installed = pointer.current
        guard let source = client.sources.origin(of: id) else { return .notFromRegistry }
        phase?(.fetchingIndex(registry: source.name))
        let (index, _) = try client.fetchIndex(source, cancellation: cancellation)
        guard let app = index.apps[id], let current = SemanticVersion(installed) else { return .upToDate(version: installed) }
        if app.release(installed)?.withdrawn == true {
            return try goBack(id, from: pointer, app: app, index: index, source: source, cancellation: cancellation, phase: phase)
        }
        let isNewer = { (release: RegistryIndex.Release) in
            SemanticVersion(release.version)! > current && release.isVisible(on: source.channel)
        }
        let installId = store.installId()
        guard let newest = app.newest(runnableBy: TerminiEngine.version, where: {
            isNewer($0) && mayTake($0, id: id, pointer: pointer, installId: installId)
        }) else {
            if let skipped = app.newest(runnableBy: TerminiEngine.version, where: isNewer) {
                if let failure = pointer.failure(of: skipped.version) { return .skippedFailed(installed: installed, failed: failure) }
                return .heldByRollout(installed: installed, version: skipped.version, percent: skipped.rollout)
            }
            return .upToDate(version: installed)
        }
        if let held = pointer.held, SemanticVersion(held) == SemanticVersion(newest.version), let waiting = store.heldUpdate(id) {
            return .held(installed: installed, version: held, adds: waiting.adds, download: nil)
        }
        phase?(.downloading(version: newest.version, bytes: 0, total: client.expectedDownload(of: newest, id: id)))
        let (result, download) = try client.install(id: id, release: newest, from: source, rotations: index.rotations,
                                                    holdPermissionChanges: true, cancellation: cancellation) { received, total in
            phase?(.downloading(version: newest.version, bytes: received, total: total))
        }
        if let adds = result.held { return .held(installed: installed, version: result.version, adds: adds, download: download) }
        return .installed(from: installed, to: result.version, download: download)
    }

    /// The installed version was withdrawn: make the newest version that is not withdrawn (nor failed here) current
    /// for the next launch — the kept one if it is on disk, else downloaded as any update — and drop the withdrawn
    /// one, so that neither a rollback nor an update returns to it.
    private func goBack(_ id: String, from pointer: AppPointer, app: RegistryIndex.App, index: RegistryIndex, source: RegistrySource,
                        cancellation: RegistryCancellation, phase: (@Sendable (UpdatePhase) -> Void)?) throws(RegistryError) -> UpdateOutcome
    {
        let withdrawn = pointer.current
        let installId = store.installId()
        guard let target = app.newest(runnableBy: TerminiEngine.version, where: {
            $0.isVisible(on: source.channel) && mayTake($0, id: id, pointer: pointer, installId: installId)
                && SemanticVersion($0.version) != SemanticVersion(withdrawn)
        }) else {
            return .withdrawnWithoutReplacement(version: withdrawn)
        }
        do {
            if let kept = pointer.previous.last(where: { SemanticVersion($0) == SemanticVersion(target.version) }) {
                try store.dropWithdrawn(id, version: withdrawn, switchingTo: kept)
                return .withdrawn(from: withdrawn, to: kept)
            }
            phase?(.downloading(version: target.version, bytes: 0, total: client.expectedDownload(of: target, id: id)))
            let (result, _) = try client.install(id: id, release: target, from: source, rotations: index.rotations,
                                                 cancellation: cancellation) { received, total in
                phase?(.downloading(version: target.version, bytes: received, total: total))
            }
            try store.dropWithdrawn(id, version: withdrawn)
            return .withdrawn(from: withdrawn, to: result.version)
        } catch let error as RegistryError {
            throw error
        } catch {
            throw RegistryError(.io, store.root, "\(error)")
        }
    }

    /// Whether this install takes `release` of `id` when it was not asked for by version: it has not failed here,
    /// and its staged rollout includes this install. (Channels are the caller's filter.)
    func mayTake(_ release: RegistryIndex.Release, id: String, pointer: AppPointer?, installId: String) -> Bool {
        pointer?.failure(of: release.version) == nil
            && StagedRollout.includes(release.rollout, installId: installId, id: id, version: release.version)
    }

    private func installedPointer(_ id: String) throws(RegistryError) -> AppPointer {
        do {
            guard let pointer = try store.pointer(for: id) else {
                throw RegistryError(.notFound, id, "no app '\(id)' is installed in \(store.root)")
            }
            return pointer
        } catch let error as RegistryError {
            throw error
        } catch {
            throw RegistryError(.io, store.root, "\(error)")
        }
    }

    /// The update the last saved index requires before `id` may run, if any. Reads only the store (no network): a
    /// launch asks this before it shows anything.
    public func requiredUpdate(_ id: String) -> RequiredUpdate? {
        guard let pointer = try? store.pointer(for: id), let current = SemanticVersion(pointer.current),
              let source = client.sources.origin(of: id), let cached = client.sources.cachedIndex(source),
              let minimumText = cached.index.apps[id]?.minimum, let minimum = SemanticVersion(minimumText),
              current < minimum else { return nil }
        return RequiredUpdate(id: id, installed: pointer.current, minimum: minimumText, registry: source.name)
    }
}

extension AppUpdater {
    /// `termini install <id> [--registry name] [--version v]`: finds the app in the named registry, or in the one
    /// registry that lists it, and installs `version` or the newest version this engine can run.
    public func install(_ id: String, version: String? = nil, registry: String? = nil, retryFailed: Bool = false,
                        cancellation: RegistryCancellation = RegistryCancellation(),
                        progress: DownloadProgress? = nil) throws(RegistryError) -> (result: InstallResult, registry: String)
    {
        guard BundleManifest.isValidIdentifier(id) else { throw RegistryError(.notFound, id, "not a valid app id") }
        let all = try client.sources.list()
        let candidates: [RegistrySource]
        if let registry {
            guard let source = all.first(where: { $0.name == registry }) else {
                throw RegistryError(.notFound, registry, "no such registry (" + (all.isEmpty ? "none are added" : "added: " + all.map(\.name).joined(separator: ", ")) + ")")
            }
            candidates = [source]
        } else {
            guard !all.isEmpty else {
                throw RegistryError(.notFound, id, "no registries are added; add one with 'termini registry add <name> <url> --trust <prefix>.pub'")
            }
            candidates = all
        }
        var listing: [(RegistrySource, RegistryIndex.App, [KeyRotation])] = []
        var failures: [String] = []
        for source in candidates {
            do {
                let (index, _) = try client.fetchIndex(source, cancellation: cancellation)
                if let app = index.apps[id] { listing.append((source, app, index.rotations)) }
            } catch {
                if candidates.count == 1 { throw error }
                failures.append("\(source.name): \(error.message)")
            }
        }
        let failed = failures.isEmpty ? "" : " (failed: " + failures.joined(separator: "; ") + ")"
        guard let (source, app, rotations) = listing.first else {
            throw RegistryError(.notFound, id, "no registry lists '\(id)' (searched: \(candidates.map(\.name).joined(separator: ", ")))\(failed)")
        }
        if listing.count > 1 {
            throw RegistryError(.notFound, id, "'\(id)' is listed by several registries (\(listing.map(\.0.name).joined(separator: ", "))); choose one with --registry")
        }
        let release: RegistryIndex.Release
        if let version {
            guard let found = app.release(version) else {
                throw RegistryError(.notFound, source.name, "\(id) \(version) is not published (published: \(app.versionList))")
            }
            guard !found.withdrawn else {
                throw RegistryError(.notFound, source.name, "\(id) \(found.version) was withdrawn by its publisher and is not installed")
            }
            release = found
        } else {
            let pointer = (try? store.pointer(for: id)) ?? nil
            guard let newestRunnable = app.newest(runnableBy: TerminiEngine.version, where: { $0.isVisible(on: source.channel) }) else {
                throw RegistryError(.notFound, source.name, "no published version of \(id) on channel \(source.channel) runs on engine \(TerminiEngine.version) (published: \(app.versionList); --version installs one by name)")
            }
            let installId = store.installId()
            let newest = app.newest(runnableBy: TerminiEngine.version, where: {
                $0.isVisible(on: source.channel)
                    && (retryFailed || pointer?.failure(of: $0.version) == nil)
                    && StagedRollout.includes($0.rollout, installId: installId, id: id, version: $0.version)
            })
            let installed = pointer.flatMap { SemanticVersion($0.current) }
            guard let newest, installed.map({ $0 < SemanticVersion(newest.version)! }) ?? true else {
                // Name the failed version that was passed over, so the way to retry it is plain.
                if let failure = pointer?.failure(of: newestRunnable.version), !retryFailed {
                    throw RegistryError(.conflict, id, BundleInstaller.failedBeforeMessage(id, failure))
                }
                if newest.map({ SemanticVersion($0.version)! < SemanticVersion(newestRunnable.version)! }) ?? true {
                    throw RegistryError(.conflict, id, "\(id) \(newestRunnable.version) is rolling out to \(newestRunnable.rollout) % of installs, not yet to this one; nothing was changed (--version \(newestRunnable.version) installs it now)")
                }
                throw RegistryError(.conflict, id, "\(id) \(pointer?.current ?? "") is installed and \(source.name)'s newest is \(newestRunnable.version); nothing was changed")
            }
            release = newest
        }
        let (result, _) = try client.install(id: id, release: release, from: source, retryFailed: retryFailed,
                                             rotations: rotations, cancellation: cancellation, progress: progress)
        return (result, source.name)
    }
}
