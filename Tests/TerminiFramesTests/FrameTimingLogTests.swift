#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import TerminiFrames

@Suite struct FrameTimingLogTests {
    @Test func writesOneJSONObjectPerFrame() throws {
        let path = "/tmp/termini-timings-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).jsonl"
        defer { unlink(path) }
        let log = try FrameTimingLog(path: path, budgetNanoseconds: 16_666_666)
        log.append(FrameTiming(vsyncStart: 0, buildStart: 0, buildEnd: 1_000_000, rasterStart: 1_000_000,
                               rasterEnd: 1_500_000, bytes: 12, cells: 3))
        log.append(FrameTiming(vsyncStart: 20_000_000, buildStart: 20_000_000, buildEnd: 40_000_000,
                               rasterStart: 40_000_000, rasterEnd: 41_000_000))
        log.close()
        let text = try #require(Self.read(path))
        let lines = text.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix("{\"frame\":0,"))
        #expect(lines[0].contains("\"build_ms\":1,\"raster_ms\":0.5,"))
        #expect(lines[0].hasSuffix("\"bytes\":12,\"cells\":3,\"janky\":false}"))
        #expect(lines[1].hasPrefix("{\"frame\":1,"))
        #expect(lines[1].hasSuffix("\"janky\":true}"))
    }

    @Test func anUnwritablePathIsAClearError() {
        #expect(throws: FrameTimingLogError(path: "/nonexistent-dir/t.jsonl", reason: "No such file or directory")) {
            try FrameTimingLog(path: "/nonexistent-dir/t.jsonl", budgetNanoseconds: 1)
        }
    }

    static func read(_ path: String) -> String? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = fread(&buffer, 1, buffer.count, file)
            if n == 0 { break }
            bytes += buffer[0..<n]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
