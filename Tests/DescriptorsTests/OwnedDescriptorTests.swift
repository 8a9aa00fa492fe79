import Descriptors
import SystemPackage
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `OwnedDescriptor` closes its descriptor when its last owner goes, not before and not on a
/// move. Observed through a pipe rather than the descriptor's number (other suites in this
/// process open descriptors all the time, so a freed number may be taken again at once): the
/// read end sees end-of-file exactly when the write end, the one owned, is closed.
@Suite struct OwnedDescriptorTests {
    /// A non-blocking pipe: (read end, write end).
    private func pipePair() throws -> (Int32, Int32) {
        var fds: [Int32] = [-1, -1]
        try #require(pipe(&fds) == 0)
        for fd in fds {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        }
        return (fds[0], fds[1])
    }

    /// What a read of the pipe's read end says: "open" (nothing to read, a writer remains) or
    /// "closed" (end of file: every writer is gone). Waits for the hang-up first (up to 30 s): a
    /// child another suite forks in that instant holds a copy of the write end until it execs.
    private func state(of readEnd: Int32, waitingForHangUp: Bool = false) -> String {
        if waitingForHangUp {
            var p = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
            _ = poll(&p, 1, 30_000)
        }
        var byte: UInt8 = 0
        let n = read(readEnd, &byte, 1)
        if n == 0 { return "closed" }
        return n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) ? "open" : "unexpected \(n), errno \(errno)"
    }

    final class Holder {
        let descriptor: OwnedDescriptor
        init(_ descriptor: consuming OwnedDescriptor) { self.descriptor = descriptor }
    }

    @Test func theDescriptorClosesWhenItsOwnerGoesAndNotWhenItMoves() throws {
        let (readEnd, writeEnd) = try pipePair()
        defer { close(readEnd) }
        var holder: Holder? = nil
        do {
            let owned = OwnedDescriptor(adopting: writeEnd)
            #expect(owned.rawValue == writeEnd)
            holder = Holder(owned)   // moved: the local no longer owns it
        }
        #expect(state(of: readEnd) == "open")
        #expect(holder?.descriptor.rawValue == writeEnd)
        holder = nil
        #expect(state(of: readEnd, waitingForHangUp: true) == "closed")
    }

    @Test func anOwnerThatClosesEarlyDropsItByNil() throws {
        let (readEnd, writeEnd) = try pipePair()
        defer { close(readEnd) }
        var owned: OwnedDescriptor? = OwnedDescriptor(adopting: FileDescriptor(rawValue: writeEnd))
        #expect(owned?.rawValue == writeEnd)
        #expect(state(of: readEnd) == "open")
        owned = nil
        #expect(state(of: readEnd, waitingForHangUp: true) == "closed")
    }
}
