import Testing
import TerminiTemplate
import TerminiUI
@testable import TerminiTerminal

/// The byte decoder against every encoding it claims, each fed whole and split at every byte (a read can end
/// anywhere), which must decode the same.
@Suite struct TerminalInputDecoderTests {
    /// Decodes `bytes` whole, then split into two reads at every position and one byte per read; all must agree.
    /// The escape delay passes only at the end.
    private func decodeEverySplit(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> [TerminalInputDecoder.Output] {
        let bytes = Array(text.utf8)
        var whole = TerminalInputDecoder()
        let expected = whole.feed(bytes) + whole.flushPendingEscape()
        for split in 1..<max(1, bytes.count) {
            var decoder = TerminalInputDecoder()
            let got = decoder.feed(bytes[..<split]) + decoder.feed(bytes[split...]) + decoder.flushPendingEscape()
            #expect(got == expected, "split at byte \(split) of \(bytes)", sourceLocation: sourceLocation)
        }
        var bytewise = TerminalInputDecoder()
        var got: [TerminalInputDecoder.Output] = []
        for byte in bytes { got += bytewise.feed([byte]) }
        got += bytewise.flushPendingEscape()
        #expect(got == expected, "one byte per read", sourceLocation: sourceLocation)
        return expected
    }

    private func keys(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> [Key] {
        decodeEverySplit(text, sourceLocation: sourceLocation).compactMap {
            if case .input(.key(let key)) = $0 { return key } else { return nil }
        }
    }

    @Test func plainTextAndControls() {
        #expect(keys("aZ?") == [.character("a"), .character("Z"), .character("?")])
        #expect(keys(" \t\r\n\u{7F}\u{08}") == [.space, .tab, .enter, .enter, .backspace, .backspace])
        #expect(keys("\u{01}\u{13}\u{11}\u{17}\u{1A}") == [.control("a"), .control("s"), .control("q"), .control("w"), .control("z")])
        #expect(keys("\u{00}") == [Key.space.with(.control)])
        #expect(keys("\u{1C}\u{1D}\u{1F}") == [.control("\\"), .control("]"), .control("_")])
    }

    @Test func utf8CharactersWhateverTheSplit() {
        #expect(keys("é世😀") == [.character("é"), .character("世"), .character("😀")])
        // A stray continuation byte and a C1 control type nothing.
        var decoder = TerminalInputDecoder()
        #expect(decoder.feed([0x80, 0xC2, 0x85, 0x61]) == [.input(.key(.character("a")))])
    }

    @Test func altIsEscBeforeTheKey() {
        #expect(keys("\u{1B}b") == [Key.character("b").with(.alt)])
        #expect(keys("\u{1B}B") == [.modified(.character("B"), .alt)])
        #expect(keys("\u{1B}\u{02}") == [.modified(.control("b"), .alt)])
        #expect(keys("\u{1B}\u{7F}") == [.modified(.backspace, .alt)])
        #expect(keys("\u{1B}\r") == [.modified(.enter, .alt)])
        #expect(keys("\u{1B}é") == [.modified(.character("é"), .alt)])
        #expect(keys("\u{1B}\u{1B}[A") == [.modified(.up, .alt)])
    }

    @Test func aLoneEscWaitsForTheDelayThenIsEsc() {
        var decoder = TerminalInputDecoder()
        #expect(decoder.feed([0x1B]).isEmpty)
        #expect(decoder.hasPendingBytes)
        #expect(decoder.flushPendingEscape() == [.input(.key(.escape))])
        #expect(!decoder.hasPendingBytes)
        // Esc then a key after the delay are two keys, not an Alt chord.
        #expect(decoder.feed(Array("b".utf8)) == [.input(.key(.character("b")))])
        #expect(keys("\u{1B}") == [.escape])
        #expect(keys("\u{1B}\u{1B}") == [.escape, .escape])
        #expect(keys("\u{1B}\u{1B}\u{1B}") == [.escape, .escape, .escape])
        #expect(keys("\u{1B}\u{1B}x") == [.escape, .modified(.character("x"), .alt)])
        #expect(keys("\u{1B}[") == [.modified(.character("["), .alt)])
        #expect(keys("\u{1B}O") == [.modified(.character("O"), .alt)])
    }

    @Test func cursorAndEditingKeysPlainAndModified() {
        #expect(keys("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D\u{1B}[H\u{1B}[F") == [.up, .down, .right, .left, .home, .end])
        #expect(keys("\u{1B}OA\u{1B}OD\u{1B}OH\u{1B}OP\u{1B}OS") == [.up, .left, .home, .function(1), .function(4)])
        #expect(keys("\u{1B}[1;5D") == [.modified(.left, .control)])
        #expect(keys("\u{1B}[1;2A") == [.modified(.up, .shift)])
        #expect(keys("\u{1B}[1;3B") == [.modified(.down, .alt)])
        #expect(keys("\u{1B}[1;6C") == [.modified(.right, [.control, .shift])])
        #expect(keys("\u{1B}[1;5H\u{1B}[1;5F") == [.modified(.home, .control), .modified(.end, .control)])
        #expect(keys("\u{1B}[1;2H") == [.modified(.home, .shift)])
        #expect(keys("\u{1B}[2~\u{1B}[3~\u{1B}[5~\u{1B}[6~\u{1B}[1~\u{1B}[4~") == [.insert, .delete, .pageUp, .pageDown, .home, .end])
        #expect(keys("\u{1B}[3;5~\u{1B}[5;3~\u{1B}[6;2~") == [.modified(.delete, .control), .modified(.pageUp, .alt), .modified(.pageDown, .shift)])
        #expect(keys("\u{1B}[15~\u{1B}[24~\u{1B}[15;5~") == [.function(5), .function(12), .modified(.function(5), .control)])
        #expect(keys("\u{1B}[1;5P") == [.modified(.function(1), .control)])
        #expect(keys("\u{1B}[Z") == [.backTab])
    }

    @Test func kittyProtocolKeys() {
        #expect(keys("\u{1B}[27u") == [.escape])
        #expect(keys("\u{1B}[98;3u") == [.modified(.character("b"), .alt)])
        #expect(keys("\u{1B}[115;5u") == [.control("s")])
        #expect(keys("\u{1B}[105;5u") == [.control("i")])   // Ctrl-I apart from Tab, as only kitty can say
        #expect(keys("\u{1B}[13;2u") == [.modified(.enter, .shift)])
        #expect(keys("\u{1B}[9;2u") == [.backTab])
        #expect(keys("\u{1B}[127;5u") == [.modified(.backspace, .control)])
        #expect(keys("\u{1B}[97:65;2u") == [.character("A")])   // shift+a, with the shifted key reported
        #expect(keys("\u{1B}[57441u").isEmpty)                    // Shift alone
        #expect(decodeEverySplit("\u{1B}[?1u") == [.kittyKeyboardSupported])
    }

    @Test func mouseReportsInSGRForm() {
        let events = decodeEverySplit("\u{1B}[<0;5;3M\u{1B}[<0;5;3m\u{1B}[<64;1;1M\u{1B}[<65;200;90M\u{1B}[<32;4;4M\u{1B}[<2;1;1M")
        #expect(events == [
            .input(.mouse(MouseEvent(x: 4, y: 2, kind: .press))), .input(.mouse(MouseEvent(x: 4, y: 2, kind: .release))),
            .input(.mouse(MouseEvent(x: 0, y: 0, kind: .scrollUp))), .input(.mouse(MouseEvent(x: 199, y: 89, kind: .scrollDown))),
        ])
    }

