import TerminiDSL

let rowLabel = Text("{{todo.title}} #{{i}}")

// Rules: deps are the sorted data paths read; ForEach item locals map to the items path, index locals read nothing;
// default names `item`/`index`; nested loops; `.length` reads its array; fragments resolve at the use site.
let deps = Page("deps") {
    Column {
        Text("{{user.name}} has {{todos.length}} todos")
        ForEach("{{todos}}", key: "id", item: "todo", index: "i") {
            rowLabel
            ForEach("{{todo.tags}}", item: "tag") { Text("{{tag.label}} of {{todo.id}}") }
        }
        ListView("{{feed.items}}", key: "id") { Text("{{item.title}} at {{index}} {{filter}}") }
        If("{{count > limit && !hidden}}") { Text("{{stats[0].value}}") }
    }
}
