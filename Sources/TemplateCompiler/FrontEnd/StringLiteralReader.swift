import SwiftSyntax

/// The value of a string literal, and a way back from a Unicode scalar of the value to its source position, so an
/// error at column N of a `{{ }}` expression points at the right file column even after escapes.
struct StringLiteralValue {
    var text: String
    let literal: StringLiteralExprSyntax

    /// Source position of scalar `index` of `text`. Computed only when an error needs it: the common path stays cheap.
    func position(ofScalar index: Int) -> AbsolutePosition {
        let contentStart = literal.openingQuote.endPositionBeforeTrailingTrivia
        // Multi-line literals strip indentation, so their scalars do not map one to one; point at the literal.
        guard literal.openingQuote.tokenKind != .multilineStringQuote else { return contentStart }
        let pounds = literal.openingPounds?.text.count ?? 0
        var scalars = String.UnicodeScalarView()
        var positions: [AbsolutePosition] = []
        for segment in literal.segments {
            guard case .stringSegment(let s) = segment else { continue }
            StringLiteralReader.decode(s.content.text, startingAt: s.content.positionAfterSkippingLeadingTrivia,
                                       pounds: pounds, into: &scalars, positions: &positions)
        }
        // Escapes the reader does not know: the map would be off, so point at the literal instead.
        guard String(scalars) == text, !positions.isEmpty else { return contentStart }
        if index < positions.count { return positions[max(0, index)] }
        return positions[positions.count - 1].advanced(by: 1)
    }
}

/// Reads string literal values; `\(...)` interpolation is refused because templates bind data with `{{ }}`.
enum StringLiteralReader {
    enum Failure: Error {
        /// `\(...)` interpolation, at the segment's position.
        case interpolation(AbsolutePosition)
    }

    static func read(_ literal: StringLiteralExprSyntax) -> Result<StringLiteralValue, Failure> {
        // Fast path: one plain segment without escapes is its own value.
        if literal.segments.count == 1, case .stringSegment(let s)? = literal.segments.first,
            literal.openingQuote.tokenKind == .stringQuote, !s.content.text.utf8.contains(UInt8(ascii: "\\"))
        {
            return .success(StringLiteralValue(text: s.content.text, literal: literal))
        }
        for segment in literal.segments {
            if case .expressionSegment(let e) = segment { return .failure(.interpolation(e.positionAfterSkippingLeadingTrivia)) }
        }
        return .success(StringLiteralValue(text: literal.representedLiteralValue ?? "", literal: literal))
    }

    static func decode(_ raw: String, startingAt start: AbsolutePosition, pounds: Int,
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
