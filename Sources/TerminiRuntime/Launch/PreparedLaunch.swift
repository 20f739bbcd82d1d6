import Foundation

/// A launch target turned into a loaded bundle, ready for `MiniAppEngine.start(page:query:)`.
public struct PreparedLaunch: Sendable {
    public var bundle: LoadedBundle
    /// The page to open (nil: the app's first page).
    public var page: String?
    public var query: [String: String]
    /// Set when the bundle is an installed version on probation (its first launch is not confirmed yet).
    public var probation: LaunchProbation?
    /// What the user must be told about this launch: a version rolled back at start because its first launch ended
    /// before a clean frame.
    public var notice: String?
}

/// How a `.zip` run checks signatures: the same rules as `termini install`.
public struct ArchiveRunPolicy: Sendable {
    /// Keys trusted in addition to `<store>/trusted/*.pub`.
    public var trustedKeys: [BundlePublicKey]
    /// `--dev`: skip the signature check (hashes, paths and limits are still checked).
    public var skipSignatureCheck: Bool

    public init(trustedKeys: [BundlePublicKey] = [], skipSignatureCheck: Bool = false) {
        self.trustedKeys = trustedKeys
        self.skipSignatureCheck = skipSignatureCheck
    }
}

/// Resolves launch targets: `minigame://` through the store, archives into a checked temporary folder, folders as
/// bundles or projects. Every failure is a `LaunchError` that says what to do next.
public struct LaunchPreparer: Sendable {
    public var store: AppStore
    public var archivePolicy: ArchiveRunPolicy
    /// Compiles project folders; nil in a runtime-only host, which then runs bundle folders only.
    public var projectLoader: ProjectFolderLoader?

    public init(store: AppStore, archivePolicy: ArchiveRunPolicy = ArchiveRunPolicy(), projectLoader: ProjectFolderLoader? = nil) {
        self.store = store
        self.archivePolicy = archivePolicy
        self.projectLoader = projectLoader
    }

    /// Whether preparing `target` takes a `projectLoader`: a host without one can hand such a target to one that has it
    /// (the launcher `termini` to `termini-tools`) before it starts anything.
    public static func needsProjectLoader(_ target: String) -> Bool {
        guard case .folder(let path)? = try? LaunchTarget.parse(target) else { return false }
        return BundleResolver.needsProjectLoader(path)
    }

    /// Loads `target`. `page` and `query` (from `--page`/`--query`) override the URL's page and add to its query.
    public func prepare(_ target: String, page: String? = nil, query: [String: String] = [:]) throws(LaunchError) -> PreparedLaunch {
        let launch: PreparedLaunch
        switch try LaunchTarget.parse(target) {
        case .installed(let id, let urlPage, let urlQuery):
            var prepared = try prepareInstalled(id)
            prepared.page = page ?? urlPage
            prepared.query = urlQuery.merging(query) { _, cli in cli }
            launch = prepared
        case .archive(let path):
            var prepared = try prepareArchive(path)
            prepared.page = page
            prepared.query = query
            launch = prepared
        case .folder(let path):
            do {
                launch = PreparedLaunch(bundle: try BundleResolver.load(path, projectLoader: projectLoader), page: page, query: query)
            } catch {
                throw LaunchError("\(error)")
            }
        }
        if let name = launch.page, launch.bundle.pages[name] == nil {
            let pages = launch.bundle.manifest.pages.joined(separator: ", ")
            throw LaunchError("app '\(launch.bundle.manifest.id)' has no page '\(name)' (its pages: \(pages))")
        }
        return launch
    }

    func prepareInstalled(_ id: String) throws(LaunchError) -> PreparedLaunch {
        func resolve() throws(LaunchError) -> ResolvedApp {
            do { return try store.resolve(id) } catch {
                throw LaunchError(error.kind == .notInstalled ? error.message : error.description)
            }
        }
        var resolved = try resolve()
        var notice: String?
        var probation: LaunchProbation?
        // The probation state on disk says whether an earlier first launch of this version died before a clean
        // frame (a crash by signal, a kill during startup): a failed first launch too, found only now.
        if !resolved.launchConfirmed, let abandoned = store.abandonedFirstLaunch(id, version: resolved.version) {
            let failed = LaunchProbation(store: store, id: id, version: resolved.version)
            if let rolledBack = failed.fail(reason: LaunchProbation.reason(abandoned: abandoned, store: store), runsNow: true) {
                notice = rolledBack
                resolved = try resolve()
            }
        }
        if !resolved.launchConfirmed { probation = LaunchProbation(store: store, id: id, version: resolved.version) }
        do {
            let bundle = try BundleLoader.load(folder: resolved.folder)
            return PreparedLaunch(bundle: bundle, page: nil, query: [:], probation: probation, notice: notice)
        } catch {
            // An invalid template or manifest is a failed first launch too: roll back before anything runs.
            if let probation, let notice = probation.fail(reason: error.description) {
                throw LaunchError(notice)
            }
            throw LaunchError(error.description)
        }
    }

    /// What a `--dev` archive run with an installed app's id keeps its storage under, after the id: `todo@dev`.
    public static let devStorageSuffix = "@dev"

    func prepareArchive(_ path: String) throws(LaunchError) -> PreparedLaunch {
        let folder = NSTemporaryDirectory() + "termini-run-\(getpid())-\(UUID().uuidString)"
        let installer = BundleInstaller(store: store, options: InstallOptions(
            trustedKeys: archivePolicy.trustedKeys, skipSignatureCheck: archivePolicy.skipSignatureCheck))
        do { _ = try installer.extractChecked(archivePath: path, into: folder) } catch {
            throw LaunchError(error.description)
        }
        // The loaded bundle is wholly in memory: the extraction folder goes before anything runs, so neither Ctrl-C nor
        // a crash can leave it behind.
        defer { StoreFileOperations.removeTree(folder) }
        do {
            var bundle = try BundleLoader.load(folder: folder)
            bundle.origin = path
            if archivePolicy.skipSignatureCheck, (try? store.pointer(for: bundle.manifest.id)) != nil {
                bundle.separateStorageId = bundle.manifest.id + Self.devStorageSuffix
            }
            return PreparedLaunch(bundle: bundle, page: nil, query: [:])
        } catch {
            throw LaunchError(error.description.replacingOccurrences(of: folder, with: path))
        }
    }
}
