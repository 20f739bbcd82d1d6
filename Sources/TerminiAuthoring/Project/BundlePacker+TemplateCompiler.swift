import TerminiRuntime

extension BundlePacker {
    /// A packer that compiles `pages/*.swift` with the TemplateCompiler library (what `termini pack` uses).
    public init(limits: ExtractionLimits = .standard) {
        self.init(limits: limits, compilePages: ProjectPageCompiler.compile)
    }
}
