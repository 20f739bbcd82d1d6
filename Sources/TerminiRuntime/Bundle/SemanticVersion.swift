/// A semantic version (`MAJOR.MINOR.PATCH[-prerelease][+build]`) ordered by the semver 2.0 precedence rules.
public struct SemanticVersion: Comparable, Hashable, Sendable, CustomStringConvertible {
    public var major: Int
    public var minor: Int
    public var patch: Int
    /// Dot-separated pre-release identifiers, e.g. `["beta", "2"]`; empty for a release.
    public var prerelease: [String]
    /// Build metadata; kept for display, ignored by comparison as semver requires.
    public var build: String

    public init(major: Int, minor: Int, patch: Int, prerelease: [String] = [], build: String = "") {
        self.major = major
        self.minor = minor
        self.patch = patch
        self.prerelease = prerelease
        self.build = build
    }

    /// Parses strictly: three numeric parts without leading zeros, and only `[0-9A-Za-z-]` in identifiers.
    /// Strictness matters because the version becomes a folder name in the store.
    public init?(_ text: String) {
        guard text.utf8.count <= 128, !text.isEmpty else { return nil }
        var rest = Substring(text)
        var build = ""
        if let plus = rest.firstIndex(of: "+") {
            build = String(rest[rest.index(after: plus)...])
            rest = rest[..<plus]
            guard SemanticVersion.validIdentifiers(build, numericMayHaveLeadingZero: true) else { return nil }
        }
        var prerelease: [String] = []
        if let dash = rest.firstIndex(of: "-") {
            let pre = String(rest[rest.index(after: dash)...])
            rest = rest[..<dash]
            guard SemanticVersion.validIdentifiers(pre, numericMayHaveLeadingZero: false) else { return nil }
            prerelease = pre.split(separator: ".").map(String.init)
        }
        let parts = rest.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        var numbers: [Int] = []
        for part in parts {
            guard let n = SemanticVersion.number(part) else { return nil }
            numbers.append(n)
        }
        self.init(major: numbers[0], minor: numbers[1], patch: numbers[2], prerelease: prerelease, build: build)
    }

    public var description: String {
        var s = "\(major).\(minor).\(patch)"
        if !prerelease.isEmpty { s += "-" + prerelease.joined(separator: ".") }
        if !build.isEmpty { s += "+" + build }
        return s
    }

    public static func == (a: SemanticVersion, b: SemanticVersion) -> Bool {
        a.major == b.major && a.minor == b.minor && a.patch == b.patch && a.prerelease == b.prerelease
    }

    public func hash(into h: inout Hasher) {
        h.combine(major); h.combine(minor); h.combine(patch); h.combine(prerelease)
    }

    public static func < (a: SemanticVersion, b: SemanticVersion) -> Bool {
        if a.major != b.major { return a.major < b.major }
        if a.minor != b.minor { return a.minor < b.minor }
        if a.patch != b.patch { return a.patch < b.patch }
        // A release outranks any of its pre-releases.
        switch (a.prerelease.isEmpty, b.prerelease.isEmpty) {
        case (true, true), (true, false): return false
        case (false, true): return true
        case (false, false): break
        }
        for (x, y) in zip(a.prerelease, b.prerelease) where x != y {
            switch (Int(x), Int(y)) {
            case let (nx?, ny?): return nx < ny
            case (.some, nil): return true
            case (nil, .some): return false
            case (nil, nil): return x < y
            }
        }
        return a.prerelease.count < b.prerelease.count
    }

    static func number(_ s: Substring) -> Int? {
        guard !s.isEmpty, s.count <= 9, s.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        if s.count > 1 && s.first == "0" { return nil }
        return Int(s)
    }

    static func validIdentifiers(_ s: String, numericMayHaveLeadingZero: Bool) -> Bool {
        let ids = s.split(separator: ".", omittingEmptySubsequences: false)
        return ids.allSatisfy { id in
            guard !id.isEmpty, id.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-") }) else { return false }
            if !numericMayHaveLeadingZero, id.allSatisfy(\.isNumber), id.count > 1, id.first == "0" { return false }
            return true
        }
    }
}
