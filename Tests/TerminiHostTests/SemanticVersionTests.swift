import Testing
@testable import TerminiHost

@Suite struct SemanticVersionTests {
    @Test func parsesAndOrdersLikeSemver() throws {
        let a = try #require(SemanticVersion("1.2.3"))
        let b = try #require(SemanticVersion("1.10.0"))
        #expect(a < b)
        #expect(try #require(SemanticVersion("1.0.0-beta")) < #require(SemanticVersion("1.0.0")))
        #expect(try #require(SemanticVersion("1.0.0-alpha.2")) < #require(SemanticVersion("1.0.0-alpha.10")))
        #expect(try #require(SemanticVersion("1.0.0+build.7")) == #require(SemanticVersion("1.0.0")))
        #expect(SemanticVersion("1.2") == nil)
        #expect(SemanticVersion("01.2.3") == nil)
        #expect(SemanticVersion("1.2.3/..") == nil)
    }
}
