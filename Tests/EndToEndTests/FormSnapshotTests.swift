import Foundation
import Testing

/// Forms through `termini snapshot`, as a new-issue page uses them: messages on blur and on submit, `restrict` and
/// `kind` refusing keys and pastes, a suggestion accepted with Tab, `this.validate`, a submit button held back while
/// the form is invalid, the editable modal's field with the same checks, and a bad pattern refused at compile time.
@Suite struct FormSnapshotTests {
    static func project(disablesSubmit: Bool = false) throws -> String {
        try BuiltBinaries.project(id: "issueform", pages: ["index": """
            import TerminiDSL

            let index = Page("index", title: "New issue", keys: [Key("ctrl+v", "check", "Validate"), Key("ctrl+n", "ask", "Ask")]) {
                Form(disablesSubmitUntilValid: \(disablesSubmit), onSubmit: "create") {
                    TextField(value: "{{title}}", placeholder: "Title",
                              validate: [.required(message: "A title is needed"), .length(min: 3, max: 40)]).id("title")
                    TextField(value: "", placeholder: "Code", restrict: "[A-Z]{0,3}-?[0-9]*",
                              validate: [.pattern("[A-Z]{2,3}-[0-9]+", message: "Like ABC-12")]).id("code")
                    TextField(value: "", placeholder: "Priority", kind: .integer, validate: [.integer(min: 1, max: 5)]).id("priority")
                    TextField(value: "", placeholder: "Label", suggestions: "{{labels}}").id("label")
                    Switch(isOn: "{{urgent}}", label: "Urgent").id("urgent")
                    Row(spacing: 2) {
                        Button("Create", formType: .submit).id("create")
                        Button("Reset", formType: .reset)
                    }
                    Text("{{result}}")
                }.id("issue")
            }
            """], script: """
            Page('index', {
              data: { title: '', urgent: true, labels: ['bug', 'backend', 'docs'], result: '' },
              create(e) { this.setData({ result: 'submit ' + JSON.stringify(e.detail) }) },
              async check() { const r = await this.validate('issue'); this.setData({ result: 'validate ' + JSON.stringify(r) }) },
              async ask() {
                const r = await bridge.invoke('showModal', { title: 'Points', editable: true, kind: 'integer',
                  validate: [{ rule: 'required', message: 'Points please' }, { rule: 'integer', min: 1, max: 13 }],
                  suggestions: ['13', '21'] })
                this.setData({ result: 'modal ' + r.content })
              },
            })
            """)
    }

