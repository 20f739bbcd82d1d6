import TerminiTemplate
import TerminiCanvas

/// Turns the bytes a terminal sends into keys, pastes and mouse events, as xterm, tmux, kitty and their kin encode
/// them; pure and incremental, so a sequence split across reads at any byte decodes the same as one read.
///
/// What it understands:
/// - plain UTF-8 text and C0 controls (`^A`…`^Z` as Ctrl chords, `^@` as Ctrl-Space, DEL as Backspace);
/// - Alt as Esc before a key (`ESC b` is `alt+b`), when both are already here: a lone Esc waits for
///   `flushPendingEscape()`, which the backend calls once the escape delay passes with nothing more;
/// - xterm's cursor and editing keys, plain (`CSI A`, `SS3 A`, `CSI 3~`) and modified (`CSI 1;5D` is `ctrl+left`,
///   `CSI 5;3~` is `alt+pageup`), and `CSI Z` (Shift-Tab);
/// - the kitty keyboard protocol's `CSI <code>;<mods>u` and its answer to the support query (`CSI ? <flags> u`);
/// - bracketed paste (`CSI 200~` … `CSI 201~`), as one event however long, clipped at `PasteLimit.bytes`;
/// - SGR mouse reports (`CSI < b;x;y M`, release `m`).
/// Anything else (focus reports, device attributes, unknown sequences) is consumed and dropped, never typed.
public struct TerminalInputDecoder {
    /// What the bytes meant.
    public enum Output: Hashable, Sendable {
        case input(InputEvent)
        /// The terminal answered the kitty keyboard protocol query: it can report keys unambiguously.
        case kittyKeyboardSupported
    }

    private var buffer: [UInt8] = []
    private var start = 0
    /// The text of a paste in progress, once its opening `CSI 200~` has arrived.
    private var paste: [UInt8]?
    private var pasteLength = 0
    /// How far the search for the paste's end has looked, so each byte is scanned once.
    private var pasteScanned = 0
    /// A control sequence grew past `maximumSequenceLength`: its remaining parameter bytes are dropped up to and
    /// including its final byte, so none of it is typed.
    private var discardingSequence = false

    /// The longest control sequence taken whole; a longer one is garbage and is dropped.
    static let maximumSequenceLength = 64

    public init() {}

    /// Whether bytes are held that may be the start of a longer sequence (a lone Esc, half a CSI or UTF-8
    /// character): the backend waits the escape delay for the rest, then calls `flushPendingEscape`.
    public var hasPendingBytes: Bool { start < buffer.count }

    /// Whether a bracketed paste has begun and not yet ended.
    public var isInPaste: Bool { paste != nil }

    /// Takes bytes as they were read and returns what they complete.
    public mutating func feed<Bytes: Collection>(_ bytes: Bytes) -> [Output] where Bytes.Element == UInt8 {
        buffer.append(contentsOf: bytes)
        var out: [Output] = []
        decodeAvailable(into: &out)
        if start > 4096 && start * 2 > buffer.count {
            buffer.removeFirst(start)
            pasteScanned = max(0, pasteScanned - start)
            start = 0
        }
        return out
    }

    /// The escape delay passed with nothing more: what is held means what it says on its own. A lone Esc is Esc,
    /// Esc then `[` or `O` is Alt with that key, and a sequence or character cut short is dropped. A paste cut short
    /// (its end never came) ends here with what arrived.
    public mutating func flushPendingEscape() -> [Output] {
        var out: [Output] = []
        discardingSequence = false
        if paste != nil {
            take(upTo: buffer.count)
            out.append(finishPaste())
            return out
        }
        let held = Array(buffer[start...])
        buffer.removeAll(keepingCapacity: true)
        start = 0
        switch held {
        case [0x1B]: out.append(.input(.key(.escape)))
        case [0x1B, 0x5B]: out.append(.input(.key(Key.character("[").with(.alt))))
        case [0x1B, 0x4F]: out.append(.input(.key(Key.character("O").with(.alt))))
        case _ where held.count > 1 && held[0] == 0x1B && held[1] == 0x1B:
            // Esc pressed twice within the delay: the first is an Esc of its own, and what follows it decodes anew.
            out.append(.input(.key(.escape)))
            out += feed(held.dropFirst())
            out += flushPendingEscape()
        default: break   // a sequence or a character cut short
        }
        return out
    }

