import TerminiDSL

/// A keyed-list row as a component, for the `components` operation: the same text and selection as the plain row.
struct BenchRow: Component {
    let tag: Binding<String>
    let label: Binding<String>
    let selected: Binding<Bool>

    @WidgetBuilder var body: [any Widget] {
        Text("{{tag}} {{label}}", style: "{{selected ? 'reverse' : 'plain'}}", wrap: false)
    }
}
