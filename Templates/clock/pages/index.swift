import TerminiDSL

let statsRow = Row(spacing: 2) {
    Text("Uptime", style: .dim)
    Text("{{uptime}}")
    Spacer()
    Text("Ticks", style: .dim)
    Text("{{ticks}}", color: .index(208))
}

// Under 16 rows (a 40×12 terminal) the blank rows between the lines go, so the buttons stay on the screen.
let clock = Page("index", title: "Clock") {
    Box(border: .double, title: "Clock") {
        Column(spacing: "{{$screen.height < 16 ? 0 : 1}}", align: .center) {
            Text("{{time}}", style: .bold, color: .green)
            Text("{{date}}", style: .dim)
            ProgressBar(value: "{{seconds / 60}}")
            Row(spacing: 1) {
                Spinner()
                Text("{{running ? 'running' : 'paused'}}", color: "{{running ? 'green' : 'red'}}")
            }
            statsRow
            Row(spacing: 2) {
                Text("Time zone", style: .dim)
                Text("{{zone}}")
            }
            Row(spacing: 2) {
                Button("{{running ? 'Pause' : 'Resume'}}", onTap: "toggle")
                Button("Reset", onTap: "reset")
            }
        }
    }
}
