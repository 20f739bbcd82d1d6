import TerminiDSL

/// A story in the feed: its title (which opens it), author, points and comments, in a rounded box.
struct StoryCard: Component {
    let storyId: Binding<DataValue>
    let title: Binding<String>
    let author: Binding<String>
    let points: Binding<Int>
    let comments: Binding<Int>
    var onOpen: String? = nil

    @WidgetBuilder var body: [any Widget] {
        Box(border: .rounded) {
            Column {
                Button("{{title}}", onTap: "open")
                Row(spacing: 2) {
                    Text("{{author}}", color: .cyan)
                    Text("{{group(points)}} {{plural(points, 'point', 'points')}} · {{group(comments)}} {{plural(comments, 'comment', 'comments')}}", style: .dim)
                }
            }
        }
    }
}
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
            ListView("{{items}}", key: "id", onReachBottom: "more", threshold: 5) {
                StoryCard(storyId: "{{item.id}}", title: "{{item.title}}", author: "{{item.author}}",
                          points: "{{item.points}}", comments: "{{item.comments}}", onOpen: "open")
            }
        }
        Text("{{items.length}} stories{{loadingMore ? ' · loading more…' : ''}}", style: .dim)
    }
}
