/// A terminal size given on the command line as `COLSxROWS`, e.g. `80x24`.
public struct TerminalSize: Hashable, Sendable {
    public var width: Int
    public var height: Int

    /// The largest size accepted: bigger is a typo, not a terminal.
    public static let limit = 1000

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Parses `WxH` with both sides between 1 and `limit`; nil otherwise.
    public init?(parsing text: String) {
        let parts = text.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
              (1...Self.limit).contains(w), (1...Self.limit).contains(h) else { return nil }
        self.init(width: w, height: h)
    }
}
