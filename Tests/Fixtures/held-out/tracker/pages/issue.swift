import TerminiDSL

let issue = Page("issue", title: "Issue") {
    Column {
        Text("{{title}}")
        Text("{{body}}", wrap: true)
    }
}
