import Foundation
import TestSupport
import Testing
import TerminiAuthoring
import TerminiRuntime

/// `termini pack`'s compile step: the TemplateCompiler turns pages/*.swift into the bundle's template JSON.
@Suite struct ProjectPackTests {
    @Test func realTemplateCompilerCompilesTheProjectPages() throws {
        let tmp = TemporaryFolder()
        try tmp.write("hello/app.json", #"{"id": "demo", "name": "Demo", "version": "1.0.0", "pages": ["index"]}"#)
        try tmp.write("hello/main.js", "Page('index', { data: { name: 'x' } })\n")
        try tmp.write("hello/pages/index.swift", """
            import TerminiDSL

            let index = Page("index", title: "Hello") {
                Column(spacing: 1) {
                    Text("Hello {{name}}", style: .bold)
                }
            }
            """)
        let project = tmp.sub("hello")
        let result = try BundlePacker().pack(project: project, output: tmp.sub("hello.zip"), key: nil)
        let store = AppStore(root: tmp.sub("store"))
        let installed = try BundleInstaller(store: store, options: InstallOptions(skipSignatureCheck: true))
            .install(archivePath: tmp.sub("hello.zip"))
        let bundle = try BundleLoader.load(folder: installed.folder)
        let page = try #require(bundle.pages["index"])
        #expect(page.title == "Hello")
        #expect(page.source == "hello/pages/index.swift")
        #expect(page.root.cls == "Column")
        #expect(result.manifest.files["pages/index.json"] != nil)

        try tmp.write("hello/pages/index.swift", "let index = Page(\"index\") { Txt(\"x\") }\n")
        do { _ = try BundlePacker().pack(project: project, output: tmp.sub("bad.zip"), key: nil); Issue.record("packed") } catch {
            #expect(error.kind == .compileFailed)
            #expect(error.message.contains(tmp.sub("hello/pages/index.swift") + ":1:"))
        }
    }

    @Test func aRuntimeOnlyResolverRefusesProjectFoldersWithAHint() throws {
        let tmp = TemporaryFolder()
        try tmp.write("p/app.json", #"{"id": "demo", "name": "Demo", "version": "1.0.0", "pages": ["index"]}"#)
        do { _ = try BundleResolver.load(tmp.sub("p")); Issue.record("loaded a project without a compiler") } catch {
            #expect("\(error)".contains("is a project folder"))
            #expect("\(error)".contains("termini pack"))
        }
    }
}
