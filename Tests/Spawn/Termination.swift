/// How a child process ended, from its `waitpid` status.
public enum Termination: Equatable, Sendable, CustomStringConvertible {
    /// It called exit with this code (0–255).
    case exited(Int32)
    /// A signal ended it.
    case signalled(Int32)

    /// Decodes a `waitpid` status of a process that has ended (WIFEXITED / WIFSIGNALED).
    init(waitStatus status: Int32) {
        self = status & 0x7f == 0 ? .exited((status >> 8) & 0xff) : .signalled(status & 0x7f)
    }

    /// The exit code, or the signal's number: Foundation's `terminationStatus`.
    public var status: Int32 {
        switch self {
        case .exited(let code), .signalled(let code): code
        }
    }

    /// Whether it exited with code 0.
    public var succeeded: Bool { self == .exited(0) }

    public var description: String {
        switch self {
        case .exited(let code): "exit \(code)"
        case .signalled(let signal): "signal \(signal)"
        }
    }
}
