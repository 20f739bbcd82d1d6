import Testing
import TerminiTemplate
@testable import TerminiUI

/// The sample todo page (Templates/todo/pages/index.swift) as `tplgen compile` emits it, driven like a user would.
@Suite struct TodoPageTests {
    static let json = #"{"deps":["doneCount","draft","todos"],"format":"termini.template/1","page":"index","root":{"children":[{"cls":"Text","loc":"Templates/todo/pages/index.swift:3:14","p1":"Todo ({{todos.length}})","style":{"cls":"TextStyle","cmd":"bold"}},{"cls":"TextField","loc":"Templates/todo/pages/index.swift:8:9","onChange":"onDraft","onSubmit":"addTodo","placeholder":"What needs doing?","value":"{{draft}}"},{"children":[{"children":[{"checked":"{{todo.done}}","cls":"Checkbox","data":{"id":"{{todo.id}}"},"loc":"Templates/todo/pages/index.swift:11:17","onToggle":"toggle"},{"cls":"Text","color":{"cls":"Color","cmd":"cyan"},"loc":"Templates/todo/pages/index.swift:12:17","p1":"{{todo.title}}","style":"{{todo.done ? 'dim' : 'plain'}}"},{"cls":"Spacer","loc":"Templates/todo/pages/index.swift:13:17"},{"cls":"Button","data":{"index":"{{i}}"},"loc":"Templates/todo/pages/index.swift:14:17","onTap":"moveUp","p1":"\u2191"},{"cls":"Button","data":{"index":"{{i}}"},"loc":"Templates/todo/pages/index.swift:15:17","onTap":"moveDown","p1":"\u2193"},{"cls":"Button","data":{"id":"{{todo.id}}"},"loc":"Templates/todo/pages/index.swift:16:17","onTap":"remove","p1":"\u2715"}],"cls":"Row","loc":"Templates/todo/pages/index.swift:10:13","spacing":1}],"cls":"ForEach","index":"i","item":"todo","key":"id","loc":"Templates/todo/pages/index.swift:9:9","p1":"{{todos}}"},{"children":[{"cls":"Text","loc":"Templates/todo/pages/index.swift:19:39","p1":"Nothing to do","style":{"cls":"TextStyle","cmd":"dim"}}],"cls":"If","else":[{"cls":"Divider","loc":"Templates/todo/pages/index.swift:19:84"}],"loc":"Templates/todo/pages/index.swift:19:9","p1":"{{todos.length == 0}}"},{"children":[{"cls":"Button","loc":"Templates/todo/pages/index.swift:20:43","onTap":"clearDone","p1":"Clear done ({{doneCount}})"}],"cls":"Padding","loc":"Templates/todo/pages/index.swift:20:9","p1":{"cls":"EdgeInsets","cmd":"symmetric","h":2,"v":0}}],"cls":"Column","loc":"Templates/todo/pages/index.swift:6:5","spacing":1},"source":"todo/pages/index.swift","title":"Todo"}"#

    func page() throws -> PageView {
        let file = try TemplateFile(jsonText: Self.json)
        return PageView(template: file, data: [
            "draft": "", "doneCount": 1,
            "todos": [["id": 1, "title": "Buy milk", "done": true], ["id": 2, "title": "写代码 today", "done": false]],
        ])
    }

    @Test func rendersTheSamplePage() throws {
        let page = try page()
        #expect(page.renderText(width: 40, height: 12) == """
            Todo (2)

            What needs doing?

            [x] Buy milk           [ ↑ ] [ ↓ ] [ ✕ ]

            [ ] 写代码 today       [ ↑ ] [ ↓ ] [ ✕ ]

            ────────────────────────────────────────

              [ Clear done (1) ]

            """)
        #expect(page.diagnostics.isEmpty)
    }

    @Test func eventsCarryHandlerDatasetAndLoc() throws {
        let page = try page()
        _ = page.renderText(width: 40, height: 12)
        for c in "Tea" { _ = page.handle(.key(.character(c))) }  // nothing focused: typing goes nowhere
        _ = page.handle(.key(.tab))
        let typed = page.handle(.key(.character("T")))
        #expect(typed.map(\.handler) == ["onDraft"])
        let submit = page.handle(.key(.enter))
        #expect(submit.map(\.handler) == ["addTodo"] && submit.first?.detail == ["value": "T"])
        // Click the ✕ of the second row.
        let removal = page.handle(.mouse(MouseEvent(x: 40 - 3, y: 6, kind: .press)))
        #expect(removal == [UIEvent(handler: "remove", type: .tap, dataset: ["id": 2], detail: [:],
                                    loc: "Templates/todo/pages/index.swift:16:17")])
        let toggle = page.handle(.mouse(MouseEvent(x: 1, y: 4, kind: .press)))
        #expect(toggle.first?.detail == ["value": false] && toggle.first?.dataset == ["id": 1])
    }

    @Test func emptyListShowsTheIfBranch() throws {
        let page = try page()
        _ = page.renderText(width: 40, height: 12)
        page.apply([(path("todos"), []), (path("doneCount"), 0)])
        #expect(page.renderText(width: 40, height: 8) == """
            Todo (0)

            What needs doing?

            Nothing to do

              [ Clear done (0) ]

            """)
    }
}
