import TerminiDSL

/// A TextField, focused: each typed character is drawn by the field, and `typed` stores the value in the page's
/// data, as a form does.
let field = Page("field", title: "Field") {
    Column {
        TextField(value: "{{draft}}", placeholder: "type here", width: 100, onChange: "typed")
            .autoFocus()
    }
}
