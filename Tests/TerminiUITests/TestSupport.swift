import TerminiTemplate
@testable import TerminiUI

/// A template node in one line: `node("Text", ["p1": "hi"])`.
func node(_ cls: String, _ props: [String: JSONValue] = [:], loc: String? = nil, _ children: [TemplateNode] = [],
          else elseChildren: [TemplateNode]? = nil) -> TemplateNode
{
    var slots: [String: [TemplateNode]] = [:]
    if let elseChildren { slots["else"] = elseChildren }
    return TemplateNode(cls: cls, loc: loc ?? "test.swift:1:1", props: props, children: children, slots: slots)
}

func path(_ text: String) -> DataPath { (try? DataPath(parsing: text)) ?? .root }

/// Renders a page headless at the given size.
func render(_ root: TemplateNode, data: JSONValue = [:], width: Int = 40, height: Int = 10) -> String {
    PageView(root: root, data: data).renderText(width: width, height: height)
}

extension PageView {
    /// The first element of `type` in document order.
    func element(ofType type: any WidgetBehavior.Type, at n: Int = 0) -> Element? {
        var found: [Element] = []
        var stack = [tree.root]
        while let e = stack.popLast() {
            if e.kind.behavior == type { found.append(e) }
            stack.append(contentsOf: e.children.reversed())
        }
        return n < found.count ? found[n] : nil
    }

    /// The item elements of the first ForEach/ListView, keyed by their key's JSON text.
    func itemIdentities(of type: any WidgetBehavior.Type = ForEachProps.self) -> [String: ObjectIdentifier] {
        guard let list = element(ofType: type) else { return [:] }
        var out: [String: ObjectIdentifier] = [:]
        for item in list.children {
            if case .value(let k)? = item.key { out[k.serialized()] = ObjectIdentifier(item) }
        }
        return out
    }

    func itemKeys(of type: any WidgetBehavior.Type = ForEachProps.self) -> [String] {
        element(ofType: type)?.children.compactMap { if case .value(let k)? = $0.key { k.serialized() } else { nil } } ?? []
    }

    func frame() -> String {
        var buffer = CellBuffer(width: 40, height: 10)
        build(size: (40, 10))
        paint(into: &buffer)
        return buffer.renderText()
    }
}

extension Element {
    /// A text field's text.
    var editText: String { (state as? TextEditState)?.editor.text ?? "" }
    /// A text field's caret, in graphemes from the start.
    var cursor: Int {
        guard let editor = (state as? TextEditState)?.editor else { return 0 }
        return editor.text[..<editor.index(editor.caret)].count
    }
}

/// The text with the scroll indicator that a focused ListView, ScrollView or Log draws in its last column taken off,
/// for tests about what the view shows rather than its focus.
func withoutScrollIndicator(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
        var line = Substring(line)
        if let last = line.last, last == "│" || last == "┃" { line = line.dropLast() }
        while line.last == " " { line = line.dropLast() }
        return String(line)
    }.joined(separator: "\n")
}
