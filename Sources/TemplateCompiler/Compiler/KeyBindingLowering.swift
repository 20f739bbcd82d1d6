import SwiftSyntax
import TerminiTemplate

/// Lowers a page's `keys: [Key("ctrl+r", "refresh", "Refresh"), …]` to key bindings, reporting a malformed or
/// duplicated key, or an argument that is not a string literal, at its own position.
enum KeyBindingLowering {
    static func lower(_ expression: ExprSyntax, _ unit: CompilationUnit, _ session: LoweringSession) -> [KeyBinding] {
        guard let array = expression.as(ArrayExprSyntax.self) else {
            session.error(unit, at: expression, "keys: must be an array literal such as [Key(\"ctrl+r\", \"refresh\", \"Refresh\")]")
            return []
        }
        var bindings: [KeyBinding] = []
        var firstAt: [KeyChord: String] = [:]
        for element in array.elements {
            guard let call = element.expression.as(FunctionCallExprSyntax.self),
                  call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == CatalogCrawler.keyBindingType
            else {
                session.error(unit, at: element.expression, "each key binding must be Key(\"<key>\", \"<handler>\", \"<label>\")")
                continue
            }
            let arguments = Array(call.arguments)
            guard arguments.count == 2 || arguments.count == 3, arguments.allSatisfy({ $0.label == nil }) else {
                session.error(unit, at: call, "Key takes a key, a handler and an optional label: Key(\"ctrl+r\", \"refresh\", \"Refresh\")")
                continue
            }
            var texts: [String] = []
            for argument in arguments {
                guard let literal = argument.expression.as(StringLiteralExprSyntax.self),
                      case .success(let value) = StringLiteralReader.read(literal)
                else {
                    session.error(unit, at: argument.expression, "Key arguments must be string literals")
                    break
                }
                texts.append(value.text)
            }
            guard texts.count == arguments.count else { continue }
            let chord: KeyChord
            do { chord = try KeyChord(parsing: texts[0]) } catch {
                session.error(unit, at: arguments[0].expression, "malformed key binding: \(error.description)")
                continue
            }
            guard !texts[1].isEmpty else {
                session.error(unit, at: arguments[1].expression, "a key binding needs the name of the page method to call")
                continue
            }
            if let first = firstAt[chord] {
                session.error(unit, at: arguments[0].expression, "duplicate key binding '\(chord)'; first bound at \(first)")
                continue
            }
            firstAt[chord] = unit.loc(of: arguments[0].expression)
            bindings.append(KeyBinding(key: chord, handler: texts[1], label: texts.count == 3 ? texts[2] : nil))
        }
        return bindings
    }
}
