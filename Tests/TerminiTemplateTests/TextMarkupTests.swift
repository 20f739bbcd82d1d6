import Testing
import TerminiTemplate

/// `TextMarkup`: tags to spans, bindings kept whole and opaque, and each malformed form with its column.
@Suite struct TextMarkupTests {
    @Test func tagsBecomeSpansAndBindingsStayWhole() throws {
        let spans = try TextMarkup.parse("[b]Total:[/b] [accent]{{count}}[/]")
        #expect(spans == [
            .init(text: "Total:", style: .init(attributes: ["bold"])),
            .init(text: " "),
            .init(text: "{{count}}", style: .init(classes: ["accent"])),
        ])
    }

    @Test func nestedColoursLinksAndBackgrounds() throws {
        let spans = try TextMarkup.parse("[i][#ff8800]hot [bg=blue]and[/bg][/] [link=https://example.org/a?b=1]docs[/link][/i]")
        #expect(spans == [
            .init(text: "hot ", style: .init(attributes: ["italic"], color: "#ff8800")),
            .init(text: "and", style: .init(attributes: ["italic"], color: "#ff8800", background: "blue")),
            .init(text: " ", style: .init(attributes: ["italic"])),
            .init(text: "docs", style: .init(attributes: ["italic"], link: "https://example.org/a?b=1")),
        ])
        #expect(try TextMarkup.parse("[red]r[/red][code.keyword]k[/code.keyword]") == [
            .init(text: "r", style: .init(color: "red")), .init(text: "k", style: .init(classes: ["code.keyword"])),
        ])
    }

    @Test func aBindingsBracketsAreNotTagsAndDoubleBracketIsLiteral() throws {
        #expect(try TextMarkup.parse("{{ items[0] }} [[x] ] {{ '[b]' }}") == [.init(text: "{{ items[0] }} [x] ] {{ '[b]' }}")])
        #expect(try TextMarkup.parse("plain") == [.init(text: "plain")])
        #expect(try TextMarkup.parse("") == [])
    }

    @Test func malformedMarkupNamesItsColumn() {
        func failure(_ text: String) -> TextMarkup.MarkupError? {
            do { _ = try TextMarkup.parse(text); return nil } catch { return error }
        }
        #expect(failure("ab [b]x")?.column == 4)
        #expect(failure("ab [b]x")?.message.contains("never closed") == true)
        #expect(failure("x [b y")?.column == 3)
        #expect(failure("x [/b]")?.message.contains("closes nothing") == true)
        #expect(failure("[b][i]x[/b][/i]")?.column == 8)
        #expect(failure("[B]x[/]")?.message.contains("unknown style 'B'") == true)
        #expect(failure("[bold ]x[/]")?.message.contains("unknown style") == true)
        #expect(failure("[#12345]x[/]")?.message.contains("not a colour") == true)
        #expect(failure("[bg=nope]x[/]")?.message.contains("not a colour") == true)
        #expect(failure("[link=javascript:alert(1)]x[/link]")?.message.contains("not a link") == true)
        #expect(failure("[link=https://a b]x[/link]") != nil)
        #expect(failure("[]x") != nil)
    }
}
