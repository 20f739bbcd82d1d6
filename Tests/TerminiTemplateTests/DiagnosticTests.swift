import Testing
import TerminiTemplate

/// Every error prints in one shape: `where: error: what`, the remedy on a `note:` line.
@Suite struct DiagnosticTests {
    @Test func aPlacedDiagnosticPrintsAsCompilersDo() {
        let d = Diagnostic(.error, Diagnostic.location(file: "pages/index.swift", line: 3, column: 7), "unknown widget 'Txt'",
                           suggestion: "did you mean 'Text'?")
        #expect(d.description == "pages/index.swift:3:7: error: unknown widget 'Txt'\npages/index.swift:3:7: note: did you mean 'Text'?")
    }

    @Test func theLocationHasOnlyTheKnownParts() {
        #expect(Diagnostic.location(file: "a.js", line: nil, column: 4) == "a.js")
        #expect(Diagnostic.location(file: "a.js", line: 2, column: nil) == "a.js:2")
        #expect(Diagnostic(.warning, "app.json", "unused permission 'request'").description
            == "app.json: warning: unused permission 'request'")
    }

    @Test func aPlacelessDiagnosticNamesTheProgram() {
        let d = Diagnostic(.error, "", "no store at /nowhere", suggestion: "pass --store")
        #expect(d.description == "error: no store at /nowhere\nnote: pass --store")
        #expect(d.described(placeless: "termini") == "termini: error: no store at /nowhere\ntermini: note: pass --store")
    }
}
