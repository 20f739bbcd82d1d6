import TerminiDSL

/// A key sends the count of keys so far on a WebSocket; the echo is the answer on screen (Tools/peers/ws_echo_bench.py
/// times key -> answer). The key changes nothing else on screen, so the answer's frame is the first after it.
let index = Page("index", title: "Socket echo") {
    Column {
        Text("socket {{state}}")
        Text("echo {{answer}}")
    }
}
