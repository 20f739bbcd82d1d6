import Foundation

/// One event of a Server-Sent Events stream, as `onMessage` receives it.
struct EventStreamMessage: Equatable, Sendable {
    /// The `event:` field, `message` when the server named none.
    var event: String
    var data: String
    /// The last event ID in effect when this event was dispatched (it carries over from earlier events).
    var id: String
}

/// The `text/event-stream` format, parsed as the HTML standard's "event stream interpretation" says: lines end in
/// CR, LF or CRLF (also across reads); a blank line dispatches the event; `:` starts a comment; unknown fields, an
/// `id` with NUL and a `retry` that is not all digits are ignored; an event cut off by the end of the stream is
/// dropped. Bytes are held only up to the end of the current line, which `maxLineBytes` bounds.
struct EventStreamParser {
    /// The last event ID, sent back as `Last-Event-ID` on a reconnect.
    private(set) var lastEventId = ""
    /// The `retry:` field's last value, in milliseconds.
    private(set) var retryMilliseconds: Int?
    private var line = Data()
    private var afterCR = false
    private var sawFirstLine = false
    private var eventType = ""
    private var data = ""
    private var hasData = false
    private let maxLineBytes: Int

    init(maxLineBytes: Int = 1024 * 1024) { self.maxLineBytes = maxLineBytes }

    /// A line over the limit: the stream is not one this parser will hold.
    struct LineTooLong: Error {}

    /// Feeds bytes; returns the events they completed, in order.
    mutating func feed(_ bytes: Data) throws(LineTooLong) -> [EventStreamMessage] {
        var out: [EventStreamMessage] = []
        for byte in bytes {
            if afterCR {
                afterCR = false
                if byte == 0x0A { continue }  // the LF of a CRLF
            }
            if byte == 0x0A || byte == 0x0D {
                afterCR = byte == 0x0D
                if let message = take(line: line) { out.append(message) }
                line.removeAll(keepingCapacity: true)
            } else {
                line.append(byte)
                if line.count > maxLineBytes { throw LineTooLong() }
            }
        }
        return out
    }

    /// Forgets a partial line and event: the connection ended, and a reconnect starts a new stream.
    mutating func reset() {
        line.removeAll()
        afterCR = false
        sawFirstLine = false
        eventType = ""
        data = ""
        hasData = false
    }

    private mutating func take(line bytes: Data) -> EventStreamMessage? {
        var text = String(decoding: bytes, as: UTF8.self)
        if !sawFirstLine {
            sawFirstLine = true
            if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        }
        if text.isEmpty { return dispatch() }
        if text.hasPrefix(":") { return nil }
        let field: Substring
        var value: Substring
        if let colon = text.firstIndex(of: ":") {
            field = text[..<colon]
            value = text[text.index(after: colon)...]
            if value.hasPrefix(" ") { value = value.dropFirst() }
        } else {
            field = text[...]
            value = ""
        }
        switch field {
        case "event": eventType = String(value)
        case "data":
            data += value
            data += "\n"
            hasData = true
        case "id" where !value.contains("\0"): lastEventId = String(value)
        case "retry" where !value.isEmpty && value.allSatisfy({ $0.isASCII && $0.isNumber }):
            retryMilliseconds = Int(value) ?? retryMilliseconds
        default: break
        }
        return nil
    }

    private mutating func dispatch() -> EventStreamMessage? {
        defer {
            data = ""
            hasData = false
            eventType = ""
        }
        guard hasData else { return nil }
        var body = data
        if body.hasSuffix("\n") { body.removeLast() }
        return EventStreamMessage(event: eventType.isEmpty ? "message" : eventType, data: body, id: lastEventId)
    }
}
