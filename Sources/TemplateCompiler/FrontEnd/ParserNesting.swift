import SwiftParser
import SwiftSyntax

/// How deep swift-syntax's parser may nest while it parses a page file, and what `tplgen` says when a file goes deeper.
///
/// The parser stops at a fixed depth so that its recursion cannot overflow the stack, and says only "parsing has
/// exceeded the maximum nesting level". The depth is passed explicitly here, the same as swift-syntax's own default
/// (its debug build uses far more stack per level), so the message can name it and say what to do instead.
enum ParserNesting {
    #if DEBUG
    static let maximumLevels = 20
    #else
    static let maximumLevels = 256
    #endif

    /// swift-syntax's diagnostic when a file nests deeper than `maximumLevels`.
    static let swiftSyntaxMessage = "parsing has exceeded the maximum nesting level"

    static func parse(_ text: String) -> SourceFileSyntax {
        var text = text
        return text.withUTF8 { Parser.parse(source: $0, maximumNestingLevel: maximumLevels) }
    }

    /// The diagnostic for a file that nests too deep: the limit, and a component as the way out.
    static var message: String {
        #if DEBUG
        let build = " in this debug build of tplgen; 256 in a release build"
        #else
        let build = ""
        #endif
        return "the declaration nests deeper than the Swift parser allows (\(maximumLevels) levels of blocks, calls and "
            + "brackets\(build)); move the inner widgets into a component (`struct Inner: Component { @WidgetBuilder var "
            + "body: [any Widget] { … } }` in components/, docs/TEMPLATES.md#components) and use `Inner()` in their place"
    }
}
