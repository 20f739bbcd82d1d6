import TerminiDSL

/// Every widget, on four tabs; Ctrl-T switches between the light and the dark theme.
let index = Page("index", title: "Widgets") {
    Column(spacing: 1) {
        Row(spacing: 2) {
            Text("Termini widgets").styleClass("accent")
            Text("theme: {{theme}} · Ctrl-T switches").styleClass("muted")
        }
        Tabs(selected: "{{tab}}", onSelect: "onTab") {
            Tab("Forms") {
                Column {
                    Row(spacing: 1) {
                        Text("Name")
                        TextField(value: "{{name}}", placeholder: "Your name", width: 20, maxLength: 30, onChange: "onName")
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
                    Select(options: "{{countries}}", selected: "{{country}}", placeholder: "Country", onSelect: "onCountry")
                    TextArea(value: "{{note}}", placeholder: "A note, over several lines", height: 3, onChange: "onNote")
                    Row(spacing: 2) {
                        Button("Submit", onTap: "submit")
                        Button("Delete", onTap: "remove").styleClass("danger")
                        Button("Disabled", onTap: "submit").disabled()
                    }
                    Text("{{summary}}", wrap: false).styleClass("muted")
                }
            }
            Tab("Data") {
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
            Tab("Charts") {
                Column(spacing: 1) {
                    Row(spacing: 1) {
                        Text("load")
                        Sparkline("{{load}}")
                    }
                    BarChart(values: "{{sales}}", labels: "{{months}}")
                    ProgressBar(value: "{{progress}}")
                    Box(title: "log") {
                        Log("{{log}}")
                    }
                }
            }
            Tab("Docs") {
                Markdown("{{readme}}")
            }
        }
    }
}
