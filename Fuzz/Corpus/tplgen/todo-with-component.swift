import TerminiDSL

/// One todo: its checkbox, title and the move and remove buttons. It reports what the user did as events; the page
/// owns the list and decides what each event does.
struct TodoRow: Component {
    let todoId: Binding<Int>
    let title: Binding<String>
    let done: Binding<Bool>
    let index: Binding<Int>
    var onToggle: String? = nil
    var onMoveUp: String? = nil
    var onMoveDown: String? = nil
    var onRemove: String? = nil

    @WidgetBuilder var body: [any Widget] {
        Row(spacing: 1) {
            Checkbox(checked: "{{done}}", onToggle: "toggle")
            Text("{{title}}", style: "{{done ? 'dim' : 'plain'}}", color: .cyan)
            Spacer()
            Button("↑", onTap: "up")
            Button("↓", onTap: "down")
            Button("✕", onTap: "remove")
        }
    }
}
import TerminiDSL

let header = Text("Todo ({{todos.length}})", style: .bold)  // a fragment, inlined where it is used

let index = Page("index", title: "Todo") {
    Column(spacing: 1) {
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
