import Testing
import TerminiTemplate
@testable import TerminiUI

/// Templates that reach the engine without `tplgen` (a bundle's JSON is anyone's to write) with bindings at extreme
/// depth: an error box at the widget's loc, never a crash, and no structure built from them frees itself
/// recursively (issue 27, item 2).
@Suite struct HostileTemplateTests {
    @Test(arguments: [257, 50_000]) func aBindingWithTooManyMemberAccessesIsAnErrorBox(steps: Int) {
        let binding = "{{msg" + String(repeating: ".a", count: steps) + "}}"
        let root = node("Column", [:], [node("Text", ["p1": .string(binding)], loc: "p.swift:3:5"), node("Text", ["p1": "ok"])])
        let page = PageView(root: root, data: ["msg": "hi"])
        let text = page.renderText(width: 80, height: 10)
        #expect(text.contains("p.swift:3:5"), "\(text)")
        #expect(page.diagnostics.first?.message.contains("more than 256 steps") == true, "\(page.diagnostics)")
        #expect(text.split(separator: "\n").contains("ok"), "\(text)")
    }

    @Test func aBindingAtTheStepLimitReadsItsValue() {
        var data: JSONValue = "deep"
        for _ in 0..<255 { data = ["a": data] }
        let root = node("Text", ["p1": .string("{{msg" + String(repeating: ".a", count: 255) + "}}")])
        #expect(render(root, data: ["msg": data], width: 10, height: 1) == "deep")
    }

    /// A trie as deep as a path of 200,000 components is freed without a recursion per level (the default deinit
    /// overflowed the stack at about 50,000), and sweeping it walks it in a loop too.
    @Test func aVeryDeepReadIndexIsFreedAndSweptWithoutRecursion() {
        let deep = DataPath(Array(repeating: .key("a"), count: 200_000))
        do {
            let index = ReadIndex()
            _ = index.mover(from: .root, to: deep)
            #expect(index.nodeCount == 200_001)
            index.sweepForTesting()
            #expect(index.nodeCount == 1)
            _ = index.mover(from: .root, to: deep)
        }
        // Reaching here is the test: the index and its 200,000-level trie are gone.
    }
}
