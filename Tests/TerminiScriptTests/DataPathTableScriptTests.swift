import Foundation
import Testing
import TerminiScript
import TerminiTemplate

/// The prelude's side of `Tests/Fixtures/data-paths.json`: its `parsePath`, observed through the components that
/// `setData` sends (or the SyntaxError it throws), and its `getAt`, observed through setData's diff against what the
/// host already has (a value equal to what the path reads sends nothing).
@Suite struct DataPathTableScriptTests {
    static let table: JSONValue = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/data-paths.json")
        return (try? JSONValue.parse(String(contentsOf: url, encoding: .utf8))) ?? .null
    }()

    @Test func theScriptParsesEveryPathAsTheTableSays() throws {
        let cases = try #require(Self.table["parse"]?.arrayValue)
        let h = ScriptHarness()
        defer { h.shutdown() }
        h.load("""
            Page('index', {
              data: {},
              probe(e) {
                e.detail.paths.forEach((p, i) => {
                  // A path to a far index parses but is not applied: setData refuses to pad a list that far, after
                  // parsing the path (and the value, which cannot be sent either, never matters).
                  const value = e.detail.far.includes(i) ? function () {} : 1000 + i
                  try { this.setData({ [p]: value }) } catch (err) { console.log(i + '|' + err.name + '|' + err.message) }
                })
              },
            })
            """)
        h.runtime.createPage(pageId: 1, name: "index")
        let paths = JSONValue.array(cases.map { $0["path"] ?? .null })
        let far = cases.indices.filter { i in
            cases[i]["components"]?.arrayValue?.contains { ($0.numberValue ?? 0) > 1000 } ?? false
        }
        #expect(!far.isEmpty)
        h.event(1, "probe", ["type": "tap", "detail": ["paths": paths, "far": .array(far.map { .number(Double($0)) })]])
        #expect(h.delegate.errors.isEmpty, "\(h.delegate.errors)")
        var sent: [Int: DataPath] = [:]
        for call in h.delegate.setDataCalls {
            for patch in call.patches {
                if case .set(.number(let n)) = patch.change { sent[Int(n) - 1000] = patch.path }
            }
        }
        var failed: [Int: String] = [:]
        for line in h.delegate.logs {
            let parts = line.split(separator: "|", maxSplits: 2).map(String.init)
            if parts.count == 3, let i = Int(parts[0].split(separator: " ").last ?? "") { failed[i] = parts[1] + ": " + parts[2] }
        }
        for (i, c) in cases.enumerated() {
            let text = c["path"]?.stringValue ?? ""
            if far.contains(i) {
                // Parsed (no SyntaxError), then refused before anything changed: too far past the end of the list.
                #expect(failed[i]?.hasPrefix("RangeError: setData: '\(text)' is ") == true, "'\(text)': \(failed[i] ?? "")")
            } else if let components = c["components"] {
                #expect(sent[i] == (try DataPath(json: components)), "'\(text)': \(failed[i] ?? "nothing sent")")
            } else {
                let column = c["error"]?["column"]?.intValue ?? -1, message = c["error"]?["message"]?.stringValue ?? ""
                #expect(failed[i] == "SyntaxError: setData: invalid data path '\(text)' at column \(column): \(message)", "'\(text)'")
            }
        }
    }

    @Test func theScriptReadsEveryPathAsTheTableSays() throws {
        let cases = try #require(Self.table["read"]?.arrayValue)
        let pages = cases.enumerated().map { i, c in
            "Page('r\(i)', { data: \(c["data"]?.serialized() ?? "{}"), probe(e) { this.setData({ [e.detail.path]: e.detail.value }) } })"
        }.joined(separator: "\n")
        let h = ScriptHarness()
        defer { h.shutdown() }
        h.load(pages)
        for (i, c) in cases.enumerated() {
            h.runtime.createPage(pageId: i + 1, name: "r\(i)")
            // What the table says the path reads: setting it again changes nothing, so nothing crosses.
            let value = c["value"] ?? "absent: anything else"
            h.event(i + 1, "probe", ["type": "tap", "detail": ["path": c["path"] ?? .null, "value": value]])
        }
        let sentBy = Set(h.delegate.setDataCalls.map(\.pageId))
        for (i, c) in cases.enumerated() {
            let read = c["value"] != nil
            #expect(sentBy.contains(i + 1) == !read, "\(c["path"]?.stringValue ?? ""): \(read ? "reads its value" : "reads nothing")")
        }
        #expect(h.delegate.errors.isEmpty, "\(h.delegate.errors)")
    }
}

/// Paths cross as ids the prelude defined once; a page that uses more distinct keys than the table holds still gets
/// every change to the right path.
@Suite struct PathIdTests {
    @Test func moreKeysThanTheTableHoldsStillLandOnTheirPaths() {
        let h = ScriptHarness()
        defer { h.shutdown() }
        h.load("""
            Page('index', {
              data: {},
              fill() { for (let i = 0; i < 5000; i++) this.setData({ ['k' + i]: i }) },
              wide() { const c = {}; for (let i = 0; i < 100; i++) c['w' + i] = i; this.setData(c) },
            })
            """)
        h.runtime.createPage(pageId: 1, name: "index")
        h.event(1, "fill")
        h.event(1, "wide")
        let patches = h.delegate.setDataCalls.flatMap(\.patches)
        #expect(patches.count == 5100)
        #expect(patches.allSatisfy { patch in
            guard case .set(.number(let n)) = patch.change, case .key(let k)? = patch.path.components.first else { return false }
            return k == (patches.firstIndex { $0.path == patch.path }! < 5000 ? "k" : "w") + String(Int(n))
        })
        #expect(h.delegate.errors.isEmpty, "\(h.delegate.errors)")
    }
}
