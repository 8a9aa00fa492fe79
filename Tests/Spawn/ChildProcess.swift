import CSpawn
import Foundation
import Synchronization

/// A program started with `posix_spawn`, for the test suite: its pid, the parent's ends of the
/// pipes it was given, and its end once reaped.
///
/// Why not Foundation's `Process`: in Swift 6.3.1 its `run()` can crash the whole test process
/// (it reads past a directory entry's name while listing /proc/self/fd to find the descriptors to
/// close; swift-corelibs-foundation #5472), and it once lost `runuser`'s exit and hung the suite.
///
/// The child gets descriptors 0–2 as asked (`Input`, `Output`) and nothing else: every other
/// descriptor is closed before exec, whatever its close-on-exec flag, so a server the test holds
/// open or another child's pipe never leaks into it. Its signal mask is empty and SIGPIPE is at its
/// default, whatever the test process set (a child given an input pipe makes the test process
/// ignore SIGPIPE, so that writing to a child that has gone is an error, not the end of the suite).
///
/// The pipes' parent ends are the `ChildProcess`'s own: closed by `closeStandardInput()` and
/// when it goes away, never by the `FileHandle`s it lends (a `FileHandle.close()` was seen
/// leaving the descriptor open, and its child waiting for end of file for ever).
///
/// Reaping is once: `isRunning`, `wait()` and `termination` share the stored status, from any
/// thread. `signal(_:)` is never sent after the reap, so it cannot reach a reused pid.
public final class ChildProcess: Sendable {
    /// The program's path as given (no PATH search: use /usr/bin/env for that).
    public let executable: String
    public let pid: pid_t
    /// The write end of its standard input, when `input` was `.pipe` (do not close it: see
    /// `closeStandardInput()`).
    public let standardInput: FileHandle?
    /// The read end of its standard output, when `output` was `.pipe`.
    public let standardOutput: FileHandle?
    /// The read end of its standard error, when `error` was `.pipe`.
    public let standardError: FileHandle?
    private let ended = Mutex<Termination?>(nil)
    /// The parent ends still open (standard input's first when it is a pipe).
    private let openEnds: Mutex<[Int32]>
    private let inputEnd: Int32?

    /// Starts `executable` with `arguments` (argv[1...]) in `directory` (the test's own when nil),
    /// with the test process's environment.
    public init(_ executable: String, _ arguments: [String] = [], input: Input = .null, output: Output = .inherit,
                error: Output = .inherit, directory: String? = nil) throws(SpawnError) {
        self.executable = executable
        if case .pipe = input { Self.ignoreBrokenPipes }   // a child that exits without reading must not kill the test
        var plan = try SpawnPlan(executable: executable)
        defer { plan.release() }
        let stdin = try plan.attach(input: input)
        let stdout = try plan.attach(output, to: 1)
        let stderr = try plan.attach(error, to: 2)
        pid = try plan.spawn(arguments, directory: directory)
        inputEnd = stdin
        openEnds = Mutex([stdin, stdout, stderr].compactMap { $0 })
        standardInput = stdin.map { FileHandle(fileDescriptor: $0, closeOnDealloc: false) }
        standardOutput = stdout.map { FileHandle(fileDescriptor: $0, closeOnDealloc: false) }
        standardError = stderr.map { FileHandle(fileDescriptor: $0, closeOnDealloc: false) }
    }

    deinit {
        openEnds.withLock { ends in ends.forEach { _ = close($0) } }
        // An ended child nobody waited for would stay a zombie for the suite's lifetime.
        _ = isRunning
    }

    /// Closes the write end of its standard input (once; later calls do nothing): the child
    /// reads end of file once it has read what was written.
    public func closeStandardInput() {
        guard let inputEnd else { return }
        openEnds.withLock { ends in
            guard let i = ends.firstIndex(of: inputEnd) else { return }
            ends.remove(at: i)
            _ = close(inputEnd)
        }
    }

    /// Whether it has not ended yet; reaps it (without blocking) when it has.
    public var isRunning: Bool {
        ended.withLock { state in
            guard state == nil else { return false }
            var status: Int32 = 0
            let reaped = waitpid(pid, &status, WNOHANG)
            if reaped == pid { state = Termination(waitStatus: status) }
            // -1 (ECHILD): a blocking `wait()` on another thread reaped it and is about to store it.
            return reaped == 0
        }
    }

    /// How it ended, once it has; nil while it runs.
    public var termination: Termination? {
        isRunning ? nil : ended.withLock { $0 }
    }

    /// Blocks until it ends and returns how.
    @discardableResult
    public func wait() -> Termination {
        while true {
            if let known = ended.withLock({ $0 }) { return known }
            var status: Int32 = 0
            let reaped = waitpid(pid, &status, 0)
            if reaped == pid {
                let termination = Termination(waitStatus: status)
                ended.withLock { $0 = termination }
                return termination
            }
            if reaped < 0 && errno == EINTR { continue }
            // ECHILD: `isRunning` reaped it on another thread and stored the status under the lock.
            if let known = ended.withLock({ $0 }) { return known }
            let lost = Termination.exited(-1)   // reaped by someone else (SIGCHLD ignored?): status unknown
            ended.withLock { $0 = lost }
            return lost
        }
    }

    /// Sends `number` (SIGTERM, SIGKILL, SIGHUP, …) unless it has already been reaped.
    public func signal(_ number: Int32) {
        ended.withLock { state in
            if state == nil { _ = kill(pid, number) }
        }
    }

    /// SIGTERM.
    public func terminate() { signal(SIGTERM) }

    /// Writes to a pipe whose reader has gone fail with EPIPE instead of ending the test process.
    private static let ignoreBrokenPipes: Void = { _ = Glibc.signal(SIGPIPE, SIG_IGN) }()
}
