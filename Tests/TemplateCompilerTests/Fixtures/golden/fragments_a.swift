import TerminiDSL

let title = Text("{{heading}}", style: .bold)
let framed = Box(border: .single) { title }
let insets = EdgeInsets.all(1)

// Rules: top-level `let` fragments are inlined (keeping their own loc), also nested, also as values,
// and across files of the same run (`footer` is declared in fragments_b.swift).
let fragments = Page("fragments") {
    Column {
        framed
        Padding(insets) { title }
        footer
    }
}
