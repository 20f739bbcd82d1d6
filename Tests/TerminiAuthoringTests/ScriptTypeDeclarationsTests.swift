import Foundation
import TerminiBridge
import TestSupport
import Testing
@testable import TerminiAuthoring
@testable import TerminiRuntime

/// `types/termini.d.ts` is made from the command registry and kept current, and the TypeScript compiler checks every
/// sample's main.js against it: 0 errors for the samples, and an error at the line of a wrong call.
@Suite struct ScriptTypeDeclarationsTests {
    static let root = EmbeddedSamplesTests.repositoryRoot

    func registered() throws -> [CommandSignature] {
        return try MiniAppEngine.registeredCommands()
    }

    @Test func theCheckedInDeclarationsAreCurrent() throws {
        let current = try String(contentsOfFile: Self.root + "/" + ScriptTypeDeclarations.relativePath, encoding: .utf8)
        #expect(current == ScriptTypeDeclarations.emit(commands: try registered()),
                "types/termini.d.ts is stale: run Scripts/gen-types")
        let gallery = try String(contentsOfFile: Self.root + "/Templates/gallery/host.d.ts", encoding: .utf8)
        #expect(gallery == ScriptTypeDeclarations.emitHostCommands(GalleryHost.hostCommandSignatures, host: "gallery"),
                "Templates/gallery/host.d.ts is stale: run Scripts/gen-types")
    }

    @Test func everyBuiltInCommandIsDescribed() throws {
        let commands = try registered()
        #expect(commands.count >= 23)
        for command in commands {
            #expect(!command.shape.summary.isEmpty, "\(command.name) has no summary")
            #expect(command.shape.parameters != nil && command.shape.result != nil, "\(command.name) is undescribed")
        }
        let text = ScriptTypeDeclarations.emit(commands: commands)
        #expect(text.contains("invoke(name: 'request', params: RequestParams): termini.Task<RequestResult>;"))
        #expect(text.contains("invoke(name: 'exitMiniApp', params?: ExitMiniAppParams)"))
        #expect(text.contains("Needs the manifest permission `request`."))
    }

    @Test func anUndescribedHostCommandTakesAnyObject() {
        let text = ScriptTypeDeclarations.emitHostCommands(
            [CommandSignature(name: "hostGreeting", permission: nil, shape: .undescribed)], host: "test host")
        #expect(text.contains("interface HostGreetingParams { [member: string]: unknown }"))
        #expect(text.contains("invoke(name: 'hostGreeting', params?: HostGreetingParams)"))
    }

    func typeCheck(_ project: String) throws -> ChildProcess.Output {
        try ChildProcess.runBlocking("/usr/bin/tsc", ["-p", project + "/jsconfig.json", "--pretty", "false"])
    }

    @Test func everySampleTypeChecks() throws {
        let samples = try FileManager.default.contentsOfDirectory(atPath: Self.root + "/Templates").sorted()
        #expect(samples.count >= 6)
        for sample in samples {
            let folder = Self.root + "/Templates/" + sample
            guard FileManager.default.fileExists(atPath: folder + "/app.json") else { continue }
            #expect(FileManager.default.fileExists(atPath: folder + "/jsconfig.json"), "\(sample) has no jsconfig.json")
            let result = try typeCheck(folder)
            #expect(result.status == 0, "\(sample): \(result.stdout)\(result.stderr)")
        }
    }

    @Test func aWrongCallIsAnErrorAtItsLine() throws {
        let folder = TemporaryFolder()
        let main = try String(contentsOfFile: Self.root + "/Templates/todo/main.js", encoding: .utf8)
        let lines = main.split(separator: "\n", omittingEmptySubsequences: false).count
        try folder.write("main.js", main + """

            function wrong() {
              bridge.invoke('navigateTo', { ur: 'detail' })
              bridge.invoke('setStorag', { key: 'k', data: 1 })
              bridge.invoke('showToast', { title: 3 })
            }

            """)
        try folder.write("termini.d.ts", try String(contentsOfFile: Self.root + "/types/termini.d.ts", encoding: .utf8))
        try folder.write("jsconfig.json", #"{"compilerOptions": {"checkJs": true, "allowJs": true, "noEmit": true, "target": "es2020", "lib": ["es2020"]}, "include": ["main.js", "termini.d.ts"]}"#)
        let result = try typeCheck(folder.path)
        #expect(result.status != 0)
        for line in [lines + 2, lines + 3, lines + 4] {
            #expect(result.stdout.contains("main.js(\(line),"), "no error at line \(line): \(result.stdout)")
        }
    }
}
