import TerminiDSL

/// A Switch, focused: Space toggles it through the script (`toggled` sets `on`), so a key's answer is one setData.
let switchPage = Page("switch", title: "Switch") {
    Column {
        Switch(isOn: "{{on}}", label: "Notifications", onToggle: "toggled")
            .autoFocus()
    }
}
