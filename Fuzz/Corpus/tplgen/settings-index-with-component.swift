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
import TerminiDSL

let settings = Page("index", title: "Settings") {
    Column(spacing: 1) {
        Section(title: "Settings") {
            Checkbox(checked: "{{options.darkMode}}", label: "Dark mode", onToggle: "toggle").data(["name": "darkMode"])
            Checkbox(checked: "{{options.notifications}}", label: "Notifications", onToggle: "toggle")
                .data(["name": "notifications"])
            Checkbox(checked: "{{options.autoUpdate}}", label: "Automatic updates", onToggle: "toggle")
                .data(["name": "autoUpdate"])
        }
        Button("Account: {{account}} ›", onTap: "openAccount")
        Row(spacing: 2) {
            Button("Save", onTap: "save")
            Button("Reset", onTap: "reset")
        }
        Text("{{status}}").styleClass("status")
    }
}
