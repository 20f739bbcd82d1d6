import Foundation
import TerminiBridge
import TerminiTemplate

/// The results of the manifest's `preload` requests for the first page (docs/COMMANDS.md), each handed out once.
///
/// The host starts them while the JS context boots, through `RequestCommand`, so they obey the same `request`
/// permission, `requestDomains`, timeout and size rules as the page's own requests. A result is either a response
/// or the request's failure; both are taken once.
public final class PreloadStore: @unchecked Sendable {
    private enum Slot {
        case inFlight
        case finished(Result<[String: JSONValue], CommandError>)
        case taken
    }

    private let lock = NSLock()
    private var slots: [String: Slot] = [:]
    private var order: [String] = []
    private var tasks: [Task<Void, Never>] = []

    public init() {}

    /// Starts every request; a request that fails its checks (a host not in `requestDomains`, no `request`
    /// permission) is recorded as that failure at once.
    public func start(_ requests: [BundleManifest.PreloadRequest], appId: String, permissions: Set<String>,
                      requestDomains: [String], limits: RequestLimits = RequestLimits(), fixtures: RequestFixtures? = nil)
    {
        let context = CommandContext(appId: appId, pageId: nil, pageName: nil, permissions: permissions)
        for request in requests {
            let key = request.key
            var command = RequestCommand(context: context, params: .object(["url": .string(request.url)]),
                                         requestDomains: requestDomains, limits: limits, fixtures: fixtures)
            lock.lock()
            if slots[key] == nil { order.append(key) }
            slots[key] = .inFlight
            lock.unlock()
            if let permission = RequestCommand.signature.permission, !permissions.contains(permission) {
                record(key, .failure(CommandError(.permissionDenied, "permission '\(permission)' is not granted in the manifest")))
                continue
            }
            do throws(CommandError) { try command.checkAndParse() } catch {
                record(key, .failure(error))
                continue
            }
            let prepared = command
            let task = Task { [weak self] in
                let result: Result<[String: JSONValue], CommandError>
                do throws(CommandError) { result = .success(try await prepared.run()) } catch { result = .failure(error) }
                self?.record(key, result)
            }
            lock.lock()
            tasks.append(task)
            lock.unlock()
        }
    }

    private func record(_ key: String, _ result: Result<[String: JSONValue], CommandError>) {
        lock.lock()
        if case .inFlight? = slots[key] { slots[key] = .finished(result) }
        lock.unlock()
    }

    /// The result for `key`, once: later calls fail; a request still in flight fails as busy ("not ready").
    public func take(_ key: String) -> Result<[String: JSONValue], CommandError> {
        lock.lock()
        defer { lock.unlock() }
        switch slots[key] {
        case nil:
            let known = order.isEmpty ? "none" : order.joined(separator: ", ")
            return .failure(CommandError(.notFound, "no preload request has key '\(key)' (keys: \(known))"))
        case .inFlight?:
            return .failure(CommandError(.busy, "not ready: the preload request '\(key)' is still in flight; fetch it with request"))
        case .taken?:
            return .failure(CommandError(.notFound, "'\(key)' was already taken; each preloaded result is returned once"))
        case .finished(let result)?:
            slots[key] = .taken
            switch result {
            case .success(var fields):
                fields["key"] = .string(key)
                return .success(fields)
            case .failure(let error):
                return .failure(CommandError(error.code, "the preload request '\(key)' failed: \(error.reason)"))
            }
        }
    }

    /// Whether any request is still running (for tests and the settle rule).
    public var isLoading: Bool {
        lock.lock()
        defer { lock.unlock() }
        return slots.values.contains { if case .inFlight = $0 { true } else { false } }
    }

    /// Cancels requests still running (the app is closing).
    public func cancelAll() {
        lock.lock()
        let running = tasks
        tasks.removeAll()
        lock.unlock()
        for task in running { task.cancel() }
    }
}

/// `getPreloadedData({key})` → `{key, statusCode, header, data}` of the preload request with that key, once.
extension PreloadStore {
    static let command = EngineCommand(name: "getPreloadedData", shape: CommandShape(
        "Takes the result of a manifest preload request, once.",
        parameters: [CommandField("key", "string", "the preload's key in the manifest")],
        result: [CommandField("key", "string"), CommandField("statusCode", "number"),
                 CommandField("header", "Record<string, string>"), CommandField("data", "any")])
    ) { services, params, _ throws(CommandError) in
        let key = try params.requiredString("key")
        let store = services.preload
        return { () throws(CommandError) in try store.take(key).get() }
    }
}
