import TerminiDSL

/// A titled group of settings: the title in bold above whatever the use site puts in its block. A pure template:
/// it has no script.
struct Section: Component {
    let title: Binding<String>
    @WidgetBuilder let content: [any Widget]

    @WidgetBuilder var body: [any Widget] {
        Column {
            Text("{{title}}", style: .bold).styleClass("heading")
            Slot()
        }
    }
}
