/// Where each line of a text starts, as UTF-8 offsets, kept in step with every edit: a 10,000-line text finds the
/// line of an offset by binary search, and an edit costs the lines after it (a shift) rather than a rescan.
public struct TextLineIndex: Equatable, Sendable {
    /// The UTF-8 offset of each line's first byte; the first is 0. A line ends one byte before the next one starts
    /// (at its `\n`), the last at the end of the text.
    public private(set) var starts: [Int] = [0]

    /// Lines that one edit replaced: `lines` of the text before it became `count` lines after it (the lines after
    /// them only moved). A view that keeps something per line (a TextArea's wrapped rows) splices it the same way.
    public struct Splice: Equatable, Sendable {
        public var lines: Range<Int>
        public var count: Int
    }

    public init(_ text: String = "") {
        starts = [0]
        Self.appendStarts(of: text, at: 0, to: &starts)
    }

    public var count: Int { starts.count }

    /// The line that holds `offset` (a line's end, before its `\n`, belongs to it).
    public func line(containing offset: Int) -> Int {
        var low = 0, high = starts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if starts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }

    public func start(of line: Int) -> Int { starts[line] }

    /// Where `line` ends in a text of `length` bytes: the offset of its `\n`, or the text's end.
    public func end(of line: Int, length: Int) -> Int { line + 1 < starts.count ? starts[line + 1] - 1 : length }

    /// Follows the replacement of `range` (UTF-8 offsets) by `inserted`, and says which lines it touched.
    @discardableResult
    public mutating func replace(_ range: Range<Int>, with inserted: String) -> Splice {
        let first = line(containing: range.lowerBound)
        let last = line(containing: range.upperBound)
        // Starts in (lower, upper] belonged to newlines the edit removed.
        let removedStarts = last - first
        var added: [Int] = []
        Self.appendStarts(of: inserted, at: range.lowerBound, to: &added)
        starts.replaceSubrange((first + 1)..<(last + 1), with: added)
        let delta = inserted.utf8.count - range.count
        if delta != 0 {
            starts.withUnsafeMutableBufferPointer { buffer in
                for i in (first + 1 + added.count)..<buffer.count { buffer[i] += delta }
            }
        }
        return Splice(lines: first..<(first + removedStarts + 1), count: added.count + 1)
    }

    /// Appends the start of the line after each `\n` of `text`, which begins at `base`.
    private static func appendStarts(of text: String, at base: Int, to starts: inout [Int]) {
        var text = text
        text.withUTF8 { bytes in
            for (i, byte) in bytes.enumerated() where byte == 0x0A { starts.append(base + i + 1) }
        }
    }
}