    @Test func leavingAFieldShowsItsMessageAndASubmitChecksEveryField() async throws {
        let dir = try Self.project()
        // "Hi" is too short, and the message shows once the field is left (not while typing).
        let typing = try await BuiltBinaries.snapshot(dir, size: "100x16", events: "type Hi\nsettle\n")
        #expect(!typing.stdout.contains("Use 3 to 40 characters"), "\(typing.stdout)")
        let left = try await BuiltBinaries.snapshot(dir, size: "100x16", events: "type Hi\nkey Tab\nsettle\n")
        #expect(left.stdout.lines[2] == "Use 3 to 40 characters", "\(left.stdout)")
        // Submitting from the Create button checks every field, shows each message and reports them by id.
        let submitted = try await BuiltBinaries.snapshot(dir, size: "200x16",
                                                         events: "key Tab\nkey Tab\nkey Tab\nkey Tab\nkey Tab\nkey Enter\nsettle\n")
        #expect(submitted.status == 0, "\(submitted.stderr)")
        #expect(submitted.stdout.contains("A title is needed"), "\(submitted.stdout)")
        #expect(submitted.stdout.contains(#"submit {"errors":{"title":"A title is needed"},"valid":false,"values":{"code":"","label":"","priority":"","title":"","urgent":true}}"#),
                "\(submitted.stdout)")
    }

    /// Enter moves from field to field and submits from the last text field; `restrict` and `kind` refuse keys and
    /// pastes that break them; Tab accepts the dimmed suggestion.
    @Test func restrictedTypingPastingAndASuggestionMakeAValidSubmit() async throws {
        let events = "type Hit\nkey Enter\ntype abAB-12x\npaste \"zz\"\nkey Enter\ntype x3\npaste \"7\"\nkey Enter\ntype ba\nkey Tab\nkey Enter\nsettle\n"
        let r = try await BuiltBinaries.snapshot(try Self.project(), size: "200x16", events: events)
        #expect(r.status == 0, "\(r.stderr)")
        // The x's, the lowercase letters and the "zz" paste were refused; "7" pasted after "3" made 37, which is out
        // of 1–5: the submit reports it and shows the message under the field.
        #expect(r.stdout.contains("Enter a whole number from 1 to 5"), "\(r.stdout)")
        #expect(r.stdout.contains(#"submit {"errors":{"priority":"Enter a whole number from 1 to 5"},"valid":false,"values":{"code":"AB-12","label":"backend","priority":"37","title":"Hit","urgent":true}}"#),
                "\(r.stdout)")
    }

    @Test func thisValidateChecksTheFormFromScript() async throws {
        let r = try await BuiltBinaries.snapshot(try Self.project(), size: "200x16", events: "type Bug report\nkey Esc\nkey ctrl+v\nsettle\n")
        #expect(r.stdout.contains(#"validate {"valid":true,"values":{"code":"","label":"","priority":"","title":"Bug report","urgent":true},"errors":{}}"#),
                "\(r.stdout)")
    }

    /// With `disablesSubmitUntilValid`, Tab skips the Create button (dim) until the title passes, and a click on it
    /// does nothing.
    @Test func aSubmitButtonIsHeldBackWhileTheFormIsInvalid() async throws {
        let dir = try Self.project(disablesSubmit: true)
        let held = try await BuiltBinaries.snapshot(dir, size: "200x16",
                                                    events: "key Tab\nkey Tab\nkey Tab\nkey Tab\nkey Tab\nkey Enter\nsettle\n")
        #expect(!held.stdout.contains("submit {"), "Tab reached Reset past the held Create: \(held.stdout)")
        let ready = try await BuiltBinaries.snapshot(dir, size: "200x16",
                                                     events: "type Bug report\nkey Tab\nkey Tab\nkey Tab\nkey Tab\nkey Tab\nkey Enter\nsettle\n")
        #expect(ready.stdout.contains(#"submit {"errors":{},"valid":true"#), "\(ready.stdout)")
    }

    /// The editable modal's field takes `kind`, `validate` and `suggestions`: OK on an empty field stays open with
    /// the message; a refused key; a suggestion accepted.
    @Test func theEditableModalFieldChecksToo() async throws {
        let dir = try Self.project()
        let empty = try await BuiltBinaries.snapshot(dir, size: "70x16", events: "key Esc\nkey ctrl+n\nsettle\nkey Enter\nsettle\n")
        #expect(empty.stdout.contains("Points please"), "\(empty.stdout)")
        let answered = try await BuiltBinaries.snapshot(dir, size: "70x16", events: "key Esc\nkey ctrl+n\nsettle\ntype x1\nkey Tab\nkey Enter\nsettle\n")
        #expect(answered.stdout.contains("modal 13"), "\(answered.stdout)")
        let tooBig = try await BuiltBinaries.snapshot(dir, size: "70x16", events: "key Esc\nkey ctrl+n\nsettle\ntype 99\nkey Enter\nsettle\n")
        #expect(tooBig.stdout.contains("Enter a whole number from 1 to 13"), "\(tooBig.stdout)")
    }

    /// A pattern that does not compile is an error at its file:line:col, from `termini check` and `snapshot` alike.
    @Test func aBadPatternIsACompileErrorWithItsLocation() async throws {
        let dir = try BuiltBinaries.project(id: "badpattern", pages: ["index": """
            import TerminiDSL

            let index = Page("index") {
                TextField(value: "", validate: [.pattern("[a-z", message: "letters")])
            }
            """], script: "Page('index', {})")
        let r = try await BuiltBinaries.run("termini", ["check", dir])
        #expect(r.status != 0)
        #expect(r.stdout.contains("pages/index.swift:4:46: error: argument #1 of .pattern is not a valid regular expression"), "\(r.stdout)")
    }
}
