/// A session's terminal size as the client asks for it, clamped to what a child is given: at least 1×1, at most
/// 1000 columns and 500 rows, so a client cannot make the app allocate a screen of any size.
enum SessionSize {
    static let maximum = (width: 1000, height: 500)

    static func clamped(width: Int, height: Int) -> (width: Int, height: Int) {
        (min(max(width, 1), maximum.width), min(max(height, 1), maximum.height))
    }
}
