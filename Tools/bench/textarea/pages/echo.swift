import TerminiDSL

// The index page's TextArea with onChange: every edit goes to the script, which sets it back (pages/echo.js).
let echo = Page("echo") {
    TextArea(value: "{{note}}", height: 40, onChange: "noteChanged")
        .autoFocus()
}
