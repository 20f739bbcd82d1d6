import TerminiDSL

// A fixed-width, borderless Box keeps the summaries in one column whatever the names' widths.
let galleryRow = Row(spacing: 1) {
    Box(border: .none, width: 22) { Button("{{app.name}}", onTap: "open").data(["id": "{{app.id}}"]) }
    Text("{{app.summary}}", style: .dim, wrap: false)
}

// Under 16 rows (a 40×12 terminal) the blank rows between the parts go, so every sample and the help fit.
let gallery = Page("index", title: "Termini") {
    Column(spacing: "{{$screen.height < 16 ? 0 : 1}}") {
        Text("Termini sample apps", style: .bold, color: .cyan)
        Column {
            ForEach("{{apps}}", key: "id", item: "app") { galleryRow }
        }
        Divider()
        Text("↑/↓ or Tab: choose   Enter: open   Esc in an app: back here   Esc here: quit", style: .dim)
    }
}
