import Foundation
import TestSupport
import Testing
@testable import TerminiAuthoring
import TerminiRuntime

/// Each `termini check` rule on its own: a small project with the one problem it looks for, found at its location,
/// and the same project fixed, where it finds nothing. (AppKeyBindingRule has its own suite, AppKeyBindingCheckTests.)
@Suite struct CheckRuleTests {
    /// A project folder: app.json (pages `pages`, plus `extra` members), one Swift file per page body, and main.js.
    final class Fixture {
        let folder = TemporaryFolder()
        var path: String { folder.sub("p") }

        init(pages: [String: String], script: String, app extra: String = "", declared: [String]? = nil) throws {
            let names = pages.keys.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
            try folder.write("p/app.json", #"{"id": "p", "version": "1.0.0", "pages": [\#(names)]\#(extra)}"#)
            for (name, body) in pages where declared?.contains(name) ?? true {
                try folder.write("p/pages/\(name).swift", "import TerminiDSL\n\nlet \(name) = Page(\"\(name)\") {\n    \(body)\n}\n")
            }
            try folder.write("p/main.js", script)
        }

        func run(_ rule: any CheckRule) throws -> [CheckFinding] {
            let commands = try MiniAppEngine.registeredCommands()
            guard case .success(let project) = CheckedProject.load(path, commands: commands) else {
                Issue.record("the fixture did not load")
                return []
            }
            return rule.findings(in: project)
        }
    }

    @Test func pagesDeclaredRuleFindsAListedPageWithoutAFile() throws {
        let broken = try Fixture(pages: ["index": "Text(\"a\")", "about": "Text(\"b\")"], script: "", declared: ["index"])
        let findings = try broken.run(PagesDeclaredRule())
        #expect(findings == [CheckFinding(.error, "\(broken.path)/app.json:1:43",
                                          "page 'about' is listed in app.json but no file in pages/ declares Page(\"about\")")], "\(findings)")
        #expect(try Fixture(pages: ["index": "Text(\"a\")"], script: "").run(PagesDeclaredRule()).isEmpty)
    }

    @Test func pagesRegisteredRuleComparesAppJSONWithThePageCalls() throws {
        let broken = try Fixture(pages: ["index": "Text(\"a\")"], script: "Page('indx', {})\n")
        let messages = try broken.run(PagesRegisteredRule()).map(\.message)
        #expect(messages == ["page 'index' is listed in app.json but main.js never calls Page('index', …); did you mean 'indx'?",
                             "Page('indx') is not listed in app.json's pages; did you mean 'index'?"], "\(messages)")
        #expect(try Fixture(pages: ["index": "Text(\"a\")"], script: "Page('index', {})\n").run(PagesRegisteredRule()).isEmpty)
    }

    @Test func pageHandlersRuleFindsAHandlerThePageLacks() throws {
        let broken = try Fixture(pages: ["index": "Button(\"Go\", onTap: \"go\")"], script: "Page('index', { goo() {} })\n")
        let findings = try broken.run(PageHandlersRule())
        #expect(findings == [CheckFinding(.error, "\(broken.path)/pages/index.swift:4:5",
                                          "page 'index' has no method 'go' for Button's onTap; did you mean 'goo'?")], "\(findings)")
        #expect(try Fixture(pages: ["index": "Button(\"Go\", onTap: \"go\")"], script: "Page('index', { go() {} })\n")
            .run(PageHandlersRule()).isEmpty)
    }

    @Test func componentHandlersRuleFindsLogicWithoutADeclaration() throws {
        let broken = try Fixture(pages: ["index": "Text(\"a\")"], script: "Page('index', {})\nComponent('Badge', {})\n")
        let findings = try broken.run(ComponentHandlersRule())
        #expect(findings.map(\.message) == ["Component('Badge') has no declaration: no components/*.swift declares `struct Badge: Component`"])
        #expect(try Fixture(pages: ["index": "Text(\"a\")"], script: "Page('index', {})\n").run(ComponentHandlersRule()).isEmpty)
    }

    @Test func commandsRuleFindsAnUnknownCommandAndAMissingPermission() throws {
        let broken = try Fixture(pages: ["index": "Text(\"a\")"],
                                 script: "Page('index', { onLoad() { bridge.invoke('showToats', {}); bridge.invoke('request', { url: 'https://x' }) } })\n")
        let messages = try broken.run(CommandsRule()).map(\.message)
        #expect(messages == ["unknown command 'showToats'; did you mean 'showToast'?",
                             "'request' needs the permission 'request', which app.json's permissions do not list"], "\(messages)")
        let fixed = try Fixture(pages: ["index": "Text(\"a\")"],
                                script: "Page('index', { onLoad() { bridge.invoke('request', { url: 'https://x' }) } })\n",
                                app: #", "permissions": ["request"], "requestDomains": ["x"]"#)
        #expect(try fixed.run(CommandsRule()).isEmpty)
    }

    @Test func unusedPermissionsRuleFindsAPermissionNothingNeeds() throws {
        let broken = try Fixture(pages: ["index": "Text(\"a\")"], script: "Page('index', {})\n", app: #", "permissions": ["request"]"#)
        let messages = try broken.run(UnusedPermissionsRule()).map(\.message)
        // Every command the permission guards is named, in order.
        #expect(messages == ["permission 'request' is not needed: main.js never invokes closeSocket, connectEventSource, "
                             + "connectSocket, downloadFile, request, sendSocketMessage"], "\(messages)")
        #expect(try Fixture(pages: ["index": "Text(\"a\")"], script: "Page('index', {})\n").run(UnusedPermissionsRule()).isEmpty)
    }

    @Test func dataPathsRuleFindsAReadNoDataCanHold() throws {
        let broken = try Fixture(pages: ["index": "Text(\"{{titel}}\")"], script: "Page('index', { data: { title: '' } })\n")
        let messages = try broken.run(DataPathsRule()).map(\.message)
        #expect(messages == ["page 'index' reads 'titel', but 'titel' is not in its initial data and no setData or spliceData with a literal key writes it"],
                "\(messages)")
        let written = try Fixture(pages: ["index": "Text(\"{{titel}}\")"],
                                  script: "Page('index', { onLoad() { this.setData({ titel: 'x' }) } })\n")
        #expect(try written.run(DataPathsRule()).isEmpty)
    }
}
