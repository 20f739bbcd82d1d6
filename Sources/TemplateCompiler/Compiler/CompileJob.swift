import Foundation
import TerminiTemplate

/// One `tplgen compile` run: load, compile, and write `<out>/pages/*.json` only when there is no error at all.
public enum CompileJob {
    /// Returns the result; when `result.diagnostics` is non-empty nothing was written. Throws only when writing fails.
    public static func run(inputs: [String], outDirectory: URL, compiler: PageCompiler) throws -> CompilationResult {
        let (sources, loadErrors) = PageSourceLoader.load(paths: inputs)
        var result = compiler.compile(sources)
        // Report in input order, so a file's read error sits with the other files' errors where the user expects it.
        var rank: [String: Int] = [:]
        for (i, file) in PageSourceLoader.expand(paths: inputs).enumerated() where rank[file] == nil { rank[file] = i }
        result.diagnostics = (loadErrors + result.diagnostics).enumerated().sorted { a, b in
            let ra = rank[a.element.file] ?? Int.max, rb = rank[b.element.file] ?? Int.max
            return ra != rb ? ra < rb : a.offset < b.offset
        }.map(\.element)
        if result.diagnostics.isEmpty {
            try TemplateOutputWriter.write(result.pages, components: result.components, to: outDirectory)
        }
        return result
    }
}
