// storage-writer: the child process of the storage crash test. It writes keys `k0`, `k1`, ... in a loop and prints
// `ack <i>` only after each commit returns, so every printed ack is a write the store acknowledged. The test
// SIGKILLs it mid-burst and checks that every acked key survived.
//
// usage: storage-writer <store-directory> <app-id> <count>
import Foundation
import TerminiBridge
import TerminiTemplate

let arguments = CommandLine.arguments
guard arguments.count == 4, let count = Int(arguments[3]) else {
    FileHandle.standardError.write(Data("usage: storage-writer <store-directory> <app-id> <count>\n".utf8))
    exit(2)
}
do {
    let store = StorageStore(directory: URL(fileURLWithPath: arguments[1]))
    let payload = JSONValue.string(String(repeating: "x", count: 512))
    for i in 0..<count {
        try store.set(app: arguments[2], key: "k\(i)", value: ["i": .number(Double(i)), "payload": payload])
        // write(2) straight to the pipe: no stdio buffer that a SIGKILL could discard after the ack was "sent".
        let line = Array("ack \(i)\n".utf8)
        _ = line.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
    }
} catch {
    FileHandle.standardError.write(Data("storage-writer: \(error)\n".utf8))
    exit(1)
}
