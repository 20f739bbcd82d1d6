import Testing
import TemplateCompiler
import TerminiScript
@testable import TerminiAuthoring
@testable import TerminiRuntime

/// Bundles, registries, scripts, the compiler and `termini check` report through one `Diagnostic`, so a person (and
/// an editor or CI log) reads every error the same way.
@Suite struct OneDiagnosticShapeTests {
    @Test func everyLayersErrorSaysItselfAsADiagnostic() {
        let reports: [any DiagnosticConvertible] = [
            BundleError(.hashMismatch, "app.zip: pages/index.json", "SHA-256 differs from the manifest"),
            RegistryError(.network, "https://registry.example/index.json", "connection refused"),
            ScriptError(kind: .exception, message: "TypeError: x is undefined", fileName: "main.js", line: 12, column: 5,
                        handler: "onTap"),
            CompileDiagnostic(file: "pages/index.swift", line: 3, column: 9, message: "unknown widget 'Txt'"),
            CheckFinding(.error, "main.js:4:2", "unknown command 'getWether'"),
        ]
        #expect(reports.map { $0.diagnostic.description.split(separator: "\n")[0] } == [
            "app.zip: pages/index.json: error: SHA-256 differs from the manifest",
            "https://registry.example/index.json: error: connection refused",
            "main.js:12:5: error: TypeError: x is undefined",
            "pages/index.swift:3:9: error: unknown widget 'Txt'",
            "main.js:4:2: error: unknown command 'getWether'",
        ])
        #expect(reports.map { $0.diagnostic.kind } == ["hashMismatch", "network", "exception", "", ""])
        #expect(reports[2].diagnostic.suggestion == "in onTap")
    }
}
