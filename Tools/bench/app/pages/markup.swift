import TerminiDSL

// The keyed-list page with marked-up rows (`termini bench --markup`): the same list, keys and checks as `index`, each
// row a `Text(markup:)` whose id is dim and whose label is bold, to measure markup against plain Text.
let markup = Page("markup") {
    Column {
        Text("termini bench  rows: {{rows.length}}", wrap: false)
        Expanded {
            ListView("{{rows}}", key: "id", item: "row") {
                Text(markup: "[dim]{{pad(row.id, 6)}}[/dim] [b]{{row.label}}[/b]",
                     style: "{{row.id == selected ? 'reverse' : 'plain'}}", wrap: false)
                    .onTap("pick").data(["id": "{{row.id}}"])
            }
            .autoFocus()
        }
    }
}
