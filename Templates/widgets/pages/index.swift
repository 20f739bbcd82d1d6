import TerminiDSL

/// Every widget, on four tabs; Ctrl-T switches between the light and the dark theme.
///
/// Each tab's content is in a `ScrollView`, so on a short terminal (40×12) what is below the fold stays reachable:
/// Tab scrolls a form's next field into view, and the arrows scroll the Docs. Under 16 rows the blank rows go, and
/// the theme line moves under the heading (a wrapping Row) rather than being squeezed into a narrow column.
let index = Page("index", title: "Widgets") {
    Column(spacing: "{{$screen.height < 16 ? 0 : 1}}") {
        Row(spacing: 2, wrap: true) {
            Text("Termini widgets").styleClass("accent")
            Text("theme: {{theme}} · Ctrl-T switches").styleClass("muted")
        }
        Tabs(selected: "{{tab}}", onSelect: "onTab") {
            Tab("Forms") {
                ScrollView {
                    Column {
                        Row(spacing: 1) {
                            Text("Name")
                            TextField(value: "{{name}}", placeholder: "Your name", width: 20, maxLength: 30,
                                      onChange: "onName")
                                .autoFocus()
                        }
                        Row(spacing: 1) {
                            Text("PIN ")
                            TextField(value: "{{pin}}", placeholder: "4 digits", width: 8, secure: true, maxLength: 4,
                                      onChange: "onPin")
                        }
                        Switch(isOn: "{{notify}}", label: "Notifications", onToggle: "onNotify")
                        Checkbox(checked: "{{terms}}", label: "I accept the terms", onToggle: "onTerms")
                        RadioGroup(options: ["Small", "Medium", "Large"], selected: "{{size}}", onSelect: "onSize")
                        Select(options: "{{countries}}", selected: "{{country}}", placeholder: "Country",
                               onSelect: "onCountry")
                        TextArea(value: "{{note}}", placeholder: "A note, over several lines", height: 3,
                                 onChange: "onNote")
                        Row(spacing: 2) {
                            Button("Submit", onTap: "submit")
                            Button("Delete", onTap: "remove").styleClass("danger")
                            Button("Disabled", onTap: "submit").disabled()
                        }
                        Text("{{summary}}", wrap: false).styleClass("muted")
                    }
                }
            }
            Tab("Data") {
                ScrollView {
                    Column(spacing: 1) {
                        Box(border: .none, height: 9) {
                            Table("{{people}}", key: "id", columns: [
                                TableColumn("Name", field: "name"),
                                TableColumn("City", field: "city", width: 10),
                                TableColumn("Age", field: "age", width: 4, align: .right),
                            ], onSelect: "onPerson", onSort: "onSort")
                        }
                        Text("{{picked}}").styleClass("muted")
                        Tree("{{tree}}", onSelect: "onNode", onExpand: "onExpand")
                    }
                }
            }
            Tab("Charts") {
                ScrollView {
                    Column(spacing: 1) {
                        Row(spacing: 1) {
                            Text("load")
                            Sparkline("{{load}}")
                        }
                        BarChart(values: "{{sales}}", labels: "{{months}}")
                        ProgressBar(value: "{{progress}}")
                        // A fixed height: in the ScrollView a Log would otherwise grow with every line it gets.
                        Box(title: "log", height: 6) {
                            Log("{{log}}")
                        }
                    }
                }
            }
            Tab("Docs") {
                ScrollView {
                    Markdown("{{readme}}")
                }
            }
        }
    }
}
