import Foundation
import TestSupport

/// Keys and packed bundles of a small app, `hello`, made once per test run: each version shows its number, shows
/// the version `App.onUpdateReady` announced, and calls `applyUpdate` from its one button.
struct RegistryFixture: Sendable {
    /// Key prefixes: `key` signs the registry and the bundles, `otherKey` is trusted by nobody.
    let key: String
    let otherKey: String
    /// Bundles signed with `key`, by version.
    let bundles: [String: String]
    /// hello 1.0.0 with different bytes.
    let changed100: String
    /// hello 1.1.0 signed with `otherKey`.
    let other110: String

    static let shared = Task<RegistryFixture, any Error> { try await make() }

    static func make() async throws -> RegistryFixture {
        let dir = BuiltBinaries.temporaryFolder()
        for name in ["reg", "other"] {
            let r = try await BuiltBinaries.run("termini", ["keygen", "--out", dir + "/" + name])
            guard r.status == 0 else { throw TestSupportError("keygen: \(r.stderr)") }
        }
        var bundles: [String: String] = [:]
        for version in ["1.0.0", "1.1.0", "1.2.0"] {
            bundles[version] = try await pack(version, key: dir + "/reg.key", out: dir + "/hello-\(version).zip")
        }
        let changed = try await pack("1.0.0", key: dir + "/reg.key", out: dir + "/hello-1.0.0-changed.zip", note: "changed")
        let other = try await pack("1.1.0", key: dir + "/other.key", out: dir + "/hello-1.1.0-other.zip")
        return RegistryFixture(key: dir + "/reg", otherKey: dir + "/other", bundles: bundles, changed100: changed, other110: other)
    }

    /// Packs hello `version`; `startup` is script run before the app registers anything (a throw there is a broken
    /// build, which pack's own check would refuse, so such a build is packed without it).
    /// `padding` adds an incompressible asset of that many bytes, for downloads that take a while; `assets` adds
    /// files under `assets/` with the given bytes (the same in every version that gets them).
    static func pack(_ version: String, key: String, out: String, note: String = "", startup: String? = nil,
                     padding: Int = 0, assets: [String: Data] = [:], permissions: [String] = [],
                     requestDomains: [String] = []) async throws -> String {
        let project = BuiltBinaries.temporaryFolder() + "/hello"
        try FileManager.default.createDirectory(atPath: project + "/pages", withIntermediateDirectories: true)
        if !assets.isEmpty { try FileManager.default.createDirectory(atPath: project + "/assets", withIntermediateDirectories: true) }
        for (name, bytes) in assets { try bytes.write(to: URL(fileURLWithPath: project + "/assets/" + name)) }
        if padding > 0 {
            try FileManager.default.createDirectory(atPath: project + "/assets", withIntermediateDirectories: true)
            var generator = SystemRandomNumberGenerator()
            try Data((0..<padding).map { _ in UInt8.random(in: 0 ... .max, using: &generator) })
                .write(to: URL(fileURLWithPath: project + "/assets/padding.bin"))
        }
        func list(_ items: [String]) -> String { "[" + items.map { "\"\($0)\"" }.joined(separator: ", ") + "]" }
        try #"{"id": "hello", "name": "Hello", "version": "\#(version)", "pages": ["index"], "permissions": \#(list(permissions)), "requestDomains": \#(list(requestDomains))}"#
            .write(toFile: project + "/app.json", atomically: true, encoding: .utf8)
        try """
            import TerminiDSL

            let index = Page("index", title: "Hello") {
                Column {
                    Text("Hello version {{version}}")
                    Text("{{update}}")
                    Button("Apply", onTap: "apply")
                }
            }
            """.write(toFile: project + "/pages/index.swift", atomically: true, encoding: .utf8)
        try """
            // \(note)
            \(startup ?? "")
            App({
              onUpdateReady(info) {
                const page = getCurrentPages()[0]
                if (page) page.setData({ update: 'update ready: ' + info.version + (info.reason ? ' (' + info.reason + ')' : '') })
              },
            })
            Page('index', {
              data: { version: '\(version)', update: 'no update' },
              apply() {
                bridge.invoke('applyUpdate').catch(err => this.setData({ update: 'apply failed: ' + err.errMsg }))
              },
            })
            """.write(toFile: project + "/main.js", atomically: true, encoding: .utf8)
        let r = try await BuiltBinaries.run("termini", ["pack", project, "--out", out, "--key", key] + (startup == nil ? [] : ["--no-check"]))
        guard r.status == 0 else { throw TestSupportError("pack \(version): \(r.stderr)") }
        return out
    }
}

/// One test's world: a served folder with registries under it, a server process, and a store.
struct RegistrySetup {
    let fixture: RegistryFixture
    /// The folder the server serves; registry `r` is `<served>/r`.
    let served: String
    let server: RegistryServer
    let store: String

    /// Publishes `versions` to registry folder `r`, starts the server and adds `r` to a new store as `main`.
    static func make(publishing versions: [String]) async throws -> RegistrySetup {
        let fixture = try await RegistryFixture.shared.value
        let served = BuiltBinaries.temporaryFolder()
        let setup = RegistrySetup(fixture: fixture, served: served, server: try RegistryServer(root: served),
                                  store: BuiltBinaries.temporaryFolder() + "/store")
        for version in versions { try await setup.publish(version) }
        let add = try await setup.termini(["registry", "add", "main", setup.server.url("r"), "--trust", fixture.key + ".pub"])
        guard add.status == 0 else { throw TestSupportError("registry add: \(add.stderr)") }
        return setup
    }

    var registry: String { served + "/r" }

    func publish(_ version: String, minimum: String? = nil, folder: String = "r") async throws {
        let r = try await BuiltBinaries.run("termini", ["publish", fixture.bundles[version]!, "--registry", served + "/" + folder,
                                                        "--key", fixture.key + ".key"] + (minimum.map { ["--minimum", $0] } ?? []))
        guard r.status == 0 else { throw TestSupportError("publish \(version): \(r.stderr)") }
    }

    /// `termini <args> --store <store>`.
    func termini(_ args: [String], timeout: TimeInterval = 60) async throws -> BuiltBinaries.Result {
        try await BuiltBinaries.run("termini", args + ["--store", store], timeout: timeout)
    }

    func snapshot(events: String? = nil, extra: [String] = []) async throws -> BuiltBinaries.Result {
        try await BuiltBinaries.snapshot("minigame://hello", size: "40x6", events: events, extra: ["--store", store] + extra)
    }

    /// Every file under the store's apps/ with the pointer files' contents: what "store unchanged" compares.
    var appsState: String {
        let apps = store + "/apps"
        let paths = (FileManager.default.subpaths(atPath: apps) ?? []).sorted()
        // launchConfirmed is left out: a launch confirms the version it ran, which changes no version.
        return paths.map { path in
            guard path.hasSuffix("/current") else { return path }
            let pointer = (try? String(contentsOfFile: apps + "/" + path, encoding: .utf8)) ?? ""
            return path + ": " + pointer.split(separator: "\n").filter { !$0.contains("launchConfirmed") }.joined(separator: " ")
        }.joined(separator: "\n")
    }

    /// `termini list` output.
    func list() async throws -> String { try await termini(["list"]).stdout }
}
