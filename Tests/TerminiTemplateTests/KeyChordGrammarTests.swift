import Testing
@testable import TerminiTemplate

/// The binding grammar: modifiers in any order and case, named keys, and a clear refusal, with the reason, of a
/// chord that no terminal sends.
@Suite struct KeyChordGrammarTests {
    @Test func modifiersInAnyOrderAndSpellingAreOneChord() throws {
        #expect(try KeyChord(parsing: "Ctrl+R") == KeyChord(parsing: "ctrl+r"))
        #expect(try KeyChord(parsing: "alt+ctrl+x") == KeyChord(parsing: "ctrl+alt+x"))
        #expect(try KeyChord(parsing: "meta-b") == KeyChord(parsing: "alt+b"))
        #expect(try KeyChord(parsing: "shift+tab") == KeyChord(parsing: "backtab"))
        #expect(try KeyChord(parsing: "ctrl+left").description == "ctrl+left")
        #expect(try KeyChord(parsing: "shift+alt+up").description == "alt+shift+up")
        #expect(try KeyChord(parsing: "alt+B").description == "alt+B")
        #expect(try KeyChord(parsing: "ctrl+s").display == "^S")
        #expect(try KeyChord(parsing: "alt+b").display == "M-b")
        #expect(try KeyChord(parsing: "ctrl+left").display == "C-←")
    }

    @Test func chordsNoTerminalSendsAreRefusedWithTheReason() {
        let refused: [(String, String)] = [
            ("ctrl+i", "as tab"), ("ctrl+m", "as enter"), ("ctrl+h", "as backspace"), ("ctrl+[", "as esc"),
            ("ctrl+1", "letter a-z"), ("ctrl+@", "ctrl+space"), ("shift+a", "bind 'A'"), ("ctrl+shift+a", "capital"),
            ("shift+enter", "without Shift"), ("ctrl+enter", "without Ctrl"), ("ctrl+tab", "without Ctrl"),
            ("alt+esc", "two Escs"), ("shift+space", "without Shift"), ("hyper+x", "unknown key"),
            ("ctrl+", "needs a key"), ("ctrl+ctrl+x", "twice"),
        ]
        for (text, reason) in refused {
            do {
                _ = try KeyChord(parsing: text)
                Issue.record("'\(text)' was accepted")
            } catch {
                #expect(error.description.contains(reason), "'\(text)': \(error.description)")
            }
        }
    }

    @Test func everyChordTheDecoderCanProduceIsAccepted() throws {
        for text in ["ctrl+s", "ctrl+q", "alt+b", "alt+enter", "alt+backspace", "ctrl+left", "ctrl+right", "shift+up",
                     "alt+down", "ctrl+home", "ctrl+end", "shift+home", "shift+pagedown", "ctrl+delete", "ctrl+f5",
                     "ctrl+space", "ctrl+\\", "ctrl+alt+b", "alt+?", "insert"] {
            #expect(throws: Never.self, "\(text)") { try KeyChord(parsing: text) }
        }
    }
}
