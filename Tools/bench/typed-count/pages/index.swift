import TerminiDSL

/// A field whose every edit the script answers with a count: the key's own frame shows the character, and the
/// script's answer (the count) is a second frame (Tools/peers/answer_latency.py times it).
let index = Page("index", title: "Typed count") {
    Column {
        TextField(value: "{{draft}}", placeholder: "type here", onChange: "typed")
        Text("typed {{count}} characters")
    }
}
