import TerminiTemplate

/// Writes the catalogue into the TemplateCompiler module as a Swift string literal, so the compiler validates against
/// it at run time without reading Sources/ (the binary runs outside the repository).
public enum CatalogSwiftEmitter {
    /// Repository-relative path of the emitted file.
    public static let relativePath = "Sources/TemplateCompiler/Generated/Catalog.generated.swift"

    public static func emit(_ catalog: Catalog) -> String {
        """
        \(GeneratedFileHeader.line)

        extension Catalog {
            /// `catalog.json` as crawled from Sources/TerminiDSL when this file was generated.
            static let embeddedJSON = #\"\"\"
        \(catalog.json.prettySerialized())
        \"\"\"#
        }

        """
    }
}
