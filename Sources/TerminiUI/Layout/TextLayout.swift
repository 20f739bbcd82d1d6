import TerminiTemplate
/// Breaks text into lines of at most `width` columns: at spaces when it can, anywhere when a word is too long
/// (so Chinese, which has no spaces, breaks between characters). Explicit newlines always break. `Text` lays out
/// with it, and hosts wrap their own messages (a preview's error box) the same way.
public enum TextLayout {
    public static func lines(_ text: String, width: Int, wrap: Bool) -> [String] {
        var result: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if !wrap || width <= 0 {
                result.append(String(paragraph))
                continue
            }
            wrapParagraph(paragraph, width: width, into: &result)
        }
        return result.isEmpty ? [""] : result
    }

    private static func wrapParagraph(_ paragraph: Substring, width: Int, into result: inout [String]) {
        var line = ""
        var lineWidth = 0
        var word = ""
        var wordWidth = 0

        func flushLine() {
            while line.last == " " { line.removeLast(); lineWidth -= 1 }
            result.append(line)
            line = ""
            lineWidth = 0
        }
        func placeWord() {
            if wordWidth == 0 { return }
            if lineWidth + wordWidth > width && lineWidth > 0 { flushLine() }
            if wordWidth <= width {
                line += word
                lineWidth += wordWidth
            } else {
                // A word wider than the line is cut between characters.
                for c in word {
                    let cw = TextWidth.of(c)
                    if lineWidth + cw > width && lineWidth > 0 { flushLine() }
                    line.append(c)
                    lineWidth += cw
                }
            }
            word = ""
            wordWidth = 0
        }

        for c in paragraph {
            if c == " " {
                placeWord()
                if lineWidth > 0 && lineWidth < width { line.append(" "); lineWidth += 1 }
                else if lineWidth >= width { flushLine() }
            } else {
                let cw = TextWidth.of(c)
                // Wide characters are words of their own: CJK text may break between any two of them.
                if cw == 2 { placeWord(); word.append(c); wordWidth = 2; placeWord(); continue }
                word.append(c)
                wordWidth += cw
            }
        }
        placeWord()
        flushLine()
    }
}
