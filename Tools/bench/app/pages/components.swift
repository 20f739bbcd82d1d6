import TerminiDSL

// The `components` operation (`termini bench --ops components`): 1,000 rows built in full (ForEach, not a virtualized
// ListView), as plain Text rows or as BenchRow component instances (`c` and `p` switch), timed by the same keys.
let components = Page("components") {
    Column {
        Text("termini bench  rows: {{rows.length}}", wrap: false)
        If("{{componentRows}}") {
            ForEach("{{rows}}", key: "id", item: "row") {
                BenchRow(tag: "{{pad(row.id, 6)}}", label: "{{row.label}}", selected: "{{row.id == selected}}")
            }
        } else: {
            ForEach("{{rows}}", key: "id", item: "row") {
                Text("{{pad(row.id, 6)}} {{row.label}}", style: "{{row.id == selected ? 'reverse' : 'plain'}}", wrap: false)
            }
        }
    }
}
