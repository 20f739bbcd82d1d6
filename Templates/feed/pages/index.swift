import TerminiDSL

let feedRow = Column {
    Text("{{item.title}}", style: .bold, wrap: false)
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
        Divider()
        Expanded {
            ListView("{{items}}", key: "id") {
                Box(border: .rounded) { feedRow }.data(["id": "{{item.id}}"])
            }
        }
        Text("{{items.length}} stories", style: .dim)
    }
}
