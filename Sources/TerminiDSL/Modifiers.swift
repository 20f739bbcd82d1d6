/// A widget with one modifier applied; `tplgen` turns the modifier into a key of the widget's node.
public struct ModifiedWidget<Content: Widget>: Widget {
    let content: Content
    let modifier: String
    let value: String
}

extension Widget {
    /// Identifies this widget among its siblings (a ValueKey), so it keeps its state when reordered.
    public func key(_ key: Binding<String>) -> ModifiedWidget<Self> {
        ModifiedWidget(content: self, modifier: "key", value: String(describing: key))
    }

    /// Identifies this widget across the whole page, so it keeps its state when moved to another parent.
    public func globalKey(_ key: String) -> ModifiedWidget<Self> {
        ModifiedWidget(content: self, modifier: "globalKey", value: key)
    }

    /// Values passed to event handlers as `e.dataset`, e.g. `.data(["id": "{{todo.id}}"])`.
    public func data(_ dataset: [String: Binding<DataValue>]) -> ModifiedWidget<Self> {
        ModifiedWidget(content: self, modifier: "data", value: String(describing: dataset))
    }

    /// Hides this widget (it takes no space) while `condition` is truthy.
    public func hidden(_ condition: Binding<Bool> = true) -> ModifiedWidget<Self> {
        ModifiedWidget(content: self, modifier: "hidden", value: String(describing: condition))
    }

    /// Calls the page method `handler` when the widget is tapped (clicked, or Enter/Space while it has focus), then
    /// the `.onTap` handlers of its ancestors, outwards (the tap bubbles). Makes any widget clickable, and focusable
    /// with Tab when it has no focus behaviour of its own.
    public func onTap(_ handler: String) -> ModifiedWidget<Self> {
        ModifiedWidget(content: self, modifier: "onTap", value: handler)
    }

    /// Like `.onTap`, but the tap stops here: ancestors' handlers do not run.
    public func catchTap(_ handler: String) -> ModifiedWidget<Self> {
        ModifiedWidget(content: self, modifier: "catchTap", value: handler)
    }

    /// Fills the widget's box with `color`; text drawn inside without a background of its own shows on it.
    public func background(_ color: Binding<Color>) -> ModifiedWidget<Self> {
        ModifiedWidget(content: self, modifier: "background", value: String(describing: color))
    }

    /// Draws the widget with the named style of the app's current theme (`app.json` `"themes"`): its colour,
    /// background and text styles, for the widget and what it contains unless they set their own.
    public func styleClass(_ name: Binding<String>) -> ModifiedWidget<Self> {
        ModifiedWidget(content: self, modifier: "styleClass", value: String(describing: name))
    }

    /// While `condition` is truthy the widget and everything in it are drawn dim, skipped by Tab and deaf to keys
    /// and clicks.
    public func disabled(_ condition: Binding<Bool> = true) -> ModifiedWidget<Self> {
        ModifiedWidget(content: self, modifier: "disabled", value: String(describing: condition))
    }

    /// Takes focus when the page opens, instead of the first focusable widget.
    public func autoFocus(_ enabled: Bool = true) -> ModifiedWidget<Self> {
        ModifiedWidget(content: self, modifier: "autoFocus", value: String(enabled))
    }

    /// Calls the page method `handler` when the widget takes the keyboard focus (by Tab, a click, `this.focus(id)` or
    /// the page opening), with `detail: {id}` and the widget's dataset.
    public func onFocus(_ handler: String) -> ModifiedWidget<Self> {
        ModifiedWidget(content: self, modifier: "onFocus", value: handler)
    }

    /// Calls the page method `handler` when the widget loses the keyboard focus, with `detail: {id}` and its dataset.
    public func onBlur(_ handler: String) -> ModifiedWidget<Self> {
        ModifiedWidget(content: self, modifier: "onBlur", value: handler)
    }

    /// Names the widget for commands that act on one widget, e.g. `bridge.invoke('scrollTo', { id, key })` or
    /// `this.focus(id)`. In a list's row it can name each row's widget: `.id("qty-{{item.id}}")`.
    public func id(_ id: Binding<String>) -> ModifiedWidget<Self> {
        ModifiedWidget(content: self, modifier: "id", value: String(describing: id))
    }
}