    @Test func bracketedPasteIsOneEventWithItsNewlinesAndNoKeys() {
        let events = decodeEverySplit("x\u{1B}[200~one\r\ntwo\tthree\rfour\u{1B}[201~y")
        #expect(events == [.input(.key(.character("x"))), .input(.paste("one\ntwo\tthree\nfour", clippedFrom: nil)),
                           .input(.key(.character("y")))])
        // Escapes and other controls inside a paste never reach the page; a paste that holds `CSI 20` but not the
        // end marker goes on.
        #expect(decodeEverySplit("\u{1B}[200~a\u{1B}[2Jb\u{1B}[20c\u{03}\u{1B}[201~")
                == [.input(.paste("a[2Jb[20c", clippedFrom: nil))])
        #expect(decodeEverySplit("\u{1B}[200~\u{1B}[201~") == [.input(.paste("", clippedFrom: nil))])
    }

    @Test func aPasteWhoseEndNeverComesEndsAtTheFlush() {
        var decoder = TerminalInputDecoder()
        #expect(decoder.feed(Array("\u{1B}[200~abc".utf8)).isEmpty)
        #expect(decoder.isInPaste)
        #expect(decoder.flushPendingEscape() == [.input(.paste("abc", clippedFrom: nil))])
        #expect(decoder.feed(Array("d".utf8)) == [.input(.key(.character("d")))])
    }

    @Test func aPasteOverTheLimitKeepsItsStartAndSaysHowLongItWas() {
        var decoder = TerminalInputDecoder()
        let chunk = [UInt8](repeating: 0x61, count: 1 << 20)
        var events = decoder.feed(Array("\u{1B}[200~é".utf8))
        let chunks = PasteLimit.bytes / chunk.count + 2
        for _ in 0..<chunks { events += decoder.feed(chunk) }
        events += decoder.feed(Array("\u{1B}[201~".utf8))
        guard case .input(.paste(let text, let clippedFrom))? = events.first, events.count == 1 else {
            Issue.record("expected one paste, got \(events.count) events: \(events.map { "\($0)".prefix(80) })")
            return
        }
        #expect(clippedFrom == 2 + chunks * chunk.count)
        #expect(text.utf8.count <= PasteLimit.bytes && text.utf8.count > PasteLimit.bytes - 4)
        #expect(text.hasPrefix("éaaa"))
    }

    @Test func garbageIsDroppedNotTyped() {
        #expect(keys("\u{1B}[?62;22c\u{1B}[I\u{1B}[O\u{1B}[999~a") == [.character("a")])
        let long = "\u{1B}[" + String(repeating: "1;", count: 100) + "A" + "b"
        #expect(keys(long).last == .character("b"))
        #expect(keys(long).count <= 3)
    }

    @Test func keyNamesAndChordsRoundTrip() throws {
        for text in ["alt+b", "ctrl+s", "ctrl+left", "shift+up", "alt+down", "ctrl+home", "shift+tab", "ctrl+alt+x",
                     "alt+backspace", "ctrl+shift+right", "alt+B", "ctrl+space", "f5", "ctrl+f5"] {
            let chord = try KeyChord(parsing: text)
            let key = Key(chord: chord)
            #expect(key.chord == chord, "\(text)")
            #expect(Key(name: key.name) == key, "\(text) named \(key.name)")
            #expect(Key(name: text) == key, "\(text) as an events-file name")
        }
        #expect(Key(name: "Alt-b") == .modified(.character("b"), .alt))
        #expect(Key(name: "Ctrl-Left") == .modified(.left, .control))
        #expect(Key(name: "Ctrl-r") == .control("r"))
        #expect(Key.modified(.left, .control).name == "Ctrl-Left")
    }
}
