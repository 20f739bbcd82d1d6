import TerminiDSL

// One TextArea over the whole screen (40 rows: the 120x40 pty of the peers harness), focused as the page opens.
// The engine puts the caret at the end of a value the page sets; Tools/peers/textedit.py moves it to the middle
// line with keys (untimed) before it times anything.
let index = Page("index") {
    TextArea(value: "{{note}}", height: 40)
        .autoFocus()
}
