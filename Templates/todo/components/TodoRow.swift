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
