import ArgumentParser

/// `tplgen`: compiles Swift widget declarations to JSON templates and keeps the widget catalogue current.
@main
struct Tplgen: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tplgen",
        abstract: "Compile TerminiDSL page declarations to JSON templates, without running them.",
        subcommands: [CompileCommand.self, CatalogCommand.self, GenerateCommand.self, DocsCommand.self, PreviewCommand.self]
    )
}
