#if !FUZZING
import Foundation

/// `termini-fuzz <target> <file or folder>...`: runs each input through the target, as the fuzzer would; a crash
/// here is a crash the fuzzer found. Prints how many inputs ran.
@main
enum Replay {
    static func main() {
        let arguments = CommandLine.arguments.dropFirst()
        guard let name = arguments.first, let target = FuzzTargets.all[name] else {
            let names = FuzzTargets.all.keys.sorted().joined(separator: ", ")
            FileHandle.standardError.write(Data("usage: termini-fuzz <target> <file or folder>...; targets: \(names)\n".utf8))
            exit(2)
        }
        var files: [String] = []
        for path in arguments.dropFirst() {
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else {
                FileHandle.standardError.write(Data("termini-fuzz: \(path): no such file or folder\n".utf8))
                exit(1)
            }
            if isDir.boolValue {
                files += ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted().map { path + "/" + $0 }
            } else {
                files.append(path)
            }
        }
        for file in files {
            guard let data = FileManager.default.contents(atPath: file) else { continue }
            data.withUnsafeBytes { raw in target(raw.bindMemory(to: UInt8.self)) }
        }
        print("\(name): \(files.count) inputs, no crash")
    }
}
#endif
