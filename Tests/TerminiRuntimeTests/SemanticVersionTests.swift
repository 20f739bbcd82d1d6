import Testing
@testable import TerminiRuntime

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

@Suite struct EngineRequirementTests {
    @Test func comparatorsCaretAndTilde() throws {
        let v = SemanticVersion(major: 0, minor: 1, patch: 0)
        #expect(try #require(EngineRequirement(">=0.1.0")).isSatisfied(by: v))
        #expect(try #require(EngineRequirement(">=0.1.0 <0.2.0")).isSatisfied(by: v))
        #expect(!(try #require(EngineRequirement(">=0.2.0")).isSatisfied(by: v)))
        #expect(!(try #require(EngineRequirement("^0.0.9")).isSatisfied(by: v)))
        #expect(try #require(EngineRequirement("^0.1.0")).isSatisfied(by: try #require(SemanticVersion("0.1.9"))))
        #expect(!(try #require(EngineRequirement("^0.1.0")).isSatisfied(by: try #require(SemanticVersion("0.2.0")))))
        #expect(try #require(EngineRequirement("~1.2.0")).isSatisfied(by: try #require(SemanticVersion("1.2.7"))))
        #expect(!(try #require(EngineRequirement("~1.2.0")).isSatisfied(by: try #require(SemanticVersion("1.3.0")))))
        #expect(try #require(EngineRequirement("0.1.0")).isSatisfied(by: v))
    }

    @Test func rejectsGarbage() {
        #expect(EngineRequirement("") == nil)
        #expect(EngineRequirement("latest") == nil)
        #expect(EngineRequirement(">= 0.1.0") == nil)
        #expect(EngineRequirement(">=0.1") == nil)
    }
}
