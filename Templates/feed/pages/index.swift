import TerminiDSL

let feedRow = Column {
    Button("{{item.title}}", onTap: "open").data(["id": "{{item.id}}"])
    Row(spacing: 2) {
        Text("{{item.author}}", color: .cyan)
        Text("{{item.points}} points · {{item.comments}} comments", style: .dim)
    }
}

let feed = Page("index", title: "Feed") {
    Column {
        Row(spacing: 1, align: .center) {
            Text("Top stories", style: .bold, color: .yellow)
            Spacer()
            If("{{loading}}") { Spinner() }
            Button("Refresh", onTap: "refresh")
        }
        Text("{{status}}", style: .dim, wrap: false)
        Divider()
        Expanded {
            ListView("{{items}}", key: "id") {
                Box(border: .rounded) { feedRow }
            }
        }
        Text("{{items.length}} stories", style: .dim)
    }
}
