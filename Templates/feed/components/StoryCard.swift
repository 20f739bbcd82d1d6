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
