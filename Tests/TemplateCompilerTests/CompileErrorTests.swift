import Foundation
import Testing
@testable import TemplateCompiler

/// Every kind of bad input gives `file:line:col: error: <one line>` at the exact place, and no page.
@Suite struct CompileErrorTests {
    /// Diagnostics for one page file whose body is `body`, placed at line 4 inside `Column { ... }`.
    /// Line 4 starts with 8 spaces, so the first character of `body` is column 9.
    static func errors(inBody body: String) throws -> [String] {
        let text = """
            import TerminiDSL

            let page = Page("page") {
                Column {
                    \(body)
                }
            }
            """
        let result = try PageCompiler().compile([PageSource(path: "bad.swift", text: text)])
        #expect(result.pages.isEmpty, "a file with errors must not produce a page")
        return result.diagnostics.map(\.description)
    }

    static let cases: [(body: String, expected: String)] = [
        ("Txt(\"hello\")", "bad.swift:5:9: error: unknown widget 'Txt'; did you mean 'Text'?"),
        ("Column(spacng: 1) {}", "bad.swift:5:16: error: Column has no argument 'spacng:'; did you mean 'spacing:'?"),
        ("Checkbox(label: \"x\")", "bad.swift:5:9: error: missing argument 'checked:' (Binding<Bool>) for Checkbox"),
        ("Button()", "bad.swift:5:9: error: missing unlabeled argument #1 'label' (Binding<String>) for Button"),
        ("Column(spacing: 1)", "bad.swift:5:9: error: Column needs a trailing { ... } block with its content"),
        ("Text(\"x\", style: .bld)", "bad.swift:5:27: error: unknown TextStyle case '.bld'; did you mean '.bold'?"),
        ("Text(\"x\", style: \"bolt\")", "bad.swift:5:26: error: unknown TextStyle case 'bolt'; did you mean 'bold'?"),
        ("Text(\"x\", color: Colour.red)", "bad.swift:5:26: error: unknown type 'Colour'; did you mean 'Color'?"),
        ("Text(\"x\", style: Color.red)",
         "bad.swift:5:26: error: 'style:' of Text expects TextStyle or a \"{{ }}\" binding, found Color.red"),
        ("Text(\"x\", style: [.bold, .blink])", "bad.swift:5:35: error: unknown TextStyle case '.blink'"),
        ("Text(\"x\", color: \"#12345\")", "bad.swift:5:26: error: '#12345' is not a colour: write #rrggbb with six hex digits"),
        ("Text(42)", "bad.swift:5:14: error: argument #1 of Text expects String or a \"{{ }}\" binding, found the number 42"),
        ("Column(spacing: 1.5) {}",
         "bad.swift:5:25: error: 'spacing:' of Column expects Int or a \"{{ }}\" binding, found the number 1.5"),
        ("Column(spacing: \"wide\") {}",
         "bad.swift:5:25: error: 'spacing:' of Column expects Int or a \"{{ }}\" binding, found the string \"wide\" without {{ }}"),
        ("Button(\"b\", onTap: 3)", "bad.swift:5:28: error: 'onTap:' of Button expects String, found the number 3"),
        ("Text(\"x\", wrap: nil)",
         "bad.swift:5:25: error: 'wrap:' of Text is not optional; nil is not allowed (expects Bool or a \"{{ }}\" binding)"),
        ("Text(\"x\", style: .bold, style: .dim)", "bad.swift:5:33: error: duplicate argument 'style:'"),
        ("Text(\"x\", color: .red, style: .bold)", "bad.swift:5:32: error: argument 'style:' must come before 'color:'"),
        ("Spacer(1)", "bad.swift:5:16: error: extra unlabeled argument to Spacer"),
        ("Divider { Text(\"x\") }", "bad.swift:5:17: error: Divider does not take a trailing { ... } block"),
        ("If(\"{{a}}\") { Text(\"a\") } els: { Text(\"b\") }",
         "bad.swift:5:35: error: If has no trailing closure 'els:'; did you mean 'else:'?"),
        ("Text(\"x\").hiden()", "bad.swift:5:19: error: unknown modifier '.hiden'; did you mean '.hidden'?"),
        ("Text(\"x\").key(\"a\").key(\"b\")", "bad.swift:5:9: error: modifier '.key' is applied twice to the same widget"),
        ("Text(\"x\", color: .index)", "bad.swift:5:26: error: '.index' needs arguments: .index(_:)"),
        ("Text(\"x\", style: .bold())", "bad.swift:5:26: error: '.bold' takes no arguments; write .bold"),
        ("Padding(.all(1, 2)) {}", "bad.swift:5:25: error: extra unlabeled argument to .all"),
        ("Padding(.around(1)) {}", "bad.swift:5:18: error: unknown EdgeInsets factory '.around'"),
        ("Padding(.symetric(h: 1)) {}", "bad.swift:5:18: error: unknown EdgeInsets factory '.symetric'; did you mean '.symmetric'?"),
        ("Padding(EdgeInsets(left: 1, top: 0, right: 0, bottom: 0)) {}",
         "bad.swift:5:17: error: EdgeInsets(...) cannot be called directly; use one of its cases or factories, e.g. .all(...)"),
        // Unsupported constructs.
        ("Row(spacing: 1 + 2) {}",
         "bad.swift:5:22: error: computed argument `1 + 2` is not supported: 'spacing:' of Row must be a literal, an enum case, a factory or a \"{{ }}\" binding"),
        ("Row(spacing: width()) {}",
         "bad.swift:5:22: error: unsupported call `width()`: 'spacing:' of Row must be a literal, an enum case, a factory or a \"{{ }}\" binding"),
        ("Text(\"a \\(1)\")",
         "bad.swift:5:17: error: string interpolation \\( ) is not supported; write a \"{{ }}\" binding instead"),
        ("foo()", "bad.swift:5:9: error: unknown widget 'foo'"),
        ("print(\"side effect\")", "bad.swift:5:9: error: unknown widget 'print'"),
        ("Column { x in Text(\"c\") }", "bad.swift:5:18: error: closure parameters are not supported in a widget block"),
        ("for i in 0..<3 { Text(\"loop\") }",
         "bad.swift:5:9: error: `for` loops are not supported in a builder; use ForEach(\"{{items}}\") { ... }"),
        ("if true { Text(\"cond\") }",
         "bad.swift:5:9: error: `if` is not supported in a builder; use If(\"{{condition}}\") { ... } else: { ... }"),
        ("let y = Text(\"y\")",
         "bad.swift:5:9: error: declarations are not supported inside a builder; declare fragments with a top-level `let`"),
        ("\"bare\"", "bad.swift:5:9: error: expected a widget, found a string literal; wrap text in Text(\"...\")"),
        ("missing", "bad.swift:5:9: error: unknown name 'missing'; only top-level `let` fragments can be referenced"),
        ("page", "bad.swift:5:9: error: 'page' is a Page; pages cannot be nested in other widgets"),
        ("Page(\"inner\") { Text(\"x\") }",
         "bad.swift:5:9: error: a Page can only be declared at the top level: `let <name> = Page(...) { ... }`"),
        ("Button(\"b\", onTap: \"{{handler}}\")",
         "bad.swift:5:28: error: 'onTap:' of Button takes a plain string, not a \"{{ }}\" binding"),
        ("ForEach(\"{{xs}}\", item: \"a.b\") { Text(\"x\") }",
         "bad.swift:5:33: error: 'item:' of ForEach must be a plain name such as \"todo\", found \"a.b\""),
        ("ForEach(\"todos\") { Text(\"x\") }",
         "bad.swift:5:17: error: argument #1 of ForEach expects a list or a \"{{ }}\" binding, found the string \"todos\" without {{ }}"),
        // Expression errors point at the column inside the string literal, converted to the file column.
        ("Text(\"ok {{ name\")", "bad.swift:5:18: error: unterminated '{{'; expected '}}'"),
        ("Text(\"{{a +}}\")", "bad.swift:5:20: error: expected an expression, found the end"),
        ("Text(\"\\t\\\"q\\\" {{a +}}\")", "bad.swift:5:28: error: expected an expression, found the end"),
        // Columns count UTF-8 bytes, as the Swift compiler does: the 3-byte "✕" shifts the column by 3.
        ("Text(\"✕ {{a +}}\")", "bad.swift:5:24: error: expected an expression, found the end"),
        // Template functions: names and argument counts are checked here, at the call's column.
        ("Text(\"{{ uper(name) }}\")", "bad.swift:5:18: error: unknown function 'uper'; did you mean 'upper'?"),
        ("Text(\"{{ pad(n) }}\")", "bad.swift:5:18: error: pad(x, width) takes 2 arguments, got 1"),
    ]

