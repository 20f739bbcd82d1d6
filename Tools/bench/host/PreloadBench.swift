import Foundation
import TerminiFrames
import TerminiTemplate

/// A loopback HTTP server that answers every request with a small JSON list after `latency` seconds, standing in
/// for a remote API (one thread per connection; it lives as long as the process).
final class LatencyServer: @unchecked Sendable {
    let port: Int

    init(latency: Double) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var reuse: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard fd >= 0, bound == 0, listen(fd, 16) == 0 else { throw CocoaError(.fileWriteUnknown) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        port = Int(UInt16(bigEndian: address.sin_port))
        Thread.detachNewThread {
            while true {
                let client = accept(fd, nil, nil)
                if client < 0 { continue }
                Thread.detachNewThread {
                    var chunk = [UInt8](repeating: 0, count: 4096)
                    _ = recv(client, &chunk, chunk.count, 0)
                    Thread.sleep(forTimeInterval: latency)
                    let body = #"[{"title":"one"},{"title":"two"},{"title":"three"}]"#
                    let reply = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)"
                    _ = reply.withCString { send(client, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
                    close(client)
                }
            }
        }
    }
}

/// Process start to the stories on screen, with the manifest's preload and without it (the page then fetches
/// the same URL itself from onLoad). The server adds 50 ms, a typical API round trip.
@MainActor
func preloadBench() throws {
    let latency = 0.05
    let server = try LatencyServer(latency: latency)
    let url = "http://127.0.0.1:\(server.port)/stories"
    func bundle(preload: Bool) throws -> String {
        let folder = NSTemporaryDirectory() + "host-bench-preload-\(preload)-\(getpid())"
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder + "/pages", withIntermediateDirectories: true)
        let preloadJSON = preload ? #","preload":{"index":[{"url":"\#(url)","key":"stories"}]}"# : ""
        try #"""
            {"id":"pre","name":"Pre","version":"1.0.0","pages":["index"],"permissions":["request"],
             "requestDomains":["127.0.0.1"]\#(preloadJSON)}
            """#.write(toFile: folder + "/manifest.json", atomically: true, encoding: .utf8)
        try #"""
            {"format":"termini.template/1","page":"index","source":"pre/pages/index.swift","deps":["status"],
             "root":{"cls":"Text","p1":"{{status}}","loc":"pre:1:1"}}
            """#.write(toFile: folder + "/pages/index.json", atomically: true, encoding: .utf8)
        try """
            const show = (page, res) => page.setData({ status: 'stories: ' + res.data.map(s => s.title).join(', ') })
            // Preloaded data still in flight (errCode 10) is worth a short wait; with no preload, fetch at once.
            const take = () => bridge.invoke('getPreloadedData', { key: 'stories' }).catch(e => e.errCode === 10
              ? new Promise(r => setTimeout(r, 2)).then(take)
              : bridge.invoke('request', { url: '\(url)' }))
            Page('index', { data: { status: 'loading' }, onLoad() {
              take().then(res => show(this, res), err => this.setData({ status: err.errMsg }))
            } })
            """.write(toFile: folder + "/main.js", atomically: true, encoding: .utf8)
        return folder
    }
    for preload in [true, false] {
        let folder = try bundle(preload: preload)
        var samples: [Double] = []
        for i in 0..<11 {
            let run = try SnapshotRun(folder: folder, timings: folder + "/timings-\(i).jsonl", captureScreen: true)
            // The frame that shows the stories is the last one: nothing changes after it.
            guard run.screen.contains("stories: one, two, three"), let ms = run.millisecondsTo(run.frames.last) else { continue }
            if i == 0 { continue }  // the first run warms the file cache
            samples.append(ms)
        }
        print("host_\(preload ? "preload" : "no_preload")_start_to_data_ms \(fmt(median(samples))) server_latency_ms=\(Int(latency * 1000)) runs=\(samples.count)")
        try? FileManager.default.removeItem(atPath: folder)
    }
}
