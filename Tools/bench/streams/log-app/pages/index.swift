import TerminiDSL

/// The whole screen is one following Log fed by a chunked response (Tools/peers/stream_bench.py).
let index = Page("index", title: "Stream log") {
    Column {
        Expanded { Log("{{lines}}") }
    }
}
