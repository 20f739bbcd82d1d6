import Foundation

/// The built-in functions callable inside `{{ }}` (`{{ upper(user.name) }}`): pure, evaluated in Swift while the
/// element builds, with no hop to JavaScript. The parser checks names and argument counts, so a typo is a compile
/// error at its column with a suggestion; the read index sees the paths inside the arguments like any other read.
public enum TemplateFunctions {
    /// One function: how many arguments it takes and what it computes from their values.
    public struct Function: Sendable {
        public var name: String
        public var arity: ClosedRange<Int>
        /// `upper(s)`: how the docs and errors show it.
        public var signature: String
        let body: @Sendable ([JSONValue]) -> JSONValue
    }

    /// Every function, by name.
    public static let all: [String: Function] = Dictionary(uniqueKeysWithValues: list.map { ($0.name, $0) })

    /// The names, sorted, for suggestions and docs.
    public static var names: [String] { all.keys.sorted() }

    static func call(_ name: String, _ arguments: [JSONValue]) -> JSONValue {
        all[name]?.body(arguments) ?? .null
    }

    typealias C = ExpressionCoercion

    private static let list: [Function] = [
        Function(name: "upper", arity: 1...1, signature: "upper(s)") { .string(C.string($0[0]).uppercased()) },
        Function(name: "lower", arity: 1...1, signature: "lower(s)") { .string(C.string($0[0]).lowercased()) },
        Function(name: "len", arity: 1...1, signature: "len(x)") { args in
            switch args[0] {
            case .string(let s): .number(Double(s.count))
            case .array(let a): .number(Double(a.count))
            case .object(let o): .number(Double(o.count))
            case .null: .number(0)
            default: .number(Double(C.string(args[0]).count))
            }
        },
        Function(name: "join", arity: 1...2, signature: "join(list, sep)") { args in
            let separator = args.count > 1 ? C.string(args[1]) : ","
            guard case .array(let items) = args[0] else { return .string(C.string(args[0])) }
            return .string(items.map { $0.isNull ? "" : C.string($0) }.joined(separator: separator))
        },
        Function(name: "fixed", arity: 1...2, signature: "fixed(n, digits)") { args in
            let n = C.number(args[0])
            let digits = args.count > 1 ? max(0, min(20, Int(C.number(args[1]).rounded()))) : 0
            guard n.isFinite else { return .string(C.string(.number(n))) }
            // As JavaScript's toFixed: a half rounds away from zero (printf would round it to even).
            let scale = pow(10, Double(digits))
            let rounded = (n * scale).rounded(.toNearestOrAwayFromZero) / scale
            return .string(String(format: "%.\(digits)f", rounded))
        },
        Function(name: "group", arity: 1...1, signature: "group(n)") { args in .string(grouped(C.number(args[0]))) },
        Function(name: "pad", arity: 2...2, signature: "pad(x, width)") { args in
            let text = C.string(args[0])
            let width = Int(max(0, min(10_000, C.number(args[1]).rounded())))
            let missing = width - TextWidth.of(text)
            return .string(missing > 0 ? String(repeating: " ", count: missing) + text : text)
        },
        Function(name: "truncate", arity: 2...2, signature: "truncate(s, width)") { args in
            .string(truncated(C.string(args[0]), width: Int(max(0, min(100_000, C.number(args[1]).rounded())))))
        },
        Function(name: "plural", arity: 3...3, signature: "plural(n, one, many)") { args in
            C.number(args[0]) == 1 ? .string(C.string(args[1])) : .string(C.string(args[2]))
        },
        Function(name: "date", arity: 2...2, signature: "date(ms, pattern)") { args in
            .string(formatDate(milliseconds: C.number(args[0]), pattern: C.string(args[1])))
        },
        Function(name: "min", arity: 1...16, signature: "min(a, b, …)") { args in
            .number(args.map(C.number).min() ?? .nan)
        },
        Function(name: "max", arity: 1...16, signature: "max(a, b, …)") { args in
            .number(args.map(C.number).max() ?? .nan)
        },
        Function(name: "abs", arity: 1...1, signature: "abs(n)") { .number(Swift.abs(C.number($0[0]))) },
        Function(name: "round", arity: 1...1, signature: "round(n)") { args in
            // JavaScript's Math.round: halves go up, also for negatives (-2.5 → -2).
            let n = C.number(args[0])
            return .number(n.isFinite ? (n + 0.5).rounded(.down) : n)
        },
    ]

    /// `1234567.5` → `1,234,567.5`; the fraction is kept as JavaScript prints it.
    static func grouped(_ n: Double) -> String {
        let text = C.string(.number(n))
        guard n.isFinite, !text.contains("e") else { return text }
        var sign = "", digits = Substring(text)
        if digits.hasPrefix("-") { sign = "-"; digits = digits.dropFirst() }
        let parts = digits.split(separator: ".", maxSplits: 1)
        let whole = Array(parts[0])
        var out = ""
        for (i, c) in whole.enumerated() {
            if i > 0 && (whole.count - i) % 3 == 0 { out.append(",") }
            out.append(c)
        }
        return sign + out + (parts.count > 1 ? "." + parts[1] : "")
    }

    /// At most `width` columns; a cut string ends in `…` (one column) and never splits a wide character.
    static func truncated(_ s: String, width: Int) -> String {
        if TextWidth.of(s) <= width { return s }
        guard width > 0 else { return "" }
        var out = ""
        var used = 0
        for c in s {
            let w = TextWidth.of(c)
            if used + w > width - 1 { break }
            out.append(c)
            used += w
        }
        return out + "…"
    }

    /// UTC, with `yyyy MM dd HH mm ss` replaced by the zero-padded fields; other characters are kept.
    static func formatDate(milliseconds: Double, pattern: String) -> String {
        guard milliseconds.isFinite else { return "" }
        let seconds = Int((milliseconds / 1000).rounded(.down))
        var days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        // Civil from days (Howard Hinnant's algorithm), proleptic Gregorian, UTC.
        days += 719_468
        let era = (days >= 0 ? days : days - 146_096) / 146_097
        let dayOfEra = days - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let fields: [(String, String)] = [
            ("yyyy", String(format: "%04d", year)), ("MM", two(month)), ("dd", two(day)),
            ("HH", two(secondOfDay / 3600)), ("mm", two(secondOfDay / 60 % 60)), ("ss", two(secondOfDay % 60)),
        ]
        var out = ""
        var rest = Substring(pattern)
        outer: while !rest.isEmpty {
            for (token, value) in fields where rest.hasPrefix(token) {
                out += value
                rest = rest.dropFirst(token.count)
                continue outer
            }
            out.append(rest.removeFirst())
        }
        return out
    }
}
