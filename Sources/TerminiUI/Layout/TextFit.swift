import TerminiTemplate

/// Fitting one line of text into a number of cells: cut with `…` when it does not fit, padded and aligned when
/// it does. Wide characters count as two cells and are never split.
public enum TextFit {
    /// `text` in at most `width` cells: whole when it fits, else cut so that `…` ends it.
    public static func truncate(_ text: String, width: Int) -> String {
        guard width > 0 else { return "" }
        if TextWidth.of(text) <= width { return text }
        var out = ""
        var used = 0
        for c in text {
            let w = TextWidth.of(c)
            if used + w > width - 1 { break }
            out.append(c)
            used += w
        }
        return out + "…"
    }

    /// `text` cut to `width` and padded with spaces to exactly `width` cells, placed by `align`.
    static func fit(_ text: String, width: Int, align: TextAlign = .left) -> String {
        let cut = truncate(text, width: width)
        let free = max(0, width - TextWidth.of(cut))
        switch align {
        case .left: return cut + String(repeating: " ", count: free)
        case .right: return String(repeating: " ", count: free) + cut
        case .center: return String(repeating: " ", count: free / 2) + cut + String(repeating: " ", count: free - free / 2)
        }
    }
}
