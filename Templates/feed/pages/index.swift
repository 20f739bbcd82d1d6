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
            Text("{{offline ? 'offline' : ''}}", style: .dim)
            Spacer()
            If("{{loading}}") { Spinner() }
            Button("Refresh", onTap: "refresh")
        }
        Text("{{status}}", style: .dim, wrap: false).hidden("{{status == ''}}")
        Divider()
        Expanded {
            ListView("{{items}}", key: "id", onReachBottom: "more", threshold: 5) {
                Box(border: .rounded) { feedRow }
            }
        }
        Text("{{items.length}} stories{{loadingMore ? ' · loading more…' : ''}}", style: .dim)
    }
}
