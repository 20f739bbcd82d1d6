import Dispatch
import Foundation
import TerminiTemplate

/// How a streamed body's bytes reach the script: UTF-8 text, or base64 (`responseType: 'arraybuffer'`).
public enum ChunkEncoding: Sendable, Equatable {
    case text
    case base64
}

/// Gathers a stream's bytes and hands them to the script at most once per frame interval, in pieces no larger than
/// `maxChunkBytes`: a server that sends a thousand small writes a second costs the script sixty calls, not a
/// thousand, and a line the server sent shows in the next frame.
///
/// Text is cut only between whole UTF-8 sequences, so a character split across two network reads arrives whole.
final class ChunkCoalescer: @unchecked Sendable {
    private let interval: Double
    private let maxChunkBytes: Int
    private let encoding: ChunkEncoding
    private let deliver: @Sendable (String) -> Void
    private let lock = NSLock()
    private var pending = Data()
    private var flushScheduled = false
    private var closed = false

    init(interval: Double, maxChunkBytes: Int, encoding: ChunkEncoding, deliver: @escaping @Sendable (String) -> Void) {
        self.interval = interval
        self.maxChunkBytes = max(4, maxChunkBytes)
        self.encoding = encoding
        self.deliver = deliver
    }

    /// Adds bytes; they are delivered at the end of the current frame interval.
    func append(_ data: Data) {
        lock.lock()
        guard !closed else { lock.unlock(); return }
        pending.append(data)
        let schedule = !flushScheduled
        flushScheduled = true
        lock.unlock()
        if schedule {
            DispatchQueue.global().asyncAfter(deadline: .now() + interval) { [weak self] in self?.flush(final: false) }
        }
    }

    /// Delivers everything still held, an incomplete trailing character included, and accepts nothing more. Called
    /// before the command answers, so the last chunk reaches the script before the promise settles.
    func finish() { flush(final: true) }

    /// Drops what is held and accepts nothing more (abort, failure).
    func discard() {
        lock.lock()
        closed = true
        pending = Data()
        lock.unlock()
    }

    private func flush(final: Bool) {
        lock.lock()
        flushScheduled = false
        guard !closed else { lock.unlock(); return }
        if final { closed = true }
        var bytes = pending
        pending = Data()
        if !final, encoding == .text {
            let whole = Self.completeUTF8Prefix(bytes)
            pending = bytes.subdata(in: whole..<bytes.count)
            bytes = bytes.subdata(in: 0..<whole)
        }
        // Delivering under the lock keeps the pieces of successive flushes in order.
        var start = 0
        while start < bytes.count {
            var end = min(start + maxChunkBytes, bytes.count)
            if encoding == .text, end < bytes.count {
                while end > start + 1, bytes[end] & 0xC0 == 0x80 { end -= 1 }
            }
            let piece = bytes.subdata(in: start..<end)
            switch encoding {
            case .text: deliver(String(decoding: piece, as: UTF8.self))
            case .base64: deliver(piece.base64EncodedString())
            }
            start = end
        }
        lock.unlock()
    }

    /// The length of the longest prefix of `bytes` that does not end inside a UTF-8 sequence.
    static func completeUTF8Prefix(_ bytes: Data) -> Int {
        let count = bytes.count
        var back = 1
        while back <= min(4, count) {
            let byte = bytes[bytes.startIndex + count - back]
            if byte & 0xC0 != 0x80 {
                let length = byte < 0x80 ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
                return length > back ? count - back : count
            }
            back += 1
        }
        return count
    }
}
