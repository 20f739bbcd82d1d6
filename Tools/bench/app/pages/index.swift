import TerminiDSL

// The keyed-list benchmark page (docs/BENCH-PROTOCOL.md): a one-line header above a virtualized, keyed ListView.
// The id is shown right-aligned in 6 columns (`pad`); rows are {id, label}.
let index = Page("index") {
    Column {
        Text("termini bench  rows: {{rows.length}}", wrap: false)
        Expanded {
            // autoFocus: the list itself takes the focus (keys move its current row, underlined by the app's theme:
            // the protocol keeps reverse video for the selected row).
            ListView("{{rows}}", key: "id", item: "row") {
                Text("{{pad(row.id, 6)}} {{row.label}}", style: "{{row.id == selected ? 'reverse' : 'plain'}}", wrap: false)
                    .onTap("pick").data(["id": "{{row.id}}"])
            }
            .autoFocus()
        }
    }
}
