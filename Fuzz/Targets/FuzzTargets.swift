// The fuzz targets: each takes arbitrary bytes and must neither crash nor hang. Built two ways:
//  - with `-DFUZZING -sanitize=fuzzer,address` (Scripts/fuzz): libFuzzer drives the target named by the
//    TERMINI_FUZZ_TARGET environment variable;
//  - normally: `termini-fuzz <target> <file or folder>...` replays inputs (the seed corpora and every crash that
//    was found), which the test suite runs so a fixed crash stays fixed.
import TerminiTemplate
import TerminiTerminal
import TerminiUI

/// The targets by name.
enum FuzzTargets {
    static let all: [String: @Sendable (UnsafeBufferPointer<UInt8>) -> Void] = [
        // The `{{ }}` parser and evaluator, against a little data with lists and objects.
        "expressions": { bytes in
            guard let text = String(validating: bytes, as: UTF8.self),
                  let expression = try? Expression.parse(text) else { return }
            let data: JSONValue = ["a": 1, "s": "héllo 中文", "list": [1, "two", ["x": 3]], "o": ["k": [true, nil]]]
            _ = expression.evaluate(in: ExpressionScope(data: data))
            _ = expression.staticReadPaths
            _ = expression.description
        },
        // Data paths as setData keys, written into and read back from data.
        "data-paths": { bytes in
            guard let text = String(validating: bytes, as: UTF8.self), let path = try? DataPath(parsing: text) else { return }
            var data: JSONValue = ["list": [1, 2, 3]]
            // Far indices pad lists: keep them within what setData allows.
            if path.components.contains(where: { if case .index(let i) = $0 { i > 10_000 } else { false } }) { return }
            data.apply(DataPatch(path: path, value: "v"))
            _ = data.value(at: path)
            _ = path.description
        },
        // The UTF-8 JSON parser, and printing what it parsed.
        "json": { bytes in
            guard let value = try? JSONValue.parse(utf8: bytes) else { return }
            let text = value.serialized()
            _ = try? JSONValue.parse(text)
        },
        // A template file: decoded, built and laid out at a size the input's first bytes choose.
        "template": { bytes in
            guard bytes.count > 2, let text = String(validating: UnsafeBufferPointer(rebasing: bytes[2...]), as: UTF8.self),
                  let file = try? TemplateFile(jsonText: text) else { return }
            let width = Int(bytes[0] % 120), height = Int(bytes[1] % 50)
            let view = PageView(template: file, data: ["items": [["id": 1, "t": "a"], ["id": 2, "t": "中"]], "n": 3])
            _ = view.renderText(width: width, height: height)
        },
        // Markdown through Ink and back out of its HTML as styled lines, at a width the first byte chooses.
        "markdown": { bytes in
            guard bytes.count > 1, let text = String(validating: UnsafeBufferPointer(rebasing: bytes[1...]), as: UTF8.self) else { return }
            let width = Int(bytes[0] % 100) + 1
            let view = PageView(root: TemplateNode(cls: "Markdown", loc: "fuzz", props: ["p1": .string(text)]), data: [:])
            _ = view.renderText(width: width, height: 40)
        },
        // app.json's `themes`: JSON parsed, the key order read from the text, the themes decoded and painted with.
        "themes": { bytes in
            guard let text = String(validating: bytes, as: UTF8.self), let json = try? JSONValue.parse(text) else { return }
            let order = JSONKeyOrder.keys(ofMember: "themes", in: text)
            guard let set = try? ThemeSet(json: json["themes"] ?? json, order: order) else { return }
            _ = set.json
            let view = PageView(root: TemplateNode(cls: "Text", loc: "fuzz", props: ["p1": "x", "styleClass": "danger"]), data: [:])
            for theme in set.themes { view.theme = theme; _ = view.renderText(width: 10, height: 2) }
        },
        // The terminal's raw key and mouse codes, four bytes each.
        "keys": { bytes in
            var i = 0
            while i + 4 <= bytes.count {
                let value = UInt32(bytes[i]) | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2]) << 16 | UInt32(bytes[i + 3]) << 24
                _ = KeyDecoder.decode(value & 0x8000_0000 != 0 ? .functionKey(Int32(bitPattern: value & 0x7fff_ffff)) : .character(value))
                _ = KeyDecoder.decodeMouse(buttonState: value, x: Int32(bytes[i]), y: Int32(bytes[i + 1]))
                i += 4
            }
        },
    ]
}

#if FUZZING
import Foundation

private let selected: @Sendable (UnsafeBufferPointer<UInt8>) -> Void = {
    guard let name = getenv("TERMINI_FUZZ_TARGET").map({ String(cString: $0) }), let target = FuzzTargets.all[name] else {
        fatalError("set TERMINI_FUZZ_TARGET to one of \(FuzzTargets.all.keys.sorted().joined(separator: ", "))")
    }
    return target
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    selected(UnsafeBufferPointer(start: data, count: size))
    return 0
}

@_silgen_name("LLVMFuzzerRunDriver")
private func runFuzzer(_ argc: UnsafeMutablePointer<CInt>,
                       _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                       _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt

/// SwiftPM links an executable's entry point under this name: hand the command line to libFuzzer's driver.
@_cdecl("termini_fuzz_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return runFuzzer(&count, &arguments) { data, size in fuzzOneInput(data, size) }
}
#endif
