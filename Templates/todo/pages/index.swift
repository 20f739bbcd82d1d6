import TerminiDSL

let header = Text("Todo ({{todos.length}})", style: .bold)  // a fragment, inlined where it is used

// Under 16 rows (a 40×12 terminal) the blank rows between the parts go, so the two items and "Clear done" fit.
let index = Page("index", title: "Todo") {
    Column(spacing: "{{$screen.height < 16 ? 0 : 1}}") {
        header
        TextField(value: "{{draft}}", placeholder: "What needs doing?", onChange: "onDraft", onSubmit: "addTodo")
        ForEach("{{todos}}", key: "id", item: "todo", index: "i") {
            TodoRow(todoId: "{{todo.id}}", title: "{{todo.title}}", done: "{{todo.done}}", index: "{{i}}",
                    onToggle: "toggle", onMoveUp: "moveUp", onMoveDown: "moveDown", onRemove: "remove")
        }
        If("{{todos.length == 0}}") { Text("Nothing to do", style: .dim) } else: { Divider() }
        Padding(.symmetric(h: 2, v: 0)) { Button("Clear done ({{doneCount}})", onTap: "clearDone") }
    }
}
