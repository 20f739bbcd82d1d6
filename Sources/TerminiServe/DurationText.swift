/// A duration as a person reads it in a message: `15m`, `90s`, `2h`.
public enum DurationText {
    /// `15m` for 900 seconds.
    public static func describe(_ duration: Duration) -> String {
        let seconds = duration.components.seconds
        if seconds % 3600 == 0 && seconds > 0 { return "\(seconds / 3600)h" }
        if seconds % 60 == 0 && seconds > 0 { return "\(seconds / 60)m" }
        return "\(seconds)s"
    }

    /// Reads `15m`, `90s`, `2h` or a bare number of seconds; nil for anything else.
    public static func parse(_ text: String) -> Duration? {
        let units: [Character: Int64] = ["s": 1, "m": 60, "h": 3600]
        if let unit = text.last, let scale = units[unit], let value = Int64(text.dropLast()), value > 0 {
            return .seconds(value * scale)
        }
        if let value = Int64(text), value > 0 { return .seconds(value) }
        return nil
    }
}
