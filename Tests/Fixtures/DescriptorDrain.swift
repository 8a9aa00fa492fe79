import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reads a non-blocking descriptor (a pipe, a FIFO) on a thread of its own while another
/// process writes it, so a writer larger than the pipe's buffer never stalls, until `finish()`
/// says the writer is gone and the pipe is empty.
///
/// The reading thread is the only one using the descriptor while it runs: when the drain owns
/// it (`closing`), that thread closes it, and otherwise the caller closes it only after
/// `finish()`. Either way no read reaches a number closed and given to someone else.
public final class DescriptorDrain: @unchecked Sendable {
    private let lock = NSLock()
    private var data = [UInt8]()
    private var writerGone = false
    private let done = DispatchSemaphore(value: 0)

    /// Starts reading `fd` (opened or set `O_NONBLOCK`); with `closing`, the drain closes it
    /// when it stops.
    public init(_ fd: Int32, closing: Bool) {
        Thread { [self] in
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let n = read(fd, &buffer, buffer.count)
                if n > 0 { lock.withLock { data += buffer[0..<n] }; continue }
                if lock.withLock({ writerGone }) { break }
                usleep(5000)
            }
            if closing { close(fd) }
            done.signal()
        }.start()
    }

    /// Stops the thread once the pipe is empty (call it when the writer has exited, and on every
    /// way out) and returns what it read; again later, the same bytes at once.
    public func finish() -> [UInt8] {
        lock.withLock { writerGone = true }
        done.wait()
        done.signal()
        return lock.withLock { data }
    }
}
