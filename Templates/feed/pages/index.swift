import TerminiDSL

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
            ListView("{{items}}", key: "id", onReachBottom: "more", threshold: 5, onActivate: "openRow") {
                StoryCard(storyId: "{{item.id}}", title: "{{item.title}}", author: "{{item.author}}",
                          points: "{{item.points}}", comments: "{{item.comments}}", onOpen: "open")
            }
        }
        Text("{{items.length}} stories{{loadingMore ? ' · loading more…' : ''}}", style: .dim)
    }
}
