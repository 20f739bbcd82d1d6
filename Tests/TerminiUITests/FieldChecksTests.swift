import Testing
import TerminiTemplate
@testable import TerminiUI

/// A field's checks: each rule's verdict and default message, what `kind` and `restrict` let stand while typing,
/// the message drawn in the theme's `error` style, and the script form of the rules with errors that name the rule.
@Suite struct FieldChecksTests {
    @Test func rulesFailWithTheirOwnOrADefaultMessageAndEmptyPassesUnlessRequired() {
        let checks = FieldChecks(rules: [.length(min: 3, max: 5, message: nil), .pattern("[a-z]+", message: "letters")])
        #expect(checks.firstFailure(of: "") == nil)
        #expect(checks.firstFailure(of: "ab") == "Use 3 to 5 characters")
        #expect(checks.firstFailure(of: "abcdef") == "Use 3 to 5 characters")
        #expect(checks.firstFailure(of: "ab1") == "letters")
        #expect(checks.firstFailure(of: "abc") == nil)
        #expect(FieldChecks(rules: [.required(message: nil)]).firstFailure(of: "  ") == "Required")
        #expect(FieldChecks(kind: .integer, rules: [.integer(min: 1, max: nil, message: nil)]).firstFailure(of: "0") == "Enter a whole number of at least 1")
        #expect(FieldChecks(kind: .number).firstFailure(of: "1.") == nil)
        #expect(FieldChecks(rules: [.number(min: 0.5, max: 2, message: nil)]).firstFailure(of: "3") == "Enter a number from 0.5 to 2")
        #expect(FieldChecks(kind: .email).firstFailure(of: "ann@example") == "Enter an email address")
        #expect(FieldChecks(kind: .email).firstFailure(of: "ann@example.com") == nil)
    }

    @Test func kindAndRestrictSayWhatMayStandWhileTyping() {
        #expect(FieldChecks(kind: .integer).allows("-12") && !FieldChecks(kind: .integer).allows("1.5"))
        #expect(FieldChecks(kind: .number).allows("-1.") && !FieldChecks(kind: .number).allows("1.2.3"))
        #expect(FieldChecks(kind: .email).allows("anything at all"))
        let code = FieldChecks(restrict: "[A-Z]{0,3}")
        #expect(code.allows("AB") && !code.allows("ab") && !code.allows("ABCD"))
    }

    @Test func theMessageIsDrawnUnderTheFieldInTheThemesErrorStyle() throws {
        let page = PageView(root: node("Column", [:], [
            node("TextField", ["value": "", "validate": [["cls": "ValidationRule", "cmd": "required", "message": "Needed"]]]),
            node("Button", ["p1": "Go"]),
        ]), data: [:])
        page.build(size: (20, 3))
        _ = page.handle(.key(.tab))
        _ = page.handle(.key(.tab))  // leaves the field: it checks itself
        var buffer = CellBuffer(width: 20, height: 3)
        page.build(size: (20, 3))
        page.paint(into: &buffer)
        #expect(page.renderText(width: 20, height: 3).split(separator: "\n", omittingEmptySubsequences: false).map(String.init) == ["", "Needed", "[ Go ]"])
        #expect(buffer[0, 1].style.foreground == .index(1), "red where the theme has no error style")
        page.theme = try ThemeSet(json: try JSONValue.parse(#"{"dark": {"error": {"color": 9, "style": "bold"}}}"#)).themes[0]
        page.build(size: (20, 3))
        page.paint(into: &buffer)
        #expect(buffer[0, 1].style.foreground == .index(9) && buffer[0, 1].style.attributes.contains(.bold))
    }

    @Test func scriptRulesReadAsTheDSLsWithErrorsThatNameTheRule() throws {
        let checks = try FieldChecks(script: try JSONValue.parse(#"{"kind": "integer", "validate": [{"rule": "required"}, {"rule": "integer", "min": 1, "max": 9, "message": "1-9"}]}"#))
        #expect(checks == FieldChecks(kind: .integer, rules: [.required(message: nil), .integer(min: 1, max: 9, message: "1-9")]))
        func error(_ json: String) -> String? {
            do { _ = try FieldChecks(script: try JSONValue.parse(json)); return nil } catch { return "\(error)" }
        }
        #expect(error(#"{"validate": [{"rule": "pattern", "pattern": "[a-"}]}"#)?.hasPrefix("validate[0].pattern is not a valid regular expression") == true)
        #expect(error(#"{"validate": [{"rule": "required"}, {"rule": "between"}]}"#) == "validate[1].rule 'between' is not one of 'required', 'pattern', 'length', 'integer', 'number'")
        #expect(error(#"{"validate": [{"rule": "length", "min": 1.5}]}"#) == "validate[0].min must be a whole number, got 1.5")
        #expect(error(#"{"kind": "date"}"#) == #"parameter 'kind' must be 'text', 'integer', 'number' or 'email', got "date""#)
        #expect(error(#"{"restrict": "("}"#)?.hasPrefix("parameter 'restrict' is not a valid regular expression") == true)
    }
}
