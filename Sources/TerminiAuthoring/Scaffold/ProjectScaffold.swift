import Foundation

/// `termini new`: writes a project that runs at once and passes `termini check` and `termini test`: app.json,
/// pages/*.swift, main.js, two tests in tests/, the editor types (termini.d.ts and jsconfig.json), a Package.swift so
/// that SourceKit-LSP completes the page declarations when the folder is opened on its own, and a README that says
/// how to preview, test (in CI too) and pack it.
public enum ProjectScaffold {
    /// Why a project was not created.
    public struct Refusal: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    /// Creates the project in `folder` (made if missing) and returns the files written, relative to it.
    ///
    /// - Parameters:
    ///   - dslPackage: where the project's Package.swift finds TerminiDSL: a folder path or a git URL.
    ///   - typeDeclarations: the text of termini.d.ts (`termini types`).
    ///   - force: write into a folder that is not empty (files of the same names are replaced, others kept).
    public static func create(in folder: String, template: ProjectTemplate, dslPackage: String, typeDeclarations: String,
                              force: Bool) throws -> [String]
    {
        let fm = FileManager.default
        var isDir: ObjCBool = false
        if fm.fileExists(atPath: folder, isDirectory: &isDir) {
            guard isDir.boolValue else { throw Refusal(description: "\(folder) is a file, not a folder") }
            let entries = (try? fm.contentsOfDirectory(atPath: folder)) ?? []
            if !entries.isEmpty && !force {
                throw Refusal(description: "\(folder) is not empty (\(entries.count) entr\(entries.count == 1 ? "y" : "ies")); "
                              + "choose a new folder, or pass --force to write the project's files into it")
            }
        }
        let name = identifier(from: (folder as NSString).lastPathComponent)
        var files: [(String, String)] = [
            ("app.json", appJSON(id: name, template: template)),
            ("main.js", template.script),
            ("termini.d.ts", typeDeclarations),
            ("jsconfig.json", jsconfig),
            ("Package.swift", packageManifest(name: name, dslPackage: dslPackage)),
            ("README.md", readme(name: name, template: template)),
            (".gitignore", ".build/\nPackage.resolved\n*.zip\n*.key\n"),
        ]
        for page in template.pages {
            files.append(("pages/\(page.name).swift", page.source.replacingOccurrences(of: "{{NAME}}", with: displayName(name))))
        }
        for test in template.tests {
            files.append(("tests/\(test.name).test", test.text.replacingOccurrences(of: "{{NAME}}", with: displayName(name))))
        }
        do {
            try fm.createDirectory(atPath: folder + "/pages", withIntermediateDirectories: true)
            try fm.createDirectory(atPath: folder + "/tests", withIntermediateDirectories: true)
            for (path, text) in files {
                try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/" + path), options: .atomic)
            }
        } catch {
            throw Refusal(description: "cannot write the project into \(folder): \(error.localizedDescription)")
        }
        return files.map(\.0)
    }

