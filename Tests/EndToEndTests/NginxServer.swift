import Foundation
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// nginx from Debian serving a folder on 127.0.0.1 with the cache rules of docs/DISTRIBUTION.md ("Hosting"), as a
/// registry is served in production: ETags on, `no-cache` on the index and its signature, archives immutable, dot
/// files denied. It runs in the foreground as one process under `timeout -s KILL`, so it ends by itself after its
/// lifetime even if the test process dies; `stop()` or deinit end it earlier. Only SIGKILL is used: children spawned
/// from the test's threads inherit their blocked signals, so a SIGTERM would never arrive. Scripts/lib.sh installs
/// nginx.
final class NginxServer: @unchecked Sendable {
    static let executable = "/usr/sbin/nginx"
    let root: String
    let port: Int
    private let process: ChildProcess
    private let scratch: String

    /// Serves `root` on a free port, retrying on another port if one was taken between choosing it and nginx's bind.
    init(root: String, lifetime: Int = 300) throws {
        guard FileManager.default.isExecutableFile(atPath: Self.executable) else {
            throw TestSupportError("\(Self.executable) is missing: install nginx (Scripts/lib.sh lists it; apt-get install nginx)")
        }
        self.root = root
        scratch = BuiltBinaries.temporaryFolder()
        var lastError = ""
        for _ in 0..<5 {
            let port = try LoopbackListener().port  // closed again at once: nginx binds it next
            try Self.configuration(root: root, scratch: scratch, port: port)
                .write(toFile: scratch + "/nginx.conf", atomically: true, encoding: .utf8)
            let process = try ChildProcess("/usr/bin/timeout", ["-s", "KILL", String(lifetime), Self.executable, "-p", scratch + "/",
                                                                "-c", scratch + "/nginx.conf", "-e", scratch + "/error.log"],
                                           stdout: .null, stderr: .null)
            if Self.waitUntilListening(port: port, process: process) {
                self.port = port
                self.process = process
                return
            }
            Self.stop(process, scratch: scratch)
            lastError = (try? String(contentsOfFile: scratch + "/error.log", encoding: .utf8)) ?? ""
        }
        throw TestSupportError("nginx did not start: \(lastError)")
    }

    deinit { stop() }

    func stop() { Self.stop(process, scratch: scratch) }

    /// SIGKILLs nginx (its pid file names it) and then `timeout`, which then cannot outlive it.
    private static func stop(_ process: ChildProcess, scratch: String) {
        if let text = try? String(contentsOfFile: scratch + "/nginx.pid", encoding: .utf8),
           let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)), pid > 0
        {
            Glibc.kill(pid, SIGKILL)
        }
        process.kill(SIGKILL)
        _ = process.waitBlocking()
    }

    func url(_ path: String) -> String { "http://127.0.0.1:\(port)/\(path)" }

    /// Every request so far, as "GET /r/index.json 304".
    var requests: [String] {
        ((try? String(contentsOfFile: scratch + "/access.log", encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    static func configuration(root: String, scratch: String, port: Int) -> String {
        """
        daemon off;
        master_process off;
        worker_processes 1;
        pid \(scratch)/nginx.pid;
        error_log \(scratch)/error.log;
        events { worker_connections 64; }
        http {
            types { application/json json; application/zip zip; }
            default_type application/octet-stream;
            log_format requests '$request_method $uri $status';
            access_log \(scratch)/access.log requests;
            client_body_temp_path \(scratch)/body;
            proxy_temp_path \(scratch)/proxy;
            fastcgi_temp_path \(scratch)/fastcgi;
            uwsgi_temp_path \(scratch)/uwsgi;
            scgi_temp_path \(scratch)/scgi;
            server {
                listen 127.0.0.1:\(port);
                root \(root);
                location ~ /\\. { deny all; }
                location ~ /index\\.json(\\.sig)?$ { add_header Cache-Control "no-cache"; etag on; }
                location ~ /(apps|files)/ { add_header Cache-Control "public, max-age=31536000, immutable"; }
            }
        }

        """
    }

    private static func waitUntilListening(port: Int, process: ChildProcess) -> Bool {
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            if process.poll() != nil { return false }
            if let fd = connectToLoopback(port: port) {
                close(fd)
                return true
            }
            usleep(50_000)
        }
        return false
    }
}