    // MARK: - Decoding

    private mutating func decodeAvailable(into out: inout [Output]) {
        while true {
            if paste != nil {
                guard scanPaste(into: &out) else { return }
                continue
            }
            guard start < buffer.count else { return }
            let byte = buffer[start]
            if discardingSequence {
                // Parameter bytes are dropped, the final byte ends the sequence with them, and anything else ends it
                // and is read as itself (as `decodeCSI` does with a sequence cut off so).
                if (0x20...0x7E).contains(byte) { start += 1 }
                if !(0x20...0x3F).contains(byte) { discardingSequence = false }
                continue
            }
            let step: Step
            if byte == 0x1B {
                step = decodeEscape(at: start)
            } else if byte < 0x80 {
                step = .complete(1, Self.plainKey(byte).map { .input(.key($0)) })
            } else {
                step = decodeUTF8(at: start)
            }
            switch step {
            case .incomplete:
                if buffer.count - start > Self.maximumSequenceLength {
                    start = buffer.count
                    discardingSequence = true
                }
                return
            case .complete(let length, let output):
                start += length
                if let output { out.append(output) }
            case .beginPaste(let length):
                start += length
                paste = []
                pasteLength = 0
                pasteScanned = start
            }
        }
    }

    private enum Step {
        case incomplete
        case complete(Int, Output?)
        case beginPaste(Int)
    }

    /// A C0 control or printable ASCII byte as a key.
    static func plainKey(_ byte: UInt8) -> Key? {
        switch byte {
        case 0: return Key.space.with(.control)
        case 9: return .tab
        case 10, 13: return .enter
        case 8, 0x7F: return .backspace
        case 0x20: return .space
        case 1...26: return .control(Character(Unicode.Scalar(0x60 + byte)))
        case 0x1C...0x1F: return .control(Character(Unicode.Scalar(0x40 + byte)))
        case 0x21..<0x7F: return .character(Character(Unicode.Scalar(byte)))
        default: return nil
        }
    }

    /// One UTF-8 character starting at `index`: its length and the character, nil-length when cut short, and an
    /// invalid byte skipped alone.
    private func decodeUTF8(at index: Int) -> Step {
        let lead = buffer[index]
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
        guard length > 1 else { return .complete(1, nil) }   // a stray continuation byte
        guard index + length <= buffer.count else { return .incomplete }
        let bytes = buffer[index..<(index + length)]
        guard bytes.dropFirst().allSatisfy({ $0 & 0xC0 == 0x80 }),
              let scalar = String(validating: bytes, as: UTF8.self)?.unicodeScalars.first,
              scalar.value >= 0xA0 else { return .complete(1, nil) }   // C1 controls have no printable form
        return .complete(length, .input(.key(.character(Character(scalar)))))
    }

    /// Esc and what follows it: a CSI or SS3 sequence, or Alt with a key.
    private func decodeEscape(at index: Int) -> Step {
        guard index + 1 < buffer.count else { return .incomplete }
        let next = buffer[index + 1]
        switch next {
        case 0x5B: return decodeCSI(at: index)
        case 0x4F:
            guard index + 2 < buffer.count else { return .incomplete }
            let key = Self.finalKey(buffer[index + 2])
            return .complete(3, key.map { .input(.key($0)) })
        case 0x1B:
            // Esc Esc: some terminals send Alt with a sequence so (`ESC ESC [ A` for alt+up); otherwise the first is
            // a plain Esc.
            if index + 2 < buffer.count, buffer[index + 2] == 0x5B {
                switch decodeCSI(at: index + 1) {
                case .incomplete: return .incomplete
                case .complete(let length, .input(.key(let key))?): return .complete(length + 1, .input(.key(key.with(.alt))))
                case .complete(let length, let other): return .complete(length + 1, other)
                case .beginPaste: return .complete(1, .input(.key(.escape)))
                }
            }
            if index + 2 >= buffer.count { return .incomplete }
            return .complete(1, .input(.key(.escape)))
        default:
            if next < 0x80 {
                return .complete(2, Self.plainKey(next).map { .input(.key($0.with(.alt))) })
            }
            switch decodeUTF8(at: index + 1) {
            case .incomplete: return .incomplete
            case .complete(let length, .input(.key(let key))?): return .complete(length + 1, .input(.key(key.with(.alt))))
            default: return .complete(2, nil)
            }
        }
    }

