import Testing
@testable import TemplateCompiler
