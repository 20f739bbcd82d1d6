import TerminiDSL

// Rules: enum cases with "cls"; qualified cases; associated values; static factories, qualified or not;
// a bindable enum given as a constant case name or a binding; literals: escapes, negative numbers, doubles, nil,
// arrays and dictionaries.
let values = Page("values", title: "Values \"quoted\"") {
    Column(spacing: 0) {
        Text("implicit", style: .underline, color: .index(208))
        Text("qualified", style: TextStyle.reverse, color: Color.index(-1))
        Text("by name", style: "italic", color: "{{accent}}")
        Padding(EdgeInsets.all(2)) { Text("factory") }
        Padding(.symmetric(h: 2)) { Text("symmetric, v defaulted") }
        Padding(.only(left: 1, bottom: -1)) { Text("only") }
        Text("tab\there \u{1F600} \\ back")
        ProgressBar(value: 1)
        ProgressBar(value: -0.5)
        Box(title: nil, width: nil) { Text("nil props") }
        ForEach([1, "two", 3.5, true, nil, ["nested": [1, 2]]]) { Text("{{item}}") }
        Text("data").data(["list": nil, "neg": -2])
    }
}
