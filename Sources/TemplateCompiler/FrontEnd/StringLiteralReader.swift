import SwiftSyntax

/// The value of a string literal plus, for each Unicode scalar of the value, its position in the source, so an error
/// at column N of a `{{ }}` expression points at the right file column even after escapes.
struct StringLiteralValue {
    var text: String
    /// Source position of each scalar of `text`; empty when the literal is too complex to map (multi-line).
    var scalarPositions: [AbsolutePosition]
    /// Where the literal's content starts, the fallback position.
    var contentStart: AbsolutePosition

    func position(ofScalar index: Int) -> AbsolutePosition {
        guard !scalarPositions.isEmpty else { return contentStart }
        if index < scalarPositions.count { return scalarPositions[max(0, index)] }
        return scalarPositions[scalarPositions.count - 1].advanced(by: 1)
    }
}

/// Reads string literal values with a per-scalar source position map (see `StringLiteralValue`).
enum StringLiteralReader {
    enum Failure: Error {
        /// `\(...)` interpolation, at the segment's position.
        case interpolation(AbsolutePosition)
    }

    static func read(_ literal: StringLiteralExprSyntax) -> Result<StringLiteralValue, Failure> {
        for segment in literal.segments {
            if case .expressionSegment(let e) = segment { return .failure(.interpolation(e.positionAfterSkippingLeadingTrivia)) }
        }
        let contentStart = literal.openingQuote.endPositionBeforeTrailingTrivia
        let represented = literal.representedLiteralValue ?? ""
        let pounds = literal.openingPounds?.text.count ?? 0
        let isMultiline = literal.openingQuote.tokenKind == .multilineStringQuote
        if isMultiline { return .success(StringLiteralValue(text: represented, scalarPositions: [], contentStart: contentStart)) }
        var scalars = String.UnicodeScalarView()
        var positions: [AbsolutePosition] = []
        for segment in literal.segments {
            guard case .stringSegment(let s) = segment else { continue }
            decode(s.content.text, startingAt: s.content.positionAfterSkippingLeadingTrivia, pounds: pounds,
                   into: &scalars, positions: &positions)
        }
        let decoded = String(scalars)
        // Escapes this reader does not know fall back to the parser's value with coarse positions.
        if decoded != represented {
            return .success(StringLiteralValue(text: represented, scalarPositions: [], contentStart: contentStart))
        }
        return .success(StringLiteralValue(text: decoded, scalarPositions: positions, contentStart: contentStart))
    }

    private static func decode(_ raw: String, startingAt start: AbsolutePosition, pounds: Int,
                               into out: inout String.UnicodeScalarView, positions: inout [AbsolutePosition])
    {
        var offsets: [Int] = []
        var scalars: [Unicode.Scalar] = []
        var utf8Offset = 0
        for scalar in raw.unicodeScalars {
            scalars.append(scalar)
            offsets.append(utf8Offset)
            utf8Offset += UTF8.width(scalar)
        }
        var i = 0
        while i < scalars.count {
            let here = start.advanced(by: offsets[i])
            var j = i + 1
            var poundsSeen = 0
            if scalars[i] == "\\" {
                while poundsSeen < pounds, j < scalars.count, scalars[j] == "#" { poundsSeen += 1; j += 1 }
            }
            guard scalars[i] == "\\", poundsSeen == pounds, j < scalars.count else {
                out.append(scalars[i]); positions.append(here); i += 1
                continue
            }
            let escaped: Unicode.Scalar?
            switch scalars[j] {
            case "n": escaped = "\n"
            case "t": escaped = "\t"
            case "r": escaped = "\r"
            case "0": escaped = "\0"
            case "\\": escaped = "\\"
            case "\"": escaped = "\""
            case "'": escaped = "'"
            case "u":
                var k = j + 1
                var hex = ""
                if k < scalars.count, scalars[k] == "{" {
                    k += 1
                    while k < scalars.count, scalars[k] != "}" { hex.unicodeScalars.append(scalars[k]); k += 1 }
                }
                if let v = UInt32(hex, radix: 16), let s = Unicode.Scalar(v) {
                    out.append(s); positions.append(here); i = k + 1
                    continue
                }
                escaped = nil
            default: escaped = nil
            }
            if let escaped {
                out.append(escaped); positions.append(here); i = j + 1
            } else {
                out.append(scalars[i]); positions.append(here); i += 1
            }
        }
    }
}
