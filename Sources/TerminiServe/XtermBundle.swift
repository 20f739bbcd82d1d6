import Foundation

/// Debian's xterm.js (`node-xterm`: CommonJS modules under /usr/share/nodejs/xterm/lib), joined into one script the
/// browser loads, with a small `require` that resolves the modules' relative paths. Nothing is copied into the
/// repository; `libjs-xterm`'s own `xterm.js` in bookworm is a stub that `require`s these same modules.
public struct XtermBundle: Sendable {
    /// Where Debian's `node-xterm` puts the modules.
    public static let debianFolder = "/usr/share/nodejs/xterm/lib"

    /// The joined script.
    public let script: String
    /// xterm.js's stylesheet.
    public let stylesheet: String

    /// Reads every module of `folder` (tests and source maps left out).
    public static func load(folder: String = debianFolder) throws(ServeError) -> XtermBundle {
        guard let enumerator = FileManager.default.enumerator(atPath: folder),
              let stylesheet = try? String(contentsOfFile: folder + "/xterm.css", encoding: .utf8)
        else {
            throw ServeError("\(folder): error: xterm.js is not installed; install Debian's node-xterm (apt-get install node-xterm) for --http")
        }
        var modules: [String] = []
        for case let path as String in enumerator where path.hasSuffix(".js") && !path.hasSuffix(".test.js") && !path.hasPrefix("addons/") {
            guard let source = try? String(contentsOfFile: folder + "/" + path, encoding: .utf8) else { continue }
            let name = String(path.dropLast(3))
            let literal = String(data: try! JSONSerialization.data(withJSONObject: [name], options: []), encoding: .utf8)!
            modules.append("defineModule(\(literal.dropFirst().dropLast()), function (exports, require, module) {\n\(source)\n});")
        }
        guard modules.count > 10 else { throw ServeError("\(folder): error: xterm.js's modules are missing; reinstall node-xterm") }
        return XtermBundle(script: loader + modules.sorted().joined(separator: "\n") + "\n", stylesheet: stylesheet)
    }

    /// CommonJS for the joined modules: `require("../Terminal")` from `public/Terminal` is `Terminal`.
    static let loader = """
        var xtermModules = {}, xtermCache = {};
        function defineModule(name, body) { xtermModules[name] = body; }
        function requireModule(name) {
          if (xtermCache[name]) return xtermCache[name].exports;
          var body = xtermModules[name];
          if (!body) throw new Error("xterm module not found: " + name);
          var module = { exports: {} };
          xtermCache[name] = module;
          var folder = name.split("/").slice(0, -1);
          body(module.exports, function (relative) {
            var parts = folder.slice();
            relative.split("/").forEach(function (part) {
              if (part === "..") parts.pop(); else if (part !== ".") parts.push(part);
            });
            return requireModule(parts.join("/"));
          }, module);
          return module.exports;
        }

        """
}
