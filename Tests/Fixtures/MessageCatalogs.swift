import Foundation
import Spawn
import Synchronization

/// The shipped message catalogs (po/*.po), compiled by `msgfmt` once per test process into a
/// temporary root laid out as the kiosk reads it (`<root>/<name>/LC_MESSAGES/tribune.mo`), so
/// `swift test` alone needs no `make catalogs` first.
public enum MessageCatalogs {
    /// `<package>/po`.
    public static let poDirectory = PackagePaths.path("po")

    /// What a gettext tool said.
    public struct ToolRun: Sendable {
        public var status: Int32
        public var output: String
    }

    /// Why the catalogs could not be compiled: the tool, its arguments and what it said.
    public struct CompileError: Error, CustomStringConvertible {
        public var command: String
        public var output: String
        public var description: String { "\(command) failed: \(output)" }
    }

    /// `tool` (a gettext program on PATH: msgfmt, msgcmp) with `arguments`; stdout and stderr together.
    public static func run(_ tool: String, _ arguments: [String]) throws -> ToolRun {
        let run = try ChildProcess.run("/usr/bin/env", [tool] + arguments, error: .standardOutput)
        return ToolRun(status: run.termination.status, output: run.outputText)
    }

    /// The .po files of po/ by catalog name ("de", "zh_CN"), sorted.
    public static func poFiles() throws -> [(name: String, path: String)] {
        try FileManager.default.contentsOfDirectory(atPath: poDirectory).filter { $0.hasSuffix(".po") }.sorted()
            .map { (String($0.dropLast(3)), poDirectory + "/" + $0) }
    }

    /// Compiles `po` with `msgfmt -c` to `<root>/<name>/LC_MESSAGES/tribune.mo`.
    public static func compile(po: String, name: String, into root: String) throws {
        let dir = root + "/" + name + "/LC_MESSAGES"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let arguments = ["-c", "-o", dir + "/tribune.mo", po]
        let result = try run("msgfmt", arguments)
        guard result.status == 0 else { throw CompileError(command: "msgfmt " + arguments.joined(separator: " "), output: result.output) }
    }

    /// A fresh temporary directory.
    public static func temporaryDirectory(_ label: String) throws -> String {
        let path = NSTemporaryDirectory() + "tribune-\(label)-\(getpid())-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// A fresh temporary directory that lives as long as the test process (what is compiled
    /// once and shared by every test), removed when the process exits.
    public static func processDirectory(_ label: String) throws -> String {
        let path = try temporaryDirectory(label)
        let first = processDirectories.withLock { paths in paths.append(path); return paths.count == 1 }
        if first { atexit { MessageCatalogs.removeProcessDirectories() } }
        return path
    }

    private static let processDirectories = Mutex<[String]>([])

    private static func removeProcessDirectories() {
        for path in processDirectories.withLock({ $0 }) { try? FileManager.default.removeItem(atPath: path) }
    }

    private static let compiled: Result<String, any Error> = Result {
        let root = try processDirectory("catalogs")
        for po in try poFiles() { try compile(po: po.path, name: po.name, into: root) }
        return root
    }

    /// The root holding every shipped catalog, compiled on first use.
    public static func shippedRoot() throws -> String { try compiled.get() }
}
