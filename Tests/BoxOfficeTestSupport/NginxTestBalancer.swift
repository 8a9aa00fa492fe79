import Foundation
import TestFixtures

/// nginx in front of box-office instances, run as the repository's site file
/// (nginx/tribune-boxoffice.conf) with its upstream servers replaced by `upstreamPorts` and its
/// `listen` by a free port on 127.0.0.1. The main configuration, pid file, logs and temporary
/// folders live in a new temporary folder (`nginx -p DIR -c DIR/nginx.conf -e DIR/error.log`).
/// As root (CI) nginx runs as the unprivileged user PostgresTestCluster uses, through runuser.
public final class NginxTestBalancer: Sendable {
    /// The folder with the configuration, `nginx.pid`, `error.log` and the temporary folders.
    public let directory: String
    /// The port nginx listens on, on 127.0.0.1.
    public let port: Int
    let runAs: String?

    /// The repository's site file.
    public static let siteFile = PackagePaths.path("nginx/tribune-boxoffice.conf")

    /// `/usr/sbin/nginx`, or `TRIBUNE_NGINX`.
    public static var binary: String { ProcessInfo.processInfo.environment["TRIBUNE_NGINX"] ?? "/usr/sbin/nginx" }

    /// The site file with its instances and listening port replaced.
    public static func site(upstreamPorts: [Int], listenPort: Int) throws -> String {
        let text = try String(contentsOfFile: siteFile, encoding: .utf8)
        var lines: [String] = []
        var replacedUpstreams = false, replacedListen = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("server 127.0.0.1:") {
                // The file's options (max_fails, fail_timeout) stay as shipped.
                let options = trimmed.split(separator: " ").dropFirst(2).joined(separator: " ")
                if !replacedUpstreams {
                    lines += upstreamPorts.map { "    server 127.0.0.1:\($0) \(options)" }
                    replacedUpstreams = true
                }
            } else if trimmed.hasPrefix("listen ") && !trimmed.contains("ssl") {
                lines.append("    listen 127.0.0.1:\(listenPort);")
                replacedListen = true
            } else {
                lines.append(String(line))
            }
        }
        guard replacedUpstreams && replacedListen else {
            throw PostgresTestClusterError(step: "nginx site", detail: "\(siteFile) has no 'server 127.0.0.1:PORT' upstream or no 'listen' line")
        }
        return lines.joined(separator: "\n")
    }

    /// Starts nginx in front of `upstreamPorts`; returns once it accepts connections.
    public init(upstreamPorts: [Int]) throws {
        runAs = getuid() == 0 ? PostgresTestCluster.unprivilegedUser() : nil
        var template = Array((NSTemporaryDirectory() + "tribune-nginx-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw PostgresTestClusterError(step: "mkdtemp", detail: String(cString: strerror(errno))) }
        directory = String(cString: made)
        var lastError: (any Error)?
        for _ in 0..<5 {
            guard let candidate = LoopbackPort.unused() else {
                throw PostgresTestClusterError(step: "nginx port", detail: "none free in 20000-31999")
            }
            do {
                try Self.start(directory: directory, upstreamPorts: upstreamPorts, port: candidate, runAs: runAs)
                port = candidate
                return
            } catch {
                lastError = error  // the port was taken meanwhile: another one
            }
        }
        try? FileManager.default.removeItem(atPath: directory)
        throw lastError ?? PostgresTestClusterError(step: "nginx", detail: "no port")
    }

    static func start(directory: String, upstreamPorts: [Int], port: Int, runAs: String?) throws {
        let site = try site(upstreamPorts: upstreamPorts, listenPort: port)
        let main = """
            worker_processes 1;
            error_log \(directory)/error.log warn;
            pid \(directory)/nginx.pid;
            events { worker_connections 1024; }
            http {
                access_log off;
                client_body_temp_path \(directory)/client_body;
                proxy_temp_path \(directory)/proxy;
                fastcgi_temp_path \(directory)/fastcgi;
                uwsgi_temp_path \(directory)/uwsgi;
                scgi_temp_path \(directory)/scgi;
            \(site)
            }

            """
        try main.write(toFile: directory + "/nginx.conf", atomically: true, encoding: .utf8)
        if let runAs { try PostgresTestCluster.run("/bin/chown", ["-R", runAs + ":", directory], runAs: nil) }
        // nginx daemonizes: the started process returns once the master is up and listening.
        try PostgresTestCluster.run(binary, ["-p", directory, "-c", directory + "/nginx.conf", "-e", directory + "/error.log"], runAs: runAs)
    }

    /// The master's pid, from its pid file.
    public var pid: pid_t? {
        (try? String(contentsOfFile: directory + "/nginx.pid", encoding: .utf8)).flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    /// Stops nginx (SIGTERM to the master, then waits up to 30 s for it to be gone: it is not our
    /// child, so whoever adopted it reaps it) and removes the folder.
    public func stop() {
        if let pid {
            kill(pid, SIGTERM)
            for _ in 0..<1_500 where kill(pid, 0) == 0 { usleep(20_000) }
        }
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// The error log (for a failed test's message).
    public var errorLog: String { (try? String(contentsOfFile: directory + "/error.log", encoding: .utf8)) ?? "" }
}
