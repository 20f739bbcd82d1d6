/// `$screen`: the terminal's size in every page's data, so a template reads `{{$screen.width}}` and
/// `If("{{$screen.width < 80}}")` switches layouts. A resize writes it as a data patch, so only what reads it is
/// evaluated again.
public enum ScreenData {
    public static let key = "$screen"
    public static let path = DataPath([.key(key)])

    /// `{width, height}` in terminal cells.
    public static func value(width: Int, height: Int) -> JSONValue {
        .object(["width": .number(Double(width)), "height": .number(Double(height))])
    }

    /// A page's data with `$screen` set, as a page starts with it (data that is not an object is left as it is).
    public static func adding(to data: JSONValue, width: Int, height: Int) -> JSONValue {
        guard case .object(var fields) = data else { return data }
        fields[key] = value(width: width, height: height)
        return .object(fields)
    }
}
