import TerminiDSL

let galleryRow = Row(spacing: 2) {
    Button("{{app.name}}", onTap: "open").data(["id": "{{app.id}}"])
    Text("{{app.summary}}", style: .dim, wrap: false)
}

let gallery = Page("index", title: "Termini") {
    Column(spacing: 1) {
        Text("Termini sample apps", style: .bold, color: .cyan)
        Column {
            ForEach("{{apps}}", key: "id", item: "app") { galleryRow }
        }
        Divider()
        Text("↑/↓ or Tab: choose   Enter: open   Esc in an app: back here   Esc here: quit", style: .dim)
    }
}
