#if canImport(Glibc)
import Glibc
#endif

/// Bytes waiting for a non-blocking socket, sent from the front as the socket takes them.
struct OutputQueue {
    enum Progress: Equatable {
        /// Everything queued was sent.
        case sent
        /// The socket's buffer is full; the rest waits for `EPOLLOUT`.
        case wouldBlock
        /// The peer is gone (or another error): drop the connection.
        case failed
    }

    private var bytes: [UInt8] = []
    private var start = 0

    /// Bytes queued and not sent yet.
    var count: Int { bytes.count - start }

    mutating func append(_ more: [UInt8]) {
        // Sent bytes are forgotten before the buffer grows, not on every send.
        if start > 0 && start >= bytes.count / 2 { bytes.removeFirst(start); start = 0 }
        bytes += more
    }

    /// Sends as much as `fd` takes without blocking.
    mutating func send(to fd: Int32) -> Progress {
        while start < bytes.count {
            let n = bytes.withUnsafeBytes { raw in
                Glibc.send(fd, raw.baseAddress! + start, raw.count - start, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
            }
            if n > 0 { start += n; continue }
            if n < 0 && errno == EINTR { continue }
            if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { return .wouldBlock }
            return .failed
        }
        bytes.removeAll(keepingCapacity: false)
        start = 0
        return .sent
    }
}
