/// A reusable piece of UI with properties, events and slots: a struct in `components/*.swift` (or a page file).
///
/// ```swift
/// struct Counter: Component {
///     let label: Binding<String>            // a property bound at the use site
///     var step: Binding<Int> = 1            // with a default
///     var onChange: String? = nil           // an event: `change`, fired by triggerEvent('change', …)
///     @WidgetBuilder var body: [any Widget] {
///         Row(spacing: 1) {
///             Text("{{label}}: {{count}}")
///             Button("+", onTap: "inc")
///         }
///     }
/// }
/// ```
///
/// Because it is a plain Swift type, every use (`Counter(label: "Apples", onChange: "applesChanged")`) is checked by
/// the compiler and the editor. `tplgen` compiles the body to `components/Counter.json`; inside it, `{{ }}` sees the
/// instance's properties and data, and handlers name the methods of its `Component('Counter', { … })` in JavaScript.
/// A property `@WidgetBuilder let content: [any Widget]` makes the use site take a trailing closure, placed in the
/// body with `Slot()`; other builder properties are named slots, placed with `Slot("name")`.
public protocol Component: Widget {
    /// The component's widgets.
    @WidgetBuilder var body: [any Widget] { get }
}

/// Where a component's body places the widgets its use site passed: `Slot()` for the trailing closure (`content`),
/// `Slot("footer")` for the builder property `footer`. Only valid inside a component's body.
public struct Slot: Widget {
    let name: String
    /// Places the slot `name` (default: the trailing closure, `content`).
    public init(_ name: String = "content") { self.name = name }
}
