/// Space around a widget, in terminal cells.
public struct EdgeInsets: Sendable, Equatable {
    /// Cells on the left.
    public let left: Int
    /// Cells above.
    public let top: Int
    /// Cells on the right.
    public let right: Int
    /// Cells below.
    public let bottom: Int

    /// The same inset on every side.
    public static func all(_ n: Int) -> EdgeInsets { EdgeInsets(left: n, top: n, right: n, bottom: n) }

    /// `h` cells left and right, `v` cells above and below.
    public static func symmetric(h: Int = 0, v: Int = 0) -> EdgeInsets {
        EdgeInsets(left: h, top: v, right: h, bottom: v)
    }

    /// Each side on its own; unspecified sides are zero.
    public static func only(left: Int = 0, top: Int = 0, right: Int = 0, bottom: Int = 0) -> EdgeInsets {
        EdgeInsets(left: left, top: top, right: right, bottom: bottom)
    }
}
