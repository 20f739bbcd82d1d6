import TerminiDSL

// The keyed-list benchmark page (docs/BENCH-PROTOCOL.md): a one-line header above a virtualized, keyed ListView.
// `tag` is the id right-aligned in 6 columns, precomputed in main.js because expressions have no padding function.
let index = Page("index") {
    Column {
        Text("termini bench  rows: {{rows.length}}", wrap: false)
        Expanded {
            ListView("{{rows}}", key: "id", item: "row") {
                Text("{{row.tag}} {{row.label}}", style: "{{row.id == selected ? 'reverse' : 'plain'}}", wrap: false)
                    .onTap("pick").data(["id": "{{row.id}}"])
            }
        }
    }
}