    /// A manifest id from a folder name: lowercase letters, digits and `-`, starting with a letter.
    static func identifier(from folder: String) -> String {
        var id = String(folder.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "-" }.drop { !$0.isLetter })
        while id.contains("--") { id = id.replacingOccurrences(of: "--", with: "-") }
        id = id.trimmingCharacters(in: CharacterSet(charactersIn: "-"))
        return id.isEmpty ? "app" : id
    }

    /// `my-app` → `My App`.
    static func displayName(_ id: String) -> String {
        id.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
    }

    static func appJSON(id: String, template: ProjectTemplate) -> String {
        let pages = template.pages.map { "\"\($0.name)\"" }.joined(separator: ", ")
        return """
            {
              "id": "\(id)",
              "name": "\(displayName(id))",
              "version": "0.1.0",
              "pages": [\(pages)],
              "permissions": []
            }

            """
    }

    static let jsconfig = """
        {
          "compilerOptions": {
            "checkJs": true,
            "allowJs": true,
            "noEmit": true,
            "target": "es2020",
            "lib": ["es2020"]
          },
          "include": ["**/*.js", "termini.d.ts"],
          "exclude": ["assets", ".build", "node_modules"]
        }

        """

    static func packageManifest(name: String, dslPackage: String) -> String {
        let isURL = dslPackage.contains("://") || dslPackage.hasPrefix("git@")
        let dependency = isURL ? ".package(url: \"\(dslPackage)\", branch: \"main\")" : ".package(path: \"\(dslPackage)\")"
        return """
            // swift-tools-version: 6.1
            // Lets SourceKit-LSP (and `swift build`) check pages/*.swift and components/*.swift against TerminiDSL when this
            // folder is opened on its own. termini never builds this package: `termini preview`, `check` and `pack` read the
            // declarations as syntax.
            import Foundation
            import PackageDescription

            // Pages and the components they use are one module, as termini compiles them; everything else is left out.
            let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            func entries(_ folder: String) -> [String] {
                (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)) ?? []
            }
            let sources = ["pages", "components"].filter { !entries($0).isEmpty }
            let exclude = entries(".").filter { !sources.contains($0) }
                + sources.flatMap { folder in entries(folder).filter { !$0.hasSuffix(".swift") }.map { "\\(folder)/\\($0)" } }

            let package = Package(
                name: "\(name)",
                platforms: [.macOS(.v14)],
                dependencies: [\(dependency)],
                targets: [
                    .target(name: "Pages", dependencies: [.product(name: "TerminiDSL", package: "\(packageIdentity(dslPackage))")],
                            path: ".", exclude: exclude, sources: sources),
                ]
            )

            """
    }

    /// SwiftPM's name for a dependency: the last path component, lowercased, without `.git`.
    static func packageIdentity(_ location: String) -> String {
        var last = (location.hasSuffix("/") ? String(location.dropLast()) : location).split(separator: "/").last.map(String.init) ?? location
        if last.hasSuffix(".git") { last = String(last.dropLast(4)) }
        return last.lowercased()
    }

    static func readme(name: String, template: ProjectTemplate) -> String {
        """
        # \(displayName(name))

        A Termini mini-app (made by `termini new --template \(template.rawValue)`): \(template.summary).

        | file | what it is |
        |---|---|
        | `app.json` | the app's id, name, version, pages and permissions |
        | `pages/*.swift` | the page declarations (TerminiDSL) |
        | `main.js` | the logic: `App()` and one `Page()` per page (or a page's own `pages/<name>.js`) |
        | `tests/*.test` | the app's tests: input and what must then be on screen or in data; `termini test .` runs them |
        | `components/*.swift`, `components/*.js` | your components, when you add some: `struct Name: Component` and its `Component()` |
        | `termini.d.ts`, `jsconfig.json` | editor types for `main.js` (refresh with `termini types --out termini.d.ts`) |
        | `Package.swift` | lets the editor complete and check `pages/*.swift`; nothing else builds it |

        ## Preview

        ```sh
        termini preview .
        ```

        Saving a page re-renders it in place; saving `main.js` or `app.json` restarts the app. Ctrl-Alt-R restarts by hand.

        ## Test

        ```sh
        termini check .               # every problem, with file:line:col
        tsc -p jsconfig.json          # type-check main.js (Debian: node-typescript)
        termini test .                # runs tests/*.test headless; exits 1 when one fails
        termini test . --filter press # only the tests with "press" in their name
        ```

        A test in `tests/` is a list of events (`key Enter`, `type Ada`, `click 3 5`, `wait 500`) with `expect` lines
        among them, checked in order once the app settles: `expect text "…"`, `expect data count == 2`,
        `expect focus <id>`, `expect page <name>`, `expect toast "…"`, `expect no-error`, and `expect screen <name>`,
        which compares the whole screen, colours included, with `tests/screens/<name>.screen`: `termini test --update`
        writes that file; commit it and review its diffs like code. A failure prints the test's file:line, what was
        expected, what the app showed and the screen. Each test starts at the first page on an 80x24 screen, with empty
        storage and a fixed clock, so runs repeat exactly; its first lines can change that (`start detail?id=3`,
        `size 60x16`, `storage {"theme": "dark"}`, `clock 1700000000000`, `mock request=fixtures.json` to answer
        `request` without the network).

        ### In CI

        Each command exits non-zero on a problem, so CI runs them in a row. On GitHub Actions, with `termini` on the
        runner's `PATH`:

        ```yaml
        steps:
          - uses: actions/checkout@v4
          - run: termini check --strict .
          - run: termini test .
          - run: termini snapshot . --format svg > first-screen.svg   # a picture of the first screen, to keep as an artifact
        ```

        `termini snapshot . --events some.events` prints the screen after some input, for a look without a test.

        ## Pack and install

        ```sh
        termini keygen --out me                 # once: me.key (keep it secret) and me.pub
        termini pack . --out \(name).zip --key me.key
        termini install \(name).zip --trust me.pub
        termini run minigame://\(name)
        ```

        `termini pack` runs `termini check` first and refuses a project with errors.

        """
    }
}
