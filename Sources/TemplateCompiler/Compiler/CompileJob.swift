import Foundation
import TerminiTemplate

/// One `tplgen compile` run: load, compile, and write `<out>/pages/*.json` only when there is no error at all.
public enum CompileJob {
    /// Returns the result; when `result.diagnostics` is non-empty nothing was written. Throws only when writing fails.
    public static func run(inputs: [String], outDirectory: URL, compiler: PageCompiler) throws -> CompilationResult {
        let (sources, loadErrors) = PageSourceLoader.load(paths: inputs)
        var result = compiler.compile(sources)
        result.diagnostics = loadErrors + result.diagnostics
        if result.diagnostics.isEmpty { try TemplateOutputWriter.write(result.pages, to: outDirectory) }
        return result
    }
}
