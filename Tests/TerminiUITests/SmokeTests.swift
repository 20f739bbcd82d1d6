import Testing
import TerminiTemplate
@testable import TerminiUI

@Suite struct SmokeTests {
    @Test func columnOfWidgets() {
        let root = node("Column", ["spacing": 0], [
            node("Text", ["p1": "Todo ({{todos.length}})", "style": ["cmd": "bold"]]),
            node("ForEach", ["p1": "{{todos}}", "key": "id", "item": "todo"], [
                node("Checkbox", ["checked": "{{todo.done}}", "label": "{{todo.title}}", "onToggle": "toggle"]),
            ]),
            node("If", ["p1": "{{todos.length == 0}}"], [node("Text", ["p1": "Nothing"])], else: [node("Divider")]),
            node("Button", ["p1": "Clear"]),
        ])
        let data: JSONValue = ["todos": [["id": 1, "title": "milk", "done": true], ["id": 2, "title": "eggs", "done": false]]]
        #expect(render(root, data: data, width: 20, height: 6) == "Todo (2)\n[x] milk\n[ ] eggs\n────────────────────\n[ Clear ]\n")
    }
}
