import TerminiDSL

/// The second tab: what the app is, and the lifecycle hooks it heard lately (try Ctrl-Z, then `fg`).
let about = Page("about", title: "About") {
    Column(spacing: 1) {
        Text("Settings {{version}}", style: .bold)
        Text("A sample Termini app: options kept with setStorage, a pushed page, and two tabs.")
        Text("Shown {{shows}} times")
        Text("Heard: {{heard}}", style: .dim)
    }
}
