import TerminiTemplate

/// Where a running command reports what happens before its answer: a response's headers and chunks, a socket's
/// messages, an event stream's events. Each event is a JSON object with a `type` member; the script's task object
/// hands it to the listeners registered for that type (`onChunkReceived` for `chunkReceived`, docs/DATA-FLOW.md).
///
/// Events of a call whose page has unloaded, or which was aborted, are dropped by the router, so a command may keep
/// sending until it notices its cancellation.
public struct CommandEvents: Sendable {
    private let deliver: @Sendable (JSONValue) -> Void

    public init(deliver: @escaping @Sendable (JSONValue) -> Void) { self.deliver = deliver }

    /// Sends `{type, ...members}` to the calling script.
    public func send(_ type: String, _ members: [String: JSONValue] = [:]) {
        var event = members
        event["type"] = .string(type)
        deliver(.object(event))
    }

    /// A sink for calls nobody listens to (a command called from Swift, a preload).
    public static let ignored = CommandEvents { _ in }
}
