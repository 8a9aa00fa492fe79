#if canImport(Glibc)
import Glibc
#endif

/// The other end of the control socket, for `tribune screenshot` and tests: sends one command
/// line, closes its sending side and reads the whole answer until the kiosk closes the connection.
public enum ControlClient {
    /// Sends `command` to the socket at `path`; returns the raw answer. `timeout` in seconds.
    public static func send(_ command: String, to path: String, timeout: Double = 10) throws(SystemCallError) -> [UInt8] {
        guard let address = UnixSocketAddress(path) else {
            throw SystemCallError(call: "connect", subject: path, errno: .invalidArgument)
        }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw .current("socket", path) }
        defer { close(fd) }
        var tv = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - timeout.rounded(.down)) * 1e6))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        guard address.withSockaddr({ connect(fd, $0, $1) }) == 0 else { throw .current("connect", path) }
        let line = Array((command + "\n").utf8)
        guard line.withUnsafeBytes({ Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) == line.count else {
            throw .current("send", path)
        }
        // Nothing more to ask: the kiosk closes the connection once this is answered.
        shutdown(fd, Int32(SHUT_WR))
        var answer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = read(fd, &chunk, chunk.count)
            if n < 0 { if errno == EINTR { continue }; throw .current("read", path) }
            if n == 0 { break }
            answer += chunk[0..<n]
        }
        return answer
    }

    /// Splits a `screenshot` answer (`ok png N\n` + N bytes) into the PNG; nil with the text
    /// otherwise (the kiosk's error line).
    public static func screenshotPNG(from answer: [UInt8]) -> Result<[UInt8], ControlReplyError> {
        guard let newline = answer.firstIndex(of: UInt8(ascii: "\n")) else {
            return .failure(ControlReplyError(message: String(decoding: answer, as: UTF8.self)))
        }
        let head = String(decoding: answer[..<newline], as: UTF8.self)
        let parts = head.split(separator: " ")
        guard parts.count == 3, parts[0] == "ok", parts[1] == "png", let n = Int(parts[2]),
              answer.count - newline - 1 == n else {
            return .failure(ControlReplyError(message: String(decoding: answer.prefix(512), as: UTF8.self)))
        }
        return .success(Array(answer[(newline + 1)...]))
    }
}

/// An answer from the kiosk that is not what was asked for (its error line).
public struct ControlReplyError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message.trimmingSpaces() }
}
