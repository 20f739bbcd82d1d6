/// The list a session shows when neither `--app`, the exec command nor the user name picked an app: the store's
/// installed apps, numbered; the user types a number and Enter. Drawn as plain lines, so any terminal shows it.
struct AppChooser {
    /// What one piece of input did.
    enum Outcome: Equatable {
        /// Write this back (the echo of a typed digit, or a message and a fresh prompt).
        case echo(String)
        /// The user picked this app.
        case chosen(String)
        /// The user left (q, Ctrl-C or Ctrl-D).
        case quit
    }

    let apps: [String]
    private var typed = ""

    init(apps: [String]) { self.apps = apps }

    /// The list and the prompt, from a cleared screen.
    var screen: String {
        var text = "\u{1B}[2J\u{1B}[HTermini: choose an app\r\n\r\n"
        for (index, app) in apps.enumerated() { text += "  \(index + 1)  \(app)\r\n" }
        return text + "\r\nType its number and press Enter (q leaves): "
    }

    /// Handles the bytes of one read; stops at the first byte that decides the outcome.
    mutating func input(_ bytes: [UInt8]) -> Outcome {
        var echo = ""
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9") where typed.count < 6:
                typed.append(Character(UnicodeScalar(byte)))
                echo.append(Character(UnicodeScalar(byte)))
            case 0x7F, 0x08:
                if !typed.isEmpty {
                    typed.removeLast()
                    echo += "\u{8} \u{8}"
                }
            case UInt8(ascii: "q"), UInt8(ascii: "Q"), 0x03, 0x04:
                return .quit
            case UInt8(ascii: "\r"), UInt8(ascii: "\n"):
                if let number = Int(typed), (1...apps.count).contains(number) { return .chosen(apps[number - 1]) }
                let answer = typed.isEmpty ? "no number typed" : "there is no app \(typed)"
                typed = ""
                return .echo("\r\n\(answer); type 1 to \(apps.count): ")
            default:
                // Arrow keys, escape sequences and letters have no meaning in a numbered list.
                continue
            }
        }
        return .echo(echo)
    }
}
