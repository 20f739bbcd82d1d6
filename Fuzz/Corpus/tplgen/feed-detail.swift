import TerminiDSL

let detail = Page("detail", title: "Story") {
    Padding(.all(1)) {
        Column(spacing: 1) {
            Text("{{story.title}}", style: .bold)
            Text("by {{story.author}} · {{story.points}} points", color: .gray)
            ScrollView {
                Text("{{story.text}}")
            }
            Button("Back", onTap: "back")
        }
    }
}
