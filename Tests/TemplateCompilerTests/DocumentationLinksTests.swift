import Foundation
import Testing

/// The contract in docs/ is read by following links: every relative link in README.md and docs/*.md must name a file
/// in the repository and, when it has a `#fragment`, a heading of that file.
@Suite struct DocumentationLinksTests {
    static let root = GeneratedFilesStalenessTests.repositoryRoot

    static func markdownFiles() throws -> [URL] {
        let docs = root.appendingPathComponent("docs")
        let names = try FileManager.default.contentsOfDirectory(atPath: docs.path).filter { $0.hasSuffix(".md") }.sorted()
        return [root.appendingPathComponent("README.md")] + names.map { docs.appendingPathComponent($0) }
    }

    /// `[text](target)` targets outside code spans and fenced blocks.
    static func links(in text: String) -> [String] {
        var targets: [String] = []
        var inFence = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { inFence.toggle(); continue }
            if inFence { continue }
            var inCode = false
            var index = line.startIndex
            while index < line.endIndex {
                let c = line[index]
                if c == "`" { inCode.toggle() }
                if !inCode, c == "]", line[line.index(after: index)...].hasPrefix("("),
                   let close = line[index...].firstIndex(of: ")")
                {
                    targets.append(String(line[line.index(index, offsetBy: 2)..<close]))
                    index = close
                }
                index = line.index(after: index)
            }
        }
        return targets
    }

    /// GitHub's anchor for a heading: lowercased, punctuation other than `-` and `_` dropped, spaces to `-`.
    static func anchors(in text: String) -> Set<String> {
        var result: Set<String> = []
        var inFence = false
        for line in text.split(separator: "\n") {
            if line.hasPrefix("```") { inFence.toggle(); continue }
            guard !inFence, line.hasPrefix("#") else { continue }
            let title = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
            let kept = title.lowercased().filter { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == " " }
            result.insert(kept.replacingOccurrences(of: " ", with: "-"))
        }
        return result
    }

    @Test func everyRelativeLinkNamesAnExistingFileAndHeading() throws {
        var checked = 0
        for file in try Self.markdownFiles() {
            let text = try String(contentsOf: file, encoding: .utf8)
            for target in Self.links(in: text) where !target.contains("://") {
                let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                let destination = parts[0].isEmpty ? file
                    : file.deletingLastPathComponent().appendingPathComponent(parts[0]).standardizedFileURL
                #expect(FileManager.default.fileExists(atPath: destination.path),
                        "\(file.lastPathComponent): link to \(target): no such file")
                if parts.count == 2, destination.pathExtension == "md",
                   let linked = try? String(contentsOf: destination, encoding: .utf8)
                {
                    #expect(Self.anchors(in: linked).contains(parts[1]),
                            "\(file.lastPathComponent): link to \(target): no such heading in \(destination.lastPathComponent)")
                }
                checked += 1
            }
        }
        #expect(checked > 50)
    }

    @Test func theCheckerFindsABrokenAnchor() {
        #expect(Self.links(in: "see [x](A.md#b) and `[not](a link)`") == ["A.md#b"])
        #expect(Self.anchors(in: "# Title\n## `this.setData(changes, callback)`\n```\n# not a heading\n```\n")
                == ["title", "thissetdatachanges-callback"])
    }
}
