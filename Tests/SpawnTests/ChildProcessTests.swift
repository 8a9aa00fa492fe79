import Foundation
import Testing
import Spawn

/// Child processes as the suite's other tests use them, checked against what /bin/sh, cat, grep
/// and the kernel's /proc say: exit codes and signals, both output pipes drained together,
/// input fed through, the descriptors and signal dispositions the child starts with.
@Suite struct ChildProcessTests {
    @Test func exitCodesAndSignalsAreTheChildsOwn() throws {
        #expect(try ChildProcess.run("/bin/sh", ["-c", "exit 7"]).termination == .exited(7))
        #expect(try ChildProcess.run("/bin/sh", ["-c", "exit 0"]).termination.succeeded)
        #expect(try ChildProcess.run("/bin/sh", ["-c", "kill -TERM $$"]).termination == .signalled(SIGTERM))
    }

    /// 300 kB on each pipe, all of standard output first: a parent reading one pipe to its end
    /// before the other would wait for ever (the child blocks on the full error pipe).
    @Test func bothOutputsAreDrainedTogether() throws {
        let script = "head -c 300000 /dev/zero | tr '\\0' e >&2; head -c 300000 /dev/zero | tr '\\0' o"
        let run = try ChildProcess.run("/bin/sh", ["-c", script])
        #expect(run.termination.succeeded)
        #expect(run.output == [UInt8](repeating: UInt8(ascii: "o"), count: 300_000))
        #expect(run.errors == [UInt8](repeating: UInt8(ascii: "e"), count: 300_000))
    }

    @Test func inputLargerThanAPipeComesBackThroughCat() throws {
        let input = (0..<1_000_000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 9) }
        let run = try ChildProcess.run("/bin/cat", input: input)
        #expect(run.termination.succeeded)
        #expect(run.output == input)
    }

    @Test func standardErrorCanJoinStandardOutput() throws {
        let run = try ChildProcess.run("/bin/sh", ["-c", "echo one; echo two >&2; echo three"], error: .standardOutput)
        #expect(run.outputText == "one\ntwo\nthree\n")
        #expect(run.errors.isEmpty)
    }

    @Test func outputToAFileIsTruncatedOrAppended() throws {
        let path = NSTemporaryDirectory() + "spawn-test-\(getpid())-\(UUID().uuidString)"
        defer { unlink(path) }
        _ = try ChildProcess.run("/bin/echo", ["first"], output: .file(path, append: false))
        _ = try ChildProcess.run("/bin/echo", ["second"], output: .file(path, append: true))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "first\nsecond\n")
        _ = try ChildProcess.run("/bin/echo", ["third"], output: .file(path, append: false))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "third\n")
    }

    /// A descriptor the test holds open without close-on-exec is not the child's.
    @Test func onlyTheThreeStandardDescriptorsAreInherited() throws {
        let held = open("/dev/null", O_RDONLY)
        try #require(held > 2)
        defer { close(held) }
        #expect(fcntl(held, F_GETFD) & FD_CLOEXEC == 0)
        let check = "[ -e /proc/$$/fd/\(held) ] && echo open || echo closed; [ -e /proc/$$/fd/1 ] && echo open"
        #expect(try ChildProcess.run("/bin/sh", ["-c", check]).outputText == "closed\nopen\n")
    }

    /// The child's SIGPIPE is at its default (bit 13 of /proc's SigIgn mask is clear), though
    /// `run` with input makes the test process ignore it.
    @Test func theChildDoesNotIgnoreSIGPIPE() throws {
        _ = try ChildProcess.run("/bin/cat", input: [1])
        let status = try ChildProcess.run("/bin/grep", ["^SigIgn:", "/proc/self/status"]).outputText
        let mask = try #require(UInt64(status.split(separator: "\t").last?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "", radix: 16))
        #expect(mask & (1 << (UInt64(SIGPIPE) - 1)) == 0, "\(status)")
    }

    @Test func itRunsInTheDirectoryAsked() throws {
        let directory = URL(fileURLWithPath: NSTemporaryDirectory()).resolvingSymlinksInPath().path
        #expect(try ChildProcess.run("/bin/pwd", ["-P"], directory: directory).outputText == directory + "\n")
    }

    @Test func aMissingProgramIsAnErrorNamingIt() {
        #expect(throws: SpawnError(executable: "/nonexistent/tool", operation: "posix_spawn", code: ENOENT)) {
            try ChildProcess("/nonexistent/tool")
        }
    }

    /// Running, killed, reaped once; a signal after the reap goes nowhere.
    @Test func aRunningChildIsSignalledAndReapedOnce() throws {
        let child = try ChildProcess("/bin/sleep", ["600"])
        #expect(child.isRunning)
        #expect(child.termination == nil)
        child.signal(SIGKILL)
        #expect(child.wait() == .signalled(SIGKILL))
        #expect(!child.isRunning)
        #expect(child.termination == .signalled(SIGKILL))
        child.signal(SIGKILL)
        #expect(child.wait() == .signalled(SIGKILL))
    }

    /// A pipe read in the background: end of file once the child exits.
    @Test func aBackgroundChildsOutputEndsWithIt() throws {
        let child = try ChildProcess("/bin/sh", ["-c", "echo ready; sleep 0.1; echo done"], output: .pipe)
        #expect(String(decoding: ChildProcess.readToEnd(child.standardOutput), as: UTF8.self) == "ready\ndone\n")
        #expect(child.wait().succeeded)
    }
}
