import Foundation

/// Where a navigation command goes: a page of this app and the query its `onLoad` receives.
///
/// Accepts `minigame://<id>/<page>?k=v` (the id must be this app's: a mini-app cannot open another app's page) or a
/// bare page name with an optional query, `detail?id=3`, as WeChat's relative URLs. Values are percent-decoded.
struct NavigationTarget: Equatable {
    var page: String
    var query: [String: String]

    /// Parses `url`; the error is the reason sent back as `<command>:fail <reason>`.
    static func parse(_ url: String, appId: String) -> Result<NavigationTarget, NavigationTargetError> {
        var rest = Substring(url.trimmingCharacters(in: .whitespaces))
        let scheme = "minigame://"
        if rest.lowercased().hasPrefix(scheme) {
            rest = rest.dropFirst(scheme.count)
            guard let slash = rest.firstIndex(of: "/") else {
                return .failure(.init("url '\(url)' names no page; expected minigame://\(appId)/<page>"))
            }
            let id = rest[..<slash]
            guard id == appId else {
                return .failure(.init("url '\(url)' belongs to app '\(id)'; a mini-app can only open its own pages"))
            }
            rest = rest[rest.index(after: slash)...]
        } else if rest.hasPrefix("/") {
            rest = rest.dropFirst()
        }
        let pathPart = rest.prefix { $0 != "?" }
        let queryPart = rest.dropFirst(pathPart.count).dropFirst()
        var page = String(pathPart)
        // WeChat paths look like pages/detail/detail; the page name is the last component.
        if page.hasPrefix("pages/") { page = String(page.split(separator: "/").last ?? "") }
        guard !page.isEmpty else { return .failure(.init("url '\(url)' names no page")) }
        var query: [String: String] = [:]
        for pair in queryPart.split(separator: "&") where !pair.isEmpty {
            let key = pair.prefix { $0 != "=" }
            let value = pair.dropFirst(key.count).dropFirst()
            query[decode(key)] = decode(value)
        }
        return .success(NavigationTarget(page: page, query: query))
    }

    private static func decode(_ text: Substring) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }
}

/// A navigation URL that cannot be followed, with a one-line reason.
struct NavigationTargetError: Error, Equatable {
    var reason: String
    init(_ reason: String) { self.reason = reason }
}
