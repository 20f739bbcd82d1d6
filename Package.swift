// swift-tools-version: 6.1
// Termini: a dynamic UI engine for terminal mini-apps. Module roles and import direction are in docs/ARCHITECTURE.md.
import Foundation
import PackageDescription

/// Every sample project's pages become a library target so that `swift build` type-checks them against TerminiDSL.
/// The engine never runs these; `tplgen` reads them as syntax.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
let samplePageTargets: [Target] = {
    let templates = packageRoot.appendingPathComponent("Templates")
    let apps = (try? FileManager.default.contentsOfDirectory(atPath: templates.path)) ?? []
    return apps.sorted().compactMap { app in
        let pages = templates.appendingPathComponent(app).appendingPathComponent("pages")
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: pages.path, isDirectory: &isDir), isDir.boolValue else { return nil }
        return .target(name: "SamplePages_\(app)", dependencies: ["TerminiDSL"], path: "Templates/\(app)/pages")
    }
}()

let package = Package(
    name: "Termini",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "tplgen", targets: ["tplgen"]),
        .executable(name: "termini", targets: ["termini"]),
        .library(name: "TerminiHost", targets: ["TerminiHost"]),
        .library(name: "TerminiDSL", targets: ["TerminiDSL"]),
    ],
    dependencies: [
        .package(url: "https://github.com/swiftlang/swift-syntax", exact: "603.0.1"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .systemLibrary(name: "CJavaScriptCore", pkgConfig: "javascriptcoregtk-4.1",
                       providers: [.apt(["libjavascriptcoregtk-4.1-dev"])]),
        .systemLibrary(name: "CNcurses", pkgConfig: "ncursesw", providers: [.apt(["libncurses-dev"])]),

        .target(name: "TerminiTemplate"),
        .target(name: "TerminiDSL"),
        .target(name: "TemplateCompiler", dependencies: [
            "TerminiTemplate",
            .product(name: "SwiftSyntax", package: "swift-syntax"),
            .product(name: "SwiftParser", package: "swift-syntax"),
            .product(name: "SwiftParserDiagnostics", package: "swift-syntax"),
            .product(name: "SwiftDiagnostics", package: "swift-syntax"),
        ]),
        .target(name: "TerminiScript", dependencies: ["TerminiTemplate", "CJavaScriptCore"]),
        .target(name: "TerminiBridge", dependencies: ["TerminiTemplate"]),
        .target(name: "TerminiUI", dependencies: ["TerminiTemplate"]),
        .target(name: "TerminiTerminal", dependencies: ["TerminiUI", "CNcurses"]),
        .target(name: "TerminiFrames", dependencies: ["TerminiUI", "TerminiTerminal"]),
        .target(name: "TerminiHost", dependencies: [
            "TerminiTemplate", "TerminiScript", "TerminiBridge", "TerminiUI", "TerminiTerminal", "TerminiFrames",
            "TemplateCompiler",
        ]),
        .executableTarget(name: "tplgen", dependencies: [
            "TemplateCompiler", "TerminiUI", "TerminiTerminal",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .executableTarget(name: "termini", dependencies: [
            "TerminiHost",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),

        .testTarget(name: "TerminiTemplateTests", dependencies: ["TerminiTemplate"]),
        .testTarget(name: "TerminiBridgeTests", dependencies: ["TerminiBridge"]),
        .testTarget(name: "TemplateCompilerTests", dependencies: ["TemplateCompiler", "TerminiUI"],
                    resources: [.copy("Fixtures")]),
        .testTarget(name: "SamplePagesTests",
                    dependencies: ["TemplateCompiler"] + samplePageTargets.map { .target(name: $0.name) }),
    ] + samplePageTargets
)
