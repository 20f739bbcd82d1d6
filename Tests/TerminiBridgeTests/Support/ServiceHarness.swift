import Foundation
import TerminiTemplate
@testable import TerminiBridge

/// A router wired with the built-in service commands over a fresh store in a temporary directory.
struct ServiceHarness {
    let directory: URL
    let store: StorageStore
    let files: AppFiles
    let router: CommandRouter
    static let systemInfo = SystemInfo(terminalWidth: 120, terminalHeight: 40, colors: 256,
                                       engineVersion: "0.1.0", appVersion: "1.2.3")

    init(directory: URL? = nil, requestDomains: [String] = ["127.0.0.1"], limits: RequestLimits = RequestLimits(),
         fileQuota: Int = AppFiles.defaultQuotaBytes, sockets: SocketLimits = SocketLimits()) throws {
        self.directory = directory ?? FileManager.default.temporaryDirectory
            .appendingPathComponent("termini-services-\(UUID().uuidString)")
        store = StorageStore(directory: self.directory)
        files = AppFiles(root: self.directory.path + "/files", storage: store, quota: { _ in fileQuota })
        let environment = CommandEnvironment(storage: store, requestDomains: { _ in requestDomains },
                                             requestLimits: limits, systemInfo: { _ in ServiceHarness.systemInfo },
                                             files: files, sockets: OpenSockets(limits: sockets))
        router = try CommandRouter(BuiltinCommands.registrations(environment: environment))
    }

    static func context(app: String = "demo", page: Int = 1, permissions: Set<String> = ["request"]) -> CommandContext {
        CommandContext(appId: app, pageId: page, pageName: "index", permissions: permissions)
    }

    func call(_ name: String, _ params: JSONValue = [:], context: CommandContext = ServiceHarness.context()) async
        -> CommandOutcome
    {
        await withCheckedContinuation { cont in
            router.invoke(name, params: params, context: context) { cont.resume(returning: $0) }
        }
    }

    func remove() {
        store.close()
        _ = try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: directory.path + "/files/demo")
        try? FileManager.default.removeItem(at: directory)
    }
}

extension CommandOutcome {
    /// The failure's code, or nil for a success.
    var code: CommandErrorCode? { envelope["errCode"]?.intValue.flatMap(CommandErrorCode.init(rawValue:)) }
    var message: String { envelope["errMsg"]?.stringValue ?? "" }
}
