import TerminiDSL

// The soak's home page: a counter, a progress bar and a keyed list of 30 rows, one of which changes on every tick
// and a few of which are replaced every second, so that each setData exercises patching, the keyed reconciler and
// a partial repaint.
let index = Page("index", title: "Soak") {
    Column {
        Row(spacing: 2) {
            Text("soak tick {{tick}}", style: .bold)
            Text("trips {{trips}}", style: .dim)
            Spinner()
        }
        ProgressBar(value: "{{(tick % 20) / 20}}")
        Expanded {
            ListView("{{rows}}", key: "id", item: "row") {
                Text("{{row.id}} {{row.label}} {{row.value}}", style: "{{row.id == hot ? 'reverse' : 'plain'}}", wrap: false)
            }
        }
    }
}
