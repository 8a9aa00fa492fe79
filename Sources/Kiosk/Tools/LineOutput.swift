#if canImport(Glibc)
import Glibc
#endif

/// Lines written straight to a descriptor, unbuffered, so a reader of a redirected stdout sees
/// each line as it happens (`tribune touches`, `tribune play`).
public enum LineOutput {
    /// One line on standard output.
    public static func emit(_ line: String) { write(1, line + "\n") }
    /// One line on standard error.
    public static func emitError(_ line: String) { write(2, line + "\n") }

    private static func write(_ fd: Int32, _ text: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n <= 0 { if errno == EINTR { continue }; return }
            offset += n
        }
    }
}
