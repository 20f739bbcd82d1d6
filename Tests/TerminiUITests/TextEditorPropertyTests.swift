import Testing
import TerminiTemplate
@testable import TerminiUI

/// The editor against a reference written the plain way: the text as an array of graphemes, positions as indexes
/// into it, and undo as whole snapshots of the state before each group. Random edit sequences must leave both in
/// the same state after every step.
@Suite struct TextEditorPropertyTests {
    /// Graphemes that never join their neighbours, so an array of them is the text's graphemes.
    static let alphabet: [Character] = ["a", "b", "c", " ", "\n", "中", "e\u{301}", "👩‍👩‍👧", "_", "1", "."]

    struct Reference {
        struct State: Equatable { var text: [Character]; var caret: Int; var anchor: Int? }
        struct Group { var before: State; var caretAfter: Int }

        var state = State(text: [], caret: 0, anchor: nil)
        var killBuffer: [Character] = []
        var lastKilled = false
        var undo: [Group] = []
        var redo: [State] = []
        // The open group: what kind it is, how many characters it holds, and whether it ends in a space.
        var open: (kind: Int, count: Int, endsInSpace: Bool)?

        var text: [Character] { state.text }
        var caret: Int { state.caret }
        var selection: Range<Int>? {
            guard let a = state.anchor, a != state.caret else { return nil }
            return min(a, state.caret)..<max(a, state.caret)
        }

        static func isWord(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "_" }

        func wordEnd() -> Int {
            var i = caret
            while i < text.count && !Self.isWord(text[i]) { i += 1 }
            while i < text.count && Self.isWord(text[i]) { i += 1 }
            return i
        }
        func wordStart() -> Int {
            var i = caret
            while i > 0 && !Self.isWord(text[i - 1]) { i -= 1 }
            while i > 0 && Self.isWord(text[i - 1]) { i -= 1 }
            return i
        }
        func spaceWordStart() -> Int {
            var i = caret
            while i > 0 && text[i - 1].isWhitespace { i -= 1 }
            while i > 0 && !text[i - 1].isWhitespace { i -= 1 }
            return i
        }
        func lineStart() -> Int {
            var i = caret
            while i > 0 && text[i - 1] != "\n" { i -= 1 }
            return i
        }
        func lineEnd() -> Int {
            var i = caret
            while i < text.count && text[i] != "\n" { i += 1 }
            return i
        }

        /// Replaces `range`; `kind` 1 is typing, 2 deleting, 0 anything else (a group of its own).
        mutating func apply(_ range: Range<Int>, _ inserted: [Character], kind: Int) {
            let before = state
            let character = kind == 1 ? inserted.first : kind == 2 ? text[range].first : nil
            let isSpace = character?.isWhitespace ?? false
            if kind != 0, let group = open, group.kind == kind, before.anchor == nil, group.count < 100,
               character != "\n", !(group.endsInSpace && !isSpace)
            {
                open = (kind, group.count + 1, isSpace)
            } else {
                undo.append(Group(before: before, caretAfter: 0))
                open = (kind, 1, isSpace)
            }
            redo.removeAll()
            undoneGroups.removeAll()
            state.text.replaceSubrange(range, with: inserted)
            state.caret = range.lowerBound + inserted.count
            state.anchor = nil
            undo[undo.count - 1].caretAfter = state.caret
            if kind == 0 || character == "\n" { open = nil }
        }

        mutating func move(to target: Int, selecting: Bool) {
            open = nil
            state.anchor = selecting ? (state.anchor ?? caret) : nil
            state.caret = target
        }

        mutating func insert(_ inserted: [Character], kind: Int) {
            let range = selection ?? caret..<caret
            guard !inserted.isEmpty || !range.isEmpty else { return }
            apply(range, inserted, kind: range.isEmpty ? kind : 0)
        }

        mutating func kill(_ range: Range<Int>, backward: Bool, joining: Bool) {
            guard !range.isEmpty else {
                lastKilled = joining
                if state.anchor != nil { move(to: caret, selecting: false) }
                return
            }
            let killed = Array(text[range])
            killBuffer = !joining ? killed : backward ? killed + killBuffer : killBuffer + killed
            apply(range, [], kind: 0)
            lastKilled = true
        }

