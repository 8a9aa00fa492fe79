import CLinux
import Descriptors
#if canImport(Glibc)
import Glibc
#endif

/// Signals as events of the loop (a signalfd): the signals are blocked for the calling thread
/// (threads started later inherit the mask, so create this before any other thread starts) and
/// read from the descriptor instead of interrupting the program at an arbitrary point.
public final class SignalWatch {
    /// The signalfd the loop watches.
    public var fileDescriptor: Int32 { signalDescriptor.rawValue }
    private let signalDescriptor: OwnedDescriptor
    public let signals: [Int32]
    // Weak: the loop may go first at shutdown (its closing epoll fd drops every watch).
    private weak var loop: EventLoop?
    private var previousMask = sigset_t()

    /// Watches `signals` (e.g. SIGTERM, SIGINT, SIGHUP) and calls `handler` with each one received.
    public init(loop: EventLoop, signals: [Int32], _ handler: @escaping (Int32) -> Void) throws(SystemCallError) {
        var set = sigset_t()
        sigemptyset(&set)
        for s in signals { sigaddset(&set, s) }
        var previous = sigset_t()
        guard pthread_sigmask(SIG_BLOCK, &set, &previous) == 0 else { throw .current("pthread_sigmask(SIG_BLOCK)") }
        let fd: OwnedDescriptor
        do throws(SystemCallError) {
            fd = try .opened(signalfd(-1, &set, Int32(SFD_NONBLOCK | SFD_CLOEXEC)), by: "signalfd")
        } catch {
            pthread_sigmask(SIG_SETMASK, &previous, nil)
            throw error
        }
        previousMask = previous
        signalDescriptor = fd
        self.signals = signals
        self.loop = loop
        // (A throw now runs `deinit`: the mask is put back and the descriptor closed, once.)
        try loop.watch(fileDescriptor) { [weak self] _ in self?.readSignals(handler) }
    }

    deinit {
        loop?.unwatch(fileDescriptor)
        pthread_sigmask(SIG_SETMASK, &previousMask, nil)
    }

    /// Blocks `signals` in the calling thread without watching them yet: call first thing in
    /// `main`, before any thread exists, so no thread ever takes them the default way.
    public static func block(_ signals: [Int32]) {
        var set = sigset_t()
        sigemptyset(&set)
        for s in signals { sigaddset(&set, s) }
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    private func readSignals(_ handler: (Int32) -> Void) {
        var info = signalfd_siginfo()
        while read(fileDescriptor, &info, MemoryLayout<signalfd_siginfo>.size) == MemoryLayout<signalfd_siginfo>.size {
            handler(Int32(info.ssi_signo))
        }
    }
}
