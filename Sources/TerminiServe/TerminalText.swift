/// Text from a client, made safe to echo to a terminal: control characters become `?`.
enum TerminalText {
    static func printable(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.prefix(80).map { $0.properties.generalCategory == .control ? "?" : $0 }))
    }
}
