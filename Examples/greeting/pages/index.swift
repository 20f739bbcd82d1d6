import TerminiDSL

let index = Page("index", title: "Greeting") {
    Column(spacing: 1) {
        Text("A mini-app inside a host program", style: .dim)
        Text("{{greeting}}", style: .bold)
    }
}
