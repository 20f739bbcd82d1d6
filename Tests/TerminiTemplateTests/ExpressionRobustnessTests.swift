import Testing
@testable import TerminiTemplate

/// Generated input: whatever the text, parsing throws or succeeds, and what parses evaluates and prints back.
@Suite struct ExpressionRobustnessTests {
    /// A fixed-seed generator so a failure reproduces.
    struct SplitMix: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static let fragments = [
        "a", "b", "xs", "o", "i", ".", "[", "]", "(", ")", "0", "1", "2.5", "-", "+", "*", "/", "%", "!", "==", "!=",
        "===", "<", "<=", ">", ">=", "&&", "||", "?", ":", "'s'", "\"t\"", "'", "\\", " ", "length", "null", "true",
        "1e", "}}", "{{", "é", "$", "_",
    ]

    static let scope = ExpressionScope(data: [
        "a": 1, "b": "two", "xs": [1, [2, 3], ["k": "v"]], "o": ["length": 4, "a": [nil]], "i": 1,
    ]).binding("b", to: [true], at: DataPath([.key("o"), .key("a")]))

    @Test func randomTextNeverCrashes() {
        var rng = SplitMix(state: 2026)
        var parsed = 0
        for _ in 0..<20_000 {
            let count = Int.random(in: 1...12, using: &rng)
            let text = (0..<count).map { _ in Self.fragments.randomElement(using: &rng) ?? "" }.joined()
            guard let expression = try? Expression.parse(text) else { continue }
            parsed += 1
            _ = expression.evaluate(in: Self.scope)
            _ = expression.readPaths(in: Self.scope)
            _ = expression.staticReadPaths
            let reparsed = try? Expression.parse(expression.description)
            #expect(reparsed == expression, "\(text) printed as \(expression.description)")
        }
        #expect(parsed > 500, "the generator should produce a fair share of valid expressions")
    }

    @Test func randomTemplateStringsNeverCrash() {
        var rng = SplitMix(state: 7)
        for _ in 0..<5_000 {
            let count = Int.random(in: 1...10, using: &rng)
            let text = (0..<count).map { _ in Self.fragments.randomElement(using: &rng) ?? "" }.joined()
            do {
                let template = try TemplateString(parsing: text)
                _ = template.evaluate(in: Self.scope)
                _ = template.readPaths(in: Self.scope)
            } catch {
                #expect(error.column >= 1 && error.column <= text.unicodeScalars.count + 1, "\(text): \(error)")
            }
        }
    }

    @Test func errorColumnsStayInsideTheText() {
        var rng = SplitMix(state: 99)
        for _ in 0..<5_000 {
            let count = Int.random(in: 0...8, using: &rng)
            let text = (0..<count).map { _ in Self.fragments.randomElement(using: &rng) ?? "" }.joined()
            do { _ = try Expression.parse(text) } catch {
                #expect(error.column >= 1 && error.column <= text.unicodeScalars.count + 1, "\(text): \(error)")
            }
        }
    }
}
