import Foundation
import TemplateCompiler
import TerminiRuntime

/// The pack step that turns a project's `pages/*.swift` into template JSON, through the TemplateCompiler library.
public enum ProjectPageCompiler {
    /// Compiles every `.swift` file under `pagesFolder` as one run and returns `[page name: template JSON text]`,
    /// or every diagnostic as `file:line:col: error: message` when anything fails.
    ///
    /// Sources are named `<project>/pages/<file>` (the project folder's own name), so the `loc` and `source` fields
    /// shipped in a bundle do not leak the author's absolute paths and packing is reproducible across machines.
    /// Diagnostics are mapped back to the real path so an editor can jump to them.
    public static func compile(pagesFolder: String) -> Result<CompiledTemplates, PageCompileFailure> {
        let folder = pagesFolder.hasSuffix("/") ? String(pagesFolder.dropLast()) : pagesFolder
        let project = (folder as NSString).deletingLastPathComponent
        let projectName = (project as NSString).lastPathComponent
        let displayRoot = projectName.isEmpty ? "" : projectName + "/"
        let displayPrefix = displayRoot + "pages/"
        let componentsFolder = ProjectFolder(project).componentsFolder
        let (loaded, loadErrors) = PageSourceLoader.load(paths: [folder] + (componentsFolder.map { [$0] } ?? []))
        if !loadErrors.isEmpty { return .failure(PageCompileFailure(diagnostics: loadErrors.map(\.description))) }
        let projectRoot = project.isEmpty ? "" : project + "/"
        let sources = loaded.map { source in
            PageSource(path: displayRoot + String(source.path.dropFirst(projectRoot.count)), text: source.text)
        }
        let compiler: PageCompiler
        do { compiler = try PageCompiler() } catch {
            return .failure(PageCompileFailure(diagnostics: ["\(folder): error: the built-in widget catalogue is unreadable: \(error)"]))
        }
        let result = compiler.compile(sources)
        guard result.succeeded else {
            return .failure(PageCompileFailure(diagnostics: result.diagnostics.map { d in
                var d = d
                if d.file.hasPrefix(displayRoot) { d.file = projectRoot + d.file.dropFirst(displayRoot.count) }
                return d.description
            }))
        }
        var pages: [String: String] = [:], components: [String: String] = [:]
        for page in result.pages { pages[page.page] = page.json.prettySerialized() + "\n" }
        for component in result.components { components[component.name] = component.json.prettySerialized() + "\n" }
        return .success(CompiledTemplates(pages: pages, components: components))
    }
}
