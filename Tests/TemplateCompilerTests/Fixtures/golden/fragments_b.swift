import TerminiDSL

let footer = Text("{{version}}", style: .dim)

let second = Page("second") {
    footer
}
