import TerminiDSL

/// A Button, focused: Enter taps it, and the script's answer changes one Text (`tapped N times`).
let tap = Page("tap", title: "Tap") {
    Column {
        Button("Tap me", onTap: "tapped")
            .autoFocus()
        Text("tapped {{taps}} times")
    }
}