        mutating func run(_ command: TextEditCommand) {
            let joining = lastKilled
            lastKilled = false
            switch command {
            case .type(let c): insert([c], kind: 1)
            case .move(let motion, let selecting):
                let target: Int
                switch motion {
                case .left: target = max(0, caret - 1)
                case .right: target = min(text.count, caret + 1)
                case .wordLeft: target = wordStart()
                case .wordRight: target = wordEnd()
                case .lineStart: target = lineStart()
                case .lineEnd: target = lineEnd()
                case .textStart: target = 0
                case .textEnd: target = text.count
                default: return
                }
                move(to: target, selecting: selecting)
            case .deleteBackward:
                if let selection { apply(selection, [], kind: 0) } else if caret > 0 { apply((caret - 1)..<caret, [], kind: 2) }
            case .deleteForward:
                if let selection { apply(selection, [], kind: 0) } else if caret < text.count { apply(caret..<(caret + 1), [], kind: 2) }
            case .killWhitespaceWordBackward:
                if let selection { kill(selection, backward: true, joining: false) } else {
                    kill(spaceWordStart()..<caret, backward: true, joining: joining)
                }
            case .killWordBackward: kill(wordStart()..<caret, backward: true, joining: joining)
            case .killWordForward: kill(caret..<wordEnd(), backward: false, joining: joining)
            case .killToLineStart:
                let start = lineStart()
                kill((start == caret ? max(0, caret - 1) : start)..<caret, backward: true, joining: joining)
            case .killToLineEnd:
                let end = lineEnd()
                kill(caret..<(end == caret ? min(text.count, caret + 1) : end), backward: false, joining: joining)
            case .yank: insert(killBuffer, kind: 0)
            case .undo:
                guard let group = undo.popLast() else { return }
                redo.append(State(text: text, caret: group.caretAfter, anchor: nil))
                undoneGroups.append(group)
                state = group.before
                open = nil
            case .redo:
                guard let after = redo.popLast(), var group = undoneGroups.popLast() else { return }
                group.caretAfter = after.caret
                undo.append(group)
                state = after
                open = nil
            case .copy:
                if let selection { killBuffer = Array(text[selection]) }
            case .enter: insert(["\n"], kind: 1)
            }
        }
        var undoneGroups: [Group] = []

        mutating func paste(_ pasted: [Character]) {
            lastKilled = false
            insert(pasted, kind: 0)
        }
    }

    /// SplitMix64: the same sequences on every run, and a failure names its seed.
    struct Random {
        var state: UInt64
        mutating func next(_ n: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(n))
        }
    }

    static let commands: [TextEditCommand] = [
        .deleteBackward, .deleteForward, .killWhitespaceWordBackward, .killWordBackward, .killWordForward,
        .killToLineStart, .killToLineEnd, .yank, .undo, .redo, .copy, .enter,
    ] + [TextMotion.left, .right, .wordLeft, .wordRight, .lineStart, .lineEnd, .textStart, .textEnd].flatMap {
        [TextEditCommand.move($0, selecting: false), .move($0, selecting: true)]
    }

    /// The editor's position as an index into the reference's graphemes.
    static func graphemes(_ editor: TextEditor, upTo offset: Int) -> Int { editor.text[..<editor.index(offset)].count }

    @Test(arguments: 0..<40)
    func randomEditsMatchTheReference(seed: Int) {
        var random = Random(state: UInt64(seed) &* 7919)
        var editor = TextEditor()
        var reference = Reference()
        var log: [String] = []
        for _ in 0..<300 {
            let roll = random.next(100)
            if roll < 45 {
                let c = Self.alphabet[random.next(Self.alphabet.count)]
                log.append("type \(c.debugDescription)")
                _ = editor.perform(.type(c))
                reference.run(.type(c))
            } else if roll < 50 {
                let pasted = (0..<random.next(6)).map { _ in Self.alphabet[random.next(Self.alphabet.count)] }
                log.append("paste \(String(pasted).debugDescription)")
                _ = editor.paste(String(pasted))
                reference.paste(pasted)
            } else {
                // Undo and redo come often enough to unwind long runs.
                let command = roll < 60 ? (roll < 56 ? TextEditCommand.undo : .redo) : Self.commands[random.next(Self.commands.count)]
                log.append("\(command)")
                _ = editor.perform(command)
                reference.run(command)
            }
            let context = "seed \(seed) after \(log.suffix(8).joined(separator: "; "))"
            #expect(editor.text == String(reference.text), "\(context)")
            #expect(Self.graphemes(editor, upTo: editor.caret) == reference.caret, "\(context)")
            #expect(editor.anchor.map { Self.graphemes(editor, upTo: $0) } == reference.state.anchor, "\(context)")
            #expect(editor.killBuffer == String(reference.killBuffer), "\(context)")
            #expect(editor.lines == TextLineIndex(editor.text), "\(context)")
            if editor.text != String(reference.text) { return }
        }
        // Undoing everything gets back to the empty text; redoing everything to where the redos end.
        while editor.perform(.redo) != .unchanged {}
        let end = editor.text
        while editor.perform(.undo) != .unchanged {}
        #expect(editor.text == "")
        while editor.perform(.redo) != .unchanged {}
        #expect(editor.text == end)
    }
}
