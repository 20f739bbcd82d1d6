// The fuzz targets: each takes arbitrary bytes and must neither crash nor hang. Built two ways:
//  - with `-DFUZZING -sanitize=fuzzer,address` (Scripts/fuzz): libFuzzer drives the target named by the
//    TERMINI_FUZZ_TARGET environment variable;
//  - normally: `termini-fuzz <target> <file or folder>...` replays inputs (the seed corpora and every crash that
//    was found), which the test suite runs so a fixed crash stays fixed.
import Foundation
import TemplateCompiler
import TerminiRuntime
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
        // Data paths as setData keys (up to the 2,000-component limit), written into and read back from data in
        // every way a patch writes: set, splice, a member removed below the path.
        "data-paths": { bytes in
            guard let text = String(validating: bytes, as: UTF8.self), let path = try? DataPath(parsing: text) else { return }
            var data: JSONValue = ["list": [1, ["b": [2, ["b": 3]]], 3]]
            // Far indices pad lists: keep them within what setData allows.
            if path.components.contains(where: { if case .index(let i) = $0 { i > 10_000 } else { false } }) { return }
            data.apply(DataPatch(path: path, value: "v"))
            precondition(data.value(at: path) == "v", "a value set at \(path) does not read back")
            data.apply(DataPatch(path: path, change: .splice(index: 0, removing: 1, inserting: ["w", ["k": 1]])))
            data.removeMember("k", at: path.appending(.index(1)))
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
        // A bundle's manifest.json or a project's app.json: decoded, the fields install checks (version, engine
        // requirement, file paths) read, and what pack writes decoded again to the same manifest.
        "manifest": { bytes in
            guard let text = String(validating: bytes, as: UTF8.self),
                  let manifest = try? BundleManifest(text: text, file: "app.json") else { return }
            if let requirement = EngineRequirement(manifest.engine) { _ = requirement.isSatisfied(by: TerminiEngine.version) }
            _ = SemanticVersion(manifest.version).map(\.description)
            for path in manifest.files.keys { _ = BundleEntryPath.validate(path) }
            let reread = try? BundleManifest(text: manifest.json.prettySerialized(), file: "manifest.json")
            precondition(reread == manifest, "the manifest pack writes does not decode to the same manifest")
        },
        // The events file of `termini snapshot --events`, read as the command reads it.
        "events": { bytes in
            guard let text = String(data: Data(buffer: bytes), encoding: .utf8) else { return }
            _ = try? EventScript.parse(text, file: "events.txt")
        },
        // A bundle archive through every check `termini run x.zip` and install make, written to a temp file.
        "bundle": { bytes in BundleFuzzing.verifyAndExtract(bytes) },
        // `tplgen compile` of one declaration file, in memory; whatever compiles must load in the engine.
        "tplgen": { bytes in
            guard case .success(let source) = PageSourceLoader.decode(Array(bytes), path: "fuzz.swift") else { return }
            let result = TplgenFuzzing.compiler.compile([source])
            for page in result.pages {
                let text = page.json.prettySerialized()
                precondition((try? TemplateFile(jsonText: text)) != nil, "tplgen wrote a page the engine cannot load: \(text)")
            }
            for component in result.components {
                let text = component.json.prettySerialized()
                precondition((try? ComponentTemplate(jsonText: text)) != nil, "tplgen wrote a component the engine cannot load: \(text)")
            }
        },
        // The bytes a terminal sends, fed in pieces whose sizes the input's first byte picks: the same events must
        // come out whatever the split, and a paste's text never holds an escape.
        "keys": { bytes in
            guard let first = bytes.first else { return }
            let body = Array(bytes.dropFirst())
            var whole = TerminalInputDecoder()
            var expected = whole.feed(body)
            expected += whole.flushPendingEscape()
            var pieces = TerminalInputDecoder()
            var got: [TerminalInputDecoder.Output] = []
            let step = Int(first % 7) + 1
            var i = 0
            while i < body.count {
                got += pieces.feed(body[i..<min(body.count, i + step)])
                i += step
            }
            got += pieces.flushPendingEscape()
            precondition(got == expected, "split every \(step) bytes: \(got) against \(expected)")
            for case .input(.paste(let text, _)) in got {
                precondition(!text.unicodeScalars.contains { $0.value == 0x1B }, "a paste carried an escape")
            }
        },
    ]
}

/// The compiler the `tplgen` target shares across inputs: decoding the built-in catalogue once, not per input.
enum TplgenFuzzing {
    static let compiler = try! PageCompiler()
}

/// The `bundle` target's files: one private temp folder per process, emptied after every input.
enum BundleFuzzing {
    /// The public half of the key that signed the seed bundles in Corpus/bundle. Its private half was not kept: new
    /// seeds are packed with a new `termini keygen` key, whose `.pub` line then replaces this one.
    /// Rebuilt per input rather than kept in a global: LeakSanitizer reported the key's bytes as leaked when a global
    /// held them (it does not recognise the pointer Swift keeps to them).
    static var seedKey: BundlePublicKey { try! BundlePublicKey(fileText: """
        termini-ed25519-public-key/1
        bvBnL26ubLYnc23wmQoMVO3KdIHRB/35c7k3cXxvLv4=
        """, path: "seed.pub") }
    /// Small limits keep an execution fast; the checks are the same code as with the standard limits.
    static let limits = ExtractionLimits(maxEntries: 64, maxFileBytes: 256 << 10, maxTotalBytes: 1 << 20)
    static let folder: String = {
        // In memory (/dev/shm) when there is one: a disk's writes and unlinks would cost most of each execution.
        var isFolder: ObjCBool = false
        let parent = FileManager.default.fileExists(atPath: "/dev/shm", isDirectory: &isFolder) && isFolder.boolValue
            ? "/dev/shm" : NSTemporaryDirectory()
        var template = Array((parent + "/termini-fuzz-bundle-XXXXXX").utf8CString)
        guard mkdtemp(&template) != nil else { fatalError("cannot create a temp folder: \(String(cString: strerror(errno)))") }
        let path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        atexit { rmdir(BundleFuzzing.folder) }
        return path
    }()

    /// Writes the input as a zip, then extracts it with a trusted signature check and, if the signature is what
    /// failed, again in dev mode (no signature check) so that mutated manifests still reach the hash and path checks.
    static func verifyAndExtract(_ bytes: UnsafeBufferPointer<UInt8>) {
        let archive = folder + "/bundle.zip", extracted = folder + "/extracted", store = folder + "/store"
        defer {
            unlink(archive)
            try? FileManager.default.removeItem(atPath: extracted)
            try? FileManager.default.removeItem(atPath: store)
        }
        // A plain write: FileManager.createFile writes a copy, fsyncs and renames it, for durability not needed here.
        let fd = open(archive, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0, bytes.isEmpty || write(fd, bytes.baseAddress!, bytes.count) == bytes.count else {
            fatalError("cannot write \(archive): \(String(cString: strerror(errno)))")
        }
        close(fd)
        for dev in [false, true] {
            let installer = BundleInstaller(store: AppStore(root: store),
                                            options: InstallOptions(trustedKeys: [seedKey], skipSignatureCheck: dev, limits: limits))
            do {
                _ = try installer.extractChecked(archivePath: archive, into: extracted)
                return
            } catch {
                precondition(!FileManager.default.fileExists(atPath: extracted), "a rejected bundle left its extraction folder")
                guard [.missingSignature, .badSignature, .untrustedKey].contains(error.kind) else { return }
            }
        }
    }
}

#if FUZZING

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
