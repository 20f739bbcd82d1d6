import Foundation
import Testing
@testable import TerminiTemplate

/// The Swift side of `Tests/Fixtures/data-paths.json`, the one table of data-path cases that the prelude's JavaScript
/// is tested against too (TerminiScriptTests.DataPathTableScriptTests).
@Suite struct DataPathTableTests {
    static let table: JSONValue = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/data-paths.json")
        return (try? JSONValue.parse(String(contentsOf: url, encoding: .utf8))) ?? .null
    }()

    static var parseCases: [JSONValue] { table["parse"]?.arrayValue?.values ?? [] }
    static var readCases: [JSONValue] { table["read"]?.arrayValue?.values ?? [] }

    @Test func theTableIsThere() {
        #expect(Self.parseCases.count >= 25 && Self.readCases.count >= 10)
    }

    @Test(arguments: parseCases)
    func parses(_ c: JSONValue) throws {
        let text = try #require(c["path"]?.stringValue)
        if let components = c["components"] {
            let path = try DataPath(parsing: text)
            #expect(path == (try DataPath(json: components)), "\(text)")
        } else {
            let error = try #require(c["error"])
            #expect(throws: DataPathError(path: text, column: error["column"]?.intValue ?? -1,
                                          message: error["message"]?.stringValue ?? "")) { try DataPath(parsing: text) }
        }
    }

    @Test(arguments: readCases)
    func reads(_ c: JSONValue) throws {
        let data = try #require(c["data"])
        let path = try DataPath(parsing: try #require(c["path"]?.stringValue))
        #expect(data.value(at: path) == c["value"], "\(path)")
    }

    @Test func componentsFromTheScriptAreCheckedNotTrusted() {
        #expect(throws: DataPathError.self) { try DataPath(json: []) }
        #expect(throws: DataPathError.self) { try DataPath(json: ["a", 1.5]) }
        #expect(throws: DataPathError.self) { try DataPath(json: ["a", -1]) }
        #expect(throws: DataPathError.self) { try DataPath(json: ["", 1]) }
        #expect(throws: DataPathError.self) { try DataPath(json: "a.b") }
        #expect((try? DataPath(json: ["rows", 3, "label"])) == (try? DataPath(parsing: "rows[3].label")))
    }
}
