import Glibc

/// A child process could not be started or waited for: which program, which step, and errno.
public struct SpawnError: Error, CustomStringConvertible, Equatable {
    /// The program's path as given.
    public var executable: String
    /// The call or step that failed (`posix_spawn`, `pipe2`, `waitpid`, …).
    public var operation: String
    /// The errno value (posix_spawn returns it rather than setting errno).
    public var code: Int32

    public init(executable: String, operation: String, code: Int32) {
        self.executable = executable
        self.operation = operation
        self.code = code
    }

    public var description: String { "\(executable): \(operation): \(String(cString: strerror(code))) (errno \(code))" }
}