    /// `CSI params final`: keys, paste brackets, mouse reports and the kitty support answer.
    private func decodeCSI(at index: Int) -> Step {
        var end = index + 2
        while end < buffer.count, !(0x40...0x7E).contains(buffer[end]) {
            guard (0x20...0x3F).contains(buffer[end]) else { return .complete(end - index, nil) }   // not a CSI after all
            end += 1
        }
        guard end < buffer.count else { return .incomplete }
        let length = end - index + 1
        if length > Self.maximumSequenceLength { return .complete(length, nil) }
        let final = buffer[end]
        let body = buffer[(index + 2)..<end]
        let privateMarker = body.first.flatMap { (0x3C...0x3F).contains($0) ? $0 : nil }
        let parameterBytes = privateMarker == nil ? body[...] : body.dropFirst()
        let parameters = Self.parameters(parameterBytes)
        func value(_ i: Int, default fallback: Int = 1) -> Int { i < parameters.count ? parameters[i].first ?? fallback : fallback }
        let modifiers = KeyModifiers(csiParameter: value(1))

        switch (privateMarker, final) {
        case (0x3C, 0x4D), (0x3C, 0x6D):   // SGR mouse: CSI < b ; x ; y M|m
            let mouse = Self.mouse(button: value(0, default: 0), x: value(1) - 1, y: value(2) - 1, released: final == 0x6D)
            return .complete(length, mouse.map { .input(.mouse($0)) })
        case (0x3F, 0x75):                 // CSI ? flags u: the kitty protocol's answer
            return .complete(length, .kittyKeyboardSupported)
        case (nil, 0x7E):
            let number = value(0)
            if number == 200 { return .beginPaste(length) }
            return .complete(length, Self.tildeKey(number).map { .input(.key($0.with(modifiers))) })
        case (nil, 0x75):                  // kitty: CSI code[:shifted] ; mods[:event] u
            guard value(1) < 2 || parameters[1].count < 2 || parameters[1][1] != 3 else { return .complete(length, nil) }  // release
            return .complete(length, Self.kittyKey(value(0)).map { .input(.key($0.with(modifiers))) })
        case (nil, 0x5A):                  // CSI Z: Shift-Tab
            return .complete(length, .input(.key(Key.backTab.with(modifiers.subtracting(.shift)))))
        case (nil, _):
            return .complete(length, Self.finalKey(final).map { .input(.key($0.with(modifiers))) })
        default:
            return .complete(length, nil)
        }
    }

    /// `1;5` as [[1], [5]], `97:65;2` as [[97, 65], [2]]; an empty field is empty.
    private static func parameters(_ bytes: ArraySlice<UInt8>) -> [[Int]] {
        var fields: [[Int]] = [[]]
        var number: Int?
        func close() {
            if let n = number { fields[fields.count - 1].append(n) }
            number = nil
        }
        for byte in bytes {
            switch byte {
            case 0x30...0x39: number = min(1_000_000, (number ?? 0) * 10 + Int(byte - 0x30))
            case 0x3A: close()
            case 0x3B: close(); fields.append([])
            default: break
            }
        }
        close()
        return fields
    }

    /// The key a CSI or SS3 sequence's final letter names.
    static func finalKey(_ final: UInt8) -> Key? {
        switch final {
        case 0x41: .up
        case 0x42: .down
        case 0x43: .right
        case 0x44: .left
        case 0x48: .home
        case 0x46: .end
        case 0x50: .function(1)
        case 0x51: .function(2)
        case 0x52: .function(3)
        case 0x53: .function(4)
        case 0x4D: .enter   // SS3 M: the keypad's Enter
        default: nil
        }
    }

    /// The key of `CSI <n>~` (vt220 editing keys and function keys).
    static func tildeKey(_ number: Int) -> Key? {
        switch number {
        case 1, 7: .home
        case 2: .insert
        case 3: .delete
        case 4, 8: .end
        case 5: .pageUp
        case 6: .pageDown
        case 11...15: .function(number - 10)
        case 17...21: .function(number - 11)
        case 23, 24: .function(number - 12)
        default: nil
        }
    }

