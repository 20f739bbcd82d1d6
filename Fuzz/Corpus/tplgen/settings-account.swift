import TerminiDSL

let account = Page("account", title: "Account") {
    Column(spacing: 1) {
        Text("Display name", style: .bold)
        TextField(value: "{{name}}", placeholder: "Your name", onChange: "onName", onSubmit: "done")
        Text("Enter or Done saves · Esc goes back without saving", style: .dim)
        Button("Done", onTap: "done")
    }
}
