import TerminiDSL

// Rules: cls, positional p1, labels, trailing builder -> children, nesting, every widget of the catalogue.
let widgets = Page("widgets", title: "All widgets") {
    Column(spacing: 1, align: .stretch) {
        Text("plain")
        Text("styled", style: .bold, color: .red, wrap: false)
        Button("Go", onTap: "go")
        TextField(value: "{{draft}}", placeholder: "Type", onChange: "edit", onSubmit: "send")
        Checkbox(checked: true, label: "Done", onToggle: "toggle")
        ProgressBar(value: 0.25)
        Divider()
        Spinner()
        Spacer()
        Row(spacing: 2, align: .end) { Text("a"); Text("b") }
        Stack { Text("under"); Text("over") }
        Padding(.all(1)) { Text("padded") }
        Box(border: .heavy, title: "Box", width: 20, height: 5) { Text("boxed") }
        Expanded(flex: 2) { ScrollView { Text("long") } }
        Column {}
    }
}
