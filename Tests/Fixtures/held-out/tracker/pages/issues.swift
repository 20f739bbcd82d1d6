import TerminiDSL

let issues = Page("issues", title: "Issues") {
    Column {
        TextField(value: "{{query}}", placeholder: "search", onChange: "typed")
        ListView("{{issues}}", key: "id", item: "i") {
            Text("#{{i.id}} {{i.title}}").onTap("open").data(["id": "{{i.id}}"])
        }
    }
}
