import TerminiDSL

let badge = Text("new", color: .green)

// Rules: a modifier call becomes the key of its name; `.hidden()` takes its default; modifiers apply to fragments.
let modifiers = Page("modifiers") {
    Column {
        Text("keyed").key("k1")
        Text("global").globalKey("g1")
        Button("Delete", onTap: "remove").data(["id": "{{selected}}", "kind": "row", "n": 3, "on": true])
        Text("gone").hidden()
        Text("maybe").hidden("{{collapsed}}")
        badge.key("badge").hidden(false)
        Text("chained").key("{{rowKey}}").data([:])
    }
}
