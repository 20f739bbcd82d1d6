import TerminiDSL

let header = Text("Todo ({{todos.length}})", style: .bold)  // a fragment, inlined where it is used

let index = Page("index", title: "Todo") {
    Column(spacing: 1) {
        header
        TextField(value: "{{draft}}", placeholder: "What needs doing?", onChange: "onDraft", onSubmit: "addTodo")
        ForEach("{{todos}}", key: "id", item: "todo", index: "i") {
            Row(spacing: 1) {
                Checkbox(checked: "{{todo.done}}", onToggle: "toggle").data(["id": "{{todo.id}}"])
                Text("{{todo.title}}", style: "{{todo.done ? 'dim' : 'plain'}}", color: .cyan)
                Spacer()
                Button("↑", onTap: "moveUp").data(["index": "{{i}}"])
                Button("↓", onTap: "moveDown").data(["index": "{{i}}"])
                Button("✕", onTap: "remove").data(["id": "{{todo.id}}"])
            }
        }
        If("{{todos.length == 0}}") { Text("Nothing to do", style: .dim) } else: { Divider() }
        Padding(.symmetric(h: 2, v: 0)) { Button("Clear done ({{doneCount}})", onTap: "clearDone") }
    }
}
