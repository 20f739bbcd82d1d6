import TerminiDSL

// The page the soak opens and closes every 2 s: a fresh instance with its own data, timer and list each time.
let detail = Page("detail", title: "Soak detail") {
    Column {
        Text("detail of trip {{trip}}, tick {{tick}}", style: .bold)
        Expanded {
            ListView("{{items}}", key: "id", item: "item") {
                Text("{{item.id}}: {{item.text}}", wrap: false)
            }
        }
    }
}