    /// A kitty protocol key code: a Unicode code point, or one of its private-use codes for keys without one.
    static func kittyKey(_ code: Int) -> Key? {
        switch code {
        case 9: return .tab
        case 13, 57414: return .enter
        case 27: return .escape
        case 8, 127: return .backspace
        case 32: return .space
        case 57399...57408: return .character(Character(Unicode.Scalar(UInt8(0x30 + code - 57399))))  // keypad digits
        case 57376...57398: return nil   // F13 and beyond
        case 57344...63743: return nil   // other private-use codes: lock and modifier keys alone, media keys
        default:
            guard code > 0x20, code != 0x7F, let scalar = Unicode.Scalar(code) else { return nil }
            return .character(Character(scalar))
        }
    }

    /// An SGR mouse report: button 0 press or release, the wheel (64 up, 65 down); motion and other buttons are
    /// dropped.
    static func mouse(button: Int, x: Int, y: Int, released: Bool) -> MouseEvent? {
        guard x >= 0, y >= 0, button & 32 == 0 else { return nil }   // 32: motion
        switch button & ~0b1_1100 {   // the modifier bits (4 shift, 8 alt, 16 ctrl) do not change what was clicked
        case 0: return MouseEvent(x: x, y: y, kind: released ? .release : .press)
        case 64: return released ? nil : MouseEvent(x: x, y: y, kind: .scrollUp)
        case 65: return released ? nil : MouseEvent(x: x, y: y, kind: .scrollDown)
        default: return nil
        }
    }

    // MARK: - Paste

    private static let pasteEnd: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]   // CSI 201~

    /// Moves pasted bytes out of the buffer until the paste's end; returns whether the paste ended.
    private mutating func scanPaste(into out: inout [Output]) -> Bool {
        let terminator = Self.pasteEnd
        var i = max(start, pasteScanned)
        var found: Int?
        buffer.withUnsafeBufferPointer { bytes in
            while i + terminator.count <= bytes.count {
                // Jump to the next Esc: a paste is text, so this is a scan of bytes for one value.
                guard let escape = bytes[i...].firstIndex(of: 0x1B) else { i = bytes.count; break }
                i = escape
                guard i + terminator.count <= bytes.count else { break }
                if bytes[i..<(i + terminator.count)].elementsEqual(terminator) {
                    found = i
                    break
                }
                i += 1
            }
        }
        guard let found else {
            // Keep back what could be the start of the end marker; take the rest into the paste now, so a long
            // paste does not pile up in the buffer.
            let keep = min(terminator.count - 1, buffer.count - start)
            take(upTo: buffer.count - keep)
            pasteScanned = start
            return false
        }
        take(upTo: found)
        start = found + terminator.count
        out.append(finishPaste())
        return true
    }

    private mutating func take(upTo end: Int) {
        guard end > start else { return }
        let room = PasteLimit.bytes - (paste?.count ?? 0)
        if room > 0 { paste?.append(contentsOf: buffer[start..<min(end, start + room)]) }
        pasteLength += end - start
        start = end
    }

    /// The paste taken so far as one event; the decoder leaves paste mode.
    private mutating func finishPaste() -> Output {
        var bytes = paste ?? []
        let clipped = pasteLength > bytes.count ? pasteLength : nil
        paste = nil
        // Cut a clipped paste at a character boundary rather than leave half a character.
        if clipped != nil {
            while let last = bytes.last, last & 0xC0 == 0x80 { bytes.removeLast() }
            if let last = bytes.last, last >= 0xC0 { bytes.removeLast() }
        }
        return .input(.paste(Self.pasteText(bytes), clippedFrom: clipped))
    }

    /// Pasted bytes as text: terminals send a pasted newline as CR (as if Enter were typed), so CR LF and CR become
    /// LF; invalid UTF-8 becomes U+FFFD; other control characters but Tab are dropped, so a paste cannot carry an
    /// escape sequence into the page.
    static func pasteText(_ bytes: [UInt8]) -> String {
        var cleaned: [UInt8] = []
        cleaned.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            switch byte {
            case 0x0D:
                cleaned.append(0x0A)
                if i + 1 < bytes.count, bytes[i + 1] == 0x0A { i += 1 }
            case 0x09, 0x0A: cleaned.append(byte)
            case 0..<0x20, 0x7F: break
            default: cleaned.append(byte)
            }
            i += 1
        }
        return String(decoding: cleaned, as: UTF8.self)
    }
}
