import CLinux
import Descriptors
#if canImport(Glibc)
import Glibc
#endif

/// Hands values from any thread (Swift-concurrency tasks doing HTTP) to the event loop's
/// thread: `post` queues under a lock and writes the mailbox's eventfd; the loop wakes and
/// calls the receiver with everything queued, in posting order.
public final class LoopMailbox<Message: Sendable>: @unchecked Sendable {
    /// The eventfd the loop watches.
    public var fileDescriptor: Int32 { eventDescriptor.rawValue }
    private let eventDescriptor: OwnedDescriptor
    // A pthread mutex allocated once, so its address never moves.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var queue: [Message] = []

    /// A mailbox delivering to `receive` on `loop`'s thread.
    public init(loop: EventLoop, _ receive: @escaping ([Message]) -> Void) throws(SystemCallError) {
        eventDescriptor = try .opened(eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC)), by: "eventfd")
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        // (A throw now runs `deinit`; the descriptor closes once, with `self`.)
        try loop.watch(fileDescriptor) { [weak self] _ in
            guard let self else { return }
            let messages = self.drain()
            if !messages.isEmpty { receive(messages) }
        }
    }

    deinit {
        // The loop may outlive the mailbox; the eventfd, closed after this, leaves the epoll set then.
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Queues `message` for the loop thread; safe from any thread.
    public func post(_ message: Message) {
        pthread_mutex_lock(mutex)
        queue.append(message)
        pthread_mutex_unlock(mutex)
        var one: UInt64 = 1
        _ = write(fileDescriptor, &one, 8)
    }

    /// Everything queued so far (resets the eventfd counter).
    func drain() -> [Message] {
        var counter: UInt64 = 0
        _ = read(fileDescriptor, &counter, 8)
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        let out = queue
        queue.removeAll()
        return out
    }
}
