import Foundation
import Spawn

/// One `tribune-boxoffice serve` process on 127.0.0.1 at a port it chose itself (`--port 0`), its
/// standard output and error in files of `directory` (a pipe nobody drains could stop it).
public final class ServedBoxOffice: @unchecked Sendable {
    public let process: ChildProcess
    /// The port it listens on, on 127.0.0.1.
    public let port: Int
    public let outputPath: String
    public let errorPath: String

    /// Starts `executable serve --db database --token-file tokenFile` and returns once it printed
    /// its port (ceiling 120 s: a process that never listens fails the test, not hangs it).
    public init(executable: String, database: String, tokenFile: String, directory: String, name: String) throws {
        outputPath = "\(directory)/\(name).out"
        errorPath = "\(directory)/\(name).err"
        process = try ChildProcess(executable, ["serve", "--db", database, "--token-file", tokenFile, "--host", "127.0.0.1", "--port", "0"],
                                   output: .file(outputPath, append: false), error: .file(errorPath, append: false))
        let marker = "listening on http://127.0.0.1:"
        for _ in 0..<6_000 {
            let text = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
            if let range = text.range(of: marker), let port = Int(text[range.upperBound...].prefix { $0.isNumber }) {
                self.port = port
                return
            }
            guard process.isRunning else { break }
            usleep(20_000)
        }
        process.terminate()
        throw SetupFailure("\(name) did not start listening: \((try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "")")
    }

    /// SIGKILL: no shutdown, no reply to what is in flight.
    public func killNow() {
        process.signal(SIGKILL)
        process.wait()
    }

    /// SIGTERM, then SIGKILL when it has not exited after 120 s (a ceiling for a loaded machine;
    /// it exits as soon as what it serves has ended). Returns whether SIGTERM alone stopped it.
    /// Blocks its thread (call it through `onOwnThread` from a test's task).
    @discardableResult
    public func stop() -> Bool {
        guard process.isRunning else { return true }
        process.terminate()
        for _ in 0..<6_000 where process.isRunning { usleep(20_000) }
        guard process.isRunning else { process.wait(); return true }
        killNow()
        return false
    }

    struct SetupFailure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}
