import Foundation
import Spawn
import TestFixtures
import Testing

/// Output options pointed at a FIFO or at `/dev/stdout` are written through, and the path is
/// left as it was: still a FIFO, still the symlink to the process's standard output. (Renaming a
/// temporary file over the path, as `--report` did, replaced /dev/null with a regular file.)
/// Each case runs the built executable as an operator would.
@Suite(.serialized) struct OutputPathTests {
    struct Case: CustomStringConvertible {
        var program: String
        /// The arguments; `OUT` stands for the output path.
        var arguments: [String]
        /// What the written bytes start with.
        var signature: [UInt8]
        var description: String { "\(program) \(arguments.joined(separator: " "))" }
    }

    static let root = PackagePaths.root.path
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47]
    static let json = Array("{".utf8)
    /// Committed venue files (the fuzzers' seeds): a Tribune venue and its pretix export.
    static let venue = root + "/Fuzz/corpus/venue/cup-arena.json"
    static let pretixPlan = root + "/Fuzz/corpus/pretix/cup-arena-export.json"

    static let cases: [Case] = [
        Case(program: "tribune-headless", arguments: ["replay", root + "/demo/demo-session.yaml", "--seats", "2000", "--to", "0.5", "--no-timing",
                                                      "--report", "OUT"], signature: json),
        Case(program: "tribune-headless", arguments: ["replay", root + "/demo/demo-session.yaml", "--seats", "2000", "--to", "0.5", "--no-timing",
                                                      "--last-frame", "OUT", "--report", "/dev/null"], signature: png),
        Case(program: "tribune-headless", arguments: ["demo", "--make-session", "--session", "OUT"], signature: Array("# libinput record".utf8)),
        Case(program: "tribune", arguments: ["venue", "generate", "--seats", "500", "-o", "OUT"], signature: json),
        Case(program: "tribune-headless", arguments: ["replay", root + "/demo/demo-session.yaml", "--seats", "2000", "--to", "0.5", "--no-timing",
                                                      "--speech-wav", "OUT", "--report", "/dev/null"], signature: Array("RIFF".utf8)),
        Case(program: "tribune", arguments: ["draw", root + "/Tests/VM/scenes/present-a.json", "-o", "OUT"], signature: png),
        Case(program: "tribune", arguments: ["venue", "export", "--pretix", venue, "-o", "OUT"], signature: json),
        Case(program: "tribune", arguments: ["venue", "import", "--pretix", pretixPlan, "-o", "OUT"], signature: json),
        Case(program: "tribune", arguments: ["run", "--venue", venue, "--mode", "800x480", "--preview-at", "0.5", "--preview", "OUT"], signature: png),
        Case(program: "tribune", arguments: ["bench", "--seats", "100", "--repeats", "3", "--export-seats", "OUT"], signature: Array("{".utf8)),
    ]

    /// Runs `c` with OUT replaced by `path`; returns its exit status, what it wrote to standard
    /// output and to standard error.
    static func run(_ c: Case, path: String) throws -> (status: Int32, output: [UInt8], error: String) {
        let run = try ChildProcess.run(PackagePaths.executable(c.program), c.arguments.map { $0 == "OUT" ? path : $0 })
        return (run.termination.status, run.output, run.errorText)
    }

    @Test(arguments: cases)
    func aFIFOIsWrittenThroughAndStaysAFIFO(_ c: Case) throws {
        let fifo = NSTemporaryDirectory() + "tribune-output-" + UUID().uuidString + ".fifo"
        try #require(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        // Opened without blocking, so the test never hangs on a command that does not open the
        // FIFO; drained while the command runs (a PNG is larger than the pipe's buffer).
        let fd = open(fifo, O_RDONLY | O_NONBLOCK)
        try #require(fd >= 0)
        let reader = DescriptorDrain(fd, closing: true)
        defer { _ = reader.finish() }
        let result = try Self.run(c, path: fifo)
        let received = reader.finish()
        #expect(result.status == 0, "\(c): \(result.error)")
        #expect(PackagePaths.fileType(fifo) == S_IFIFO, "\(c) replaced the FIFO")
        #expect(received.count > 100 && Array(received.prefix(c.signature.count)) == c.signature, "\(c): \(received.count) bytes")
    }

    @Test(arguments: cases)
    func devStdoutIsWrittenThroughAndStaysTheLink(_ c: Case) throws {
        let before = PackagePaths.fileType("/dev/stdout")
        let result = try Self.run(c, path: "/dev/stdout")
        #expect(result.status == 0, "\(c): \(result.error)")
        #expect(PackagePaths.fileType("/dev/stdout") == before, "\(c) replaced /dev/stdout")
        #expect(result.output.count > 100, "\(c)")
        let found = (0...max(0, result.output.count - c.signature.count)).contains { Array(result.output[$0..<min(result.output.count, $0 + c.signature.count)]) == c.signature }
        #expect(found, "\(c): the output lacks what the file starts with")
    }

    /// `tribune-headless demo --out DIR` writes each file by name into DIR: a FIFO standing at one
    /// of those names (the report, the transcript, a key frame) is written through and stays a
    /// FIFO, as with every output path (the report and transcript were renamed over it before).
    @Test func theDemoWritesThroughFIFOsInItsFolder() throws {
        let folder = NSTemporaryDirectory() + "tribune-demo-out-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let expected: [(name: String, signature: [UInt8])] = [("report.json", Self.json), ("transcript.txt", Array("time_s\t".utf8)),
                                                              ("01-stadium.png", Self.png)]
        var readers: [(name: String, signature: [UInt8], reader: DescriptorDrain)] = []
        defer { readers.forEach { _ = $0.reader.finish() } }
        for (name, signature) in expected {
            try #require(mkfifo(folder + "/" + name, 0o600) == 0)
            let fd = open(folder + "/" + name, O_RDONLY | O_NONBLOCK)
            try #require(fd >= 0)
            readers.append((name, signature, DescriptorDrain(fd, closing: true)))
        }
        let demo = Case(program: "tribune-headless", arguments: ["demo", "--out", folder, "--animation-every", "0"], signature: [])
        let result = try Self.run(demo, path: folder)
        #expect(result.status == 0, "\(result.error)")
        for r in readers {
            let received = r.reader.finish()
            #expect(PackagePaths.fileType(folder + "/" + r.name) == S_IFIFO, "the demo replaced the FIFO \(r.name)")
            #expect(received.count > 100 && Array(received.prefix(r.signature.count)) == r.signature, "\(r.name): \(received.count) bytes")
        }
    }
}