    @Test(arguments: 0..<cases.count)
    func reportsExactLocationAndMessage(index: Int) throws {
        let (body, expected) = Self.cases[index]
        #expect(try Self.errors(inBody: body) == [expected])
    }

    @Test func keepsGoingAndReportsEveryErrorInOrder() throws {
        let errors = try Self.errors(inBody: "Txt(\"a\")\n        Text(\"b\", style: .bld)\n        Text(1 + 1)")
        #expect(errors == [
            "bad.swift:5:9: error: unknown widget 'Txt'; did you mean 'Text'?",
            "bad.swift:6:27: error: unknown TextStyle case '.bld'; did you mean '.bold'?",
            "bad.swift:7:14: error: computed argument `1 + 1` is not supported: argument #1 of Text must be a literal, an enum case, a factory or a \"{{ }}\" binding",
        ])
    }

    @Test func syntaxErrorsUseTheParserDiagnostics() throws {
        let text = "let index = Page(\"index\") {\n    Column(spacing: 1 {\n        Text(\"hi\")\n    }\n}\n"
        let result = try PageCompiler().compile([PageSource(path: "syntax.swift", text: text)])
        #expect(result.diagnostics.map(\.description) == ["syntax.swift:2:22: error: syntax error: expected ')' in function call"])
        #expect(result.pages.isEmpty)
    }

    @Test func fileLevelProblems() throws {
        let compiler = try PageCompiler()
        let result = compiler.compile([
            PageSource(path: "empty.swift", text: " \n"),
            PageSource(path: "nopage.swift", text: "import TerminiDSL\nlet frag = Text(\"no page\")\n"),
            PageSource(path: "a.swift", text: "let a = Page(\"main\") { Text(\"a\") }\n"),
            PageSource(path: "b.swift", text: "let b = Page(\"main\") { Text(\"b\") }\n"),
            PageSource(path: "top.swift", text: "var v = Page(\"v\") { Text(\"v\") }\nfunc f() {}\nprint(1)\n"),
            PageSource(path: "name.swift", text: "let n = Page(\"a/b\") { Text(\"n\") }\n"),
            PageSource(path: "roots.swift", text: "let r = Page(\"r\") { Text(\"1\"); Text(\"2\") }\n"),
            PageSource(path: "cycle.swift", text: "let x = y\nlet y = x\nlet c = Page(\"c\") { x }\n"),
        ])
        #expect(result.diagnostics.map(\.description) == [
            "empty.swift:1:1: error: the file is empty; expected a page such as `let index = Page(\"index\") { ... }`",
            "nopage.swift:1:1: error: no Page in this file; declare one as `let index = Page(\"index\") { ... }`",
            "top.swift:1:1: error: use `let` for fragments and pages, not `var`",
            "top.swift:2:1: error: unsupported top-level declaration; a page file holds `let` fragments and pages only",
            "top.swift:3:1: error: unsupported top-level expression; declare pages as `let <name> = Page(...) { ... }`",
            "top.swift:1:1: error: no Page in this file; declare one as `let index = Page(\"index\") { ... }`",
            "b.swift:1:9: error: duplicate page name 'main'; first declared at a.swift:1:9",
            "name.swift:1:14: error: page name 'a/b' may only use letters, digits, '-' and '_' (it names pages/<name>.json)",
            "roots.swift:1:19: error: a Page has one root widget, found 2; wrap them in a Column { ... }",
            "cycle.swift:2:9: error: fragment 'x' refers to itself",
        ])
        #expect(result.pages.isEmpty)
    }

    @Test func nonUTF8FileReportsTheFirstBadByte() {
        let bytes = Array("let x = 1\nlet s = \"".utf8) + [0xFF, 0x22, 0x0A]
        guard case .failure(let d) = PageSourceLoader.decode(bytes, path: "bin.swift") else {
            Issue.record("invalid UTF-8 was accepted")
            return
        }
        #expect(d.description == "bin.swift:2:10: error: the file is not valid UTF-8 (byte offset 19); save it as UTF-8")
    }

    @Test func oversizedFileIsRejectedQuicklyWithoutParsing() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tplgen-big-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("huge.swift")
        try Data(("let p = Page(\"p\") { Text(\"x\") }\n// " + String(repeating: "x", count: 5 * 1024 * 1024)).utf8).write(to: file)
        let start = ContinuousClock.now
        let result = try CompileJob.run(inputs: [file.path], outDirectory: dir.appendingPathComponent("out"),
                                        compiler: PageCompiler())
        #expect(ContinuousClock.now - start < .seconds(2))
        #expect(result.diagnostics.map(\.description) == [
            "\(file.path):1:1: error: the file is 5 MB, over the 4 MB limit for a page declaration file",
        ])
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out").path))
    }

    @Test func anyErrorMeansNoFilesWritten() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tplgen-partial-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try "let good = Page(\"good\") { Text(\"fine\") }\n".write(to: dir.appendingPathComponent("good.swift"),
                                                                 atomically: true, encoding: .utf8)
        try "let bad = Page(\"bad\") { Txt(\"oops\") }\n".write(to: dir.appendingPathComponent("bad.swift"),
                                                            atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("out")
        let result = try CompileJob.run(inputs: [dir.path], outDirectory: out, compiler: PageCompiler())
        #expect(result.diagnostics.count == 1)
        #expect(!FileManager.default.fileExists(atPath: out.path))
        try FileManager.default.removeItem(at: dir.appendingPathComponent("bad.swift"))
        let fixed = try CompileJob.run(inputs: [dir.path], outDirectory: out, compiler: PageCompiler())
        #expect(fixed.succeeded)
        #expect(FileManager.default.fileExists(atPath: TemplateOutputWriter.url(forPage: "good", in: out).path))
    }

    @Test func missingInputIsReported() throws {
        let result = try CompileJob.run(inputs: ["/nonexistent/pages"], outDirectory: URL(fileURLWithPath: "/tmp/unused"),
                                        compiler: PageCompiler())
        #expect(result.diagnostics.map(\.description) == ["/nonexistent/pages: error: no such file or folder"])
    }

    /// Every truncation of a real page (cut mid-token, mid-string, mid-`{{`) gives diagnostics, never a crash or a page.
    @Test func truncatedSourcesGiveErrorsNotCrashes() throws {
        let golden = Bundle.module.resourceURL!.appendingPathComponent("Fixtures/golden/values.swift")
        let text = try String(contentsOf: golden, encoding: .utf8)
        let compiler = try PageCompiler()
        let scalars = Array(text.unicodeScalars)
        for cut in stride(from: 1, to: scalars.count - 2, by: 7) {
            var prefix = String.UnicodeScalarView()
            prefix.append(contentsOf: scalars[..<cut])
            let result = compiler.compile([PageSource(path: "cut.swift", text: String(prefix))])
            #expect(!result.diagnostics.isEmpty && result.pages.isEmpty, "cut at \(cut)")
            for d in result.diagnostics { #expect(d.line != nil && d.column != nil && !d.message.contains("\n")) }
        }
    }

    /// Square brackets nested deeper than any page needs are refused before parsing, where they start: the Swift
    /// parser's time doubles with each level, and 50 of them (found by fuzzing) never finished.
    @Test func bracketsNestedTooDeepAreAnErrorNotAHang() throws {
        #expect(try Self.errors(inBody: "Text(\"a\", style: [[[[[[[[[.bold]]]]]]]]])")
            == ["bad.swift:5:34: error: square brackets nested more than 8 deep; a page declaration needs far fewer"])
        let unclosed = "let index = Page(\"index\") {\n  " + String(repeating: "[", count: 50) + "  Text(\"PIN\")\n}\n"
        let result = try PageCompiler().compile([PageSource(path: "deep.swift", text: unclosed)])
        #expect(result.diagnostics.map(\.description)
            == ["deep.swift:2:11: error: square brackets nested more than 8 deep; a page declaration needs far fewer"])
        let interpolated = try Self.errors(inBody: "Text(\"\\(" + String(repeating: "[", count: 9) + ")\")")
        #expect(interpolated.first?.hasPrefix("bad.swift:5:25: error: square brackets nested more than 8 deep") == true, "\(interpolated)")
    }

    /// A control character swift-syntax 603 traps on (before an `=` with spaces around both) is an error with its
    /// place, as is any other, in code or in a string; tabs, form feeds and CRLF line ends are whitespace.
    @Test func controlCharactersAreAnErrorNotACrash() throws {
        let page = "import TerminiDSL\n\nlet account \u{17}= Page(\"account\") {\n  Text(\"a\")\n}\n"
        let result = try PageCompiler().compile([PageSource(path: "account.swift", text: page)])
        #expect(result.diagnostics.map(\.description) == [
            "account.swift:3:13: error: control character U+0017 is not allowed in Swift source; delete it (an editor may show nothing there)"])
        #expect(result.pages.isEmpty)
        #expect(try Self.errors(inBody: "Text(\"a\u{7F}b\")") == [
            "bad.swift:5:16: error: control character U+007F is not allowed in Swift source; delete it (an editor may show nothing there)"])
        let whitespace = "import TerminiDSL\r\n\r\nlet index = Page(\"index\") {\r\n\tText(\"a\")\r\n}\r\n"
        #expect(try PageCompiler().compile([PageSource(path: "index.swift", text: whitespace)]).diagnostics.isEmpty)
        // Whitespace to Swift, but swift-syntax traps on two before a space after an `=` (found by fuzzing).
        let verticalTabs = "import TerminiDSL\nlet index =\u{0B}\u{0B} Page(\"index\") { Text(\"a\") }\n"
        #expect(try PageCompiler().compile([PageSource(path: "index.swift", text: verticalTabs)]).diagnostics.map(\.description) == [
            "index.swift:2:12: error: vertical tab (U+000B) is not allowed in a page file; use spaces or a line break"])
        #expect(try Self.errors(inBody: "Text(\"a\")\u{0C}") == [
            "bad.swift:5:18: error: form feed (U+000C) is not allowed in a page file; use spaces or a line break"])
    }

    /// Brackets in strings and comments are text: a page full of them compiles.
    @Test func bracketsInStringsAndCommentsAreNotNesting() throws {
        let deep = String(repeating: "[", count: 20)
        let text = """
            import TerminiDSL
            // \(deep)
            let index = Page("index") {
                /* \(deep) /* nested */ \(deep) */
                Column {
                    Text("\(deep) \\" \(deep)")
                    RadioGroup(options: ["\(deep)", #"\(deep)"\(deep)"#], selected: "{{s}}", onSelect: "pick")
                }
            }
            """
        let result = try PageCompiler().compile([PageSource(path: "text.swift", text: text)])
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.pages.count == 1)
    }

    @Test func suggestionsNeedACloseName() {
        #expect(NameSuggestion.hint(for: "Txt", among: ["Text", "Row"]) == "; did you mean 'Text'?")
        #expect(NameSuggestion.hint(for: "Zebra", among: ["Text", "Row"]) == "")
        #expect(NameSuggestion.distance("kitten", "sitting") == 3)
    }
}
