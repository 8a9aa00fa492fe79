import Animation
import Foundation
import Testing
@testable import Kiosk
#if canImport(Glibc)
import Glibc
#endif

@Suite struct EventLoopTests {
    @Test func aTimerFiresAtItsDeadlineAndNotBefore() throws {
        let loop = try EventLoop()
        let clock = MonotonicClock()
        var firedAt: Double?
        let timer = try LoopTimer(loop: loop) { firedAt = clock.now }
        let deadline = clock.now + 0.05
        timer.arm(at: deadline)
        #expect(timer.deadline == deadline)
        while firedAt == nil { try loop.runOnce(timeout: 5) }
        #expect(firedAt! >= deadline)
        #expect(timer.firings == 1)
        #expect(timer.deadline == nil)          // one-shot: disarmed after firing
        // Nothing armed any more: a zero-timeout turn handles nothing.
        #expect(try loop.runOnce(timeout: 0) == 0)
    }

    @Test func aPastDeadlineFiresAtOnceAndDisarmingCancels() throws {
        let loop = try EventLoop()
        var fired = 0
        let timer = try LoopTimer(loop: loop) { fired += 1 }
        timer.arm(at: 1)                        // long past on the monotonic clock
        #expect(try loop.runOnce(timeout: 5) == 1)
        #expect(fired == 1)
        timer.arm(after: 0.02)
        timer.disarm()
        #expect(try loop.runOnce(timeout: 0.1) == 0)
        #expect(fired == 1)
    }

    @Test func aRepeatingTimerKeepsFiring() throws {
        let loop = try EventLoop()
        var fired = 0
        let timer = try LoopTimer(loop: loop) { fired += 1 }
        timer.arm(after: 0.01, repeating: 0.01)
        while fired < 3 { try loop.runOnce(timeout: 5) }
        #expect(timer.deadline != nil)          // still armed
        timer.disarm()
        #expect(fired == 3)
    }

    @Test func mailboxMessagesFromOtherThreadsArriveInOrder() throws {
        let loop = try EventLoop()
        var received: [Int] = []
        let mailbox = try LoopMailbox<Int>(loop: loop) { received += $0 }
        let sender = Thread { for i in 0..<200 { mailbox.post(i) } }
        sender.start()
        while received.count < 200 { try loop.runOnce(timeout: 5) }
        #expect(received == Array(0..<200))
    }

    @Test func mailboxWakesASleepingLoop() throws {
        let loop = try EventLoop()
        var received: [String] = []
        let mailbox = try LoopMailbox<String>(loop: loop) { received += $0 }
        Thread { usleep(20_000); mailbox.post("answer") }.start()
        // Blocks in epoll_wait until the eventfd is written.
        while received.isEmpty { try loop.runOnce(timeout: 5) }
        #expect(received == ["answer"])
    }

    /// Signals go to this thread only (pthread_kill), so the parallel tests of this process are
    /// unaffected; the signalfd reports them as loop events instead of interrupting.
    @Test func signalsArriveThroughTheSignalfd() throws {
        let loop = try EventLoop()
        var got: [Int32] = []
        let watch = try SignalWatch(loop: loop, signals: [SIGHUP, SIGUSR2]) { got.append($0) }
        pthread_kill(pthread_self(), SIGHUP)
        pthread_kill(pthread_self(), SIGUSR2)
        while got.count < 2 { try loop.runOnce(timeout: 5) }
        #expect(got.sorted() == [SIGHUP, SIGUSR2].sorted())
        _ = watch
    }

    @Test func beforeSleepRunsEveryTurnAndStopEndsRun() throws {
        let loop = try EventLoop()
        var turns = 0
        let timer = try LoopTimer(loop: loop) {}
        timer.arm(after: 0.001, repeating: 0.001)
        loop.beforeSleep = { turns += 1; if turns == 5 { loop.stop() } }
        try loop.run()
        #expect(turns == 5)
        #expect(loop.isStopping)
    }

    @Test func unwatchedDescriptorsAreNotReported() throws {
        let loop = try EventLoop()
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        var calls = 0
        try loop.watch(fds[0]) { _ in calls += 1; var b: UInt8 = 0; _ = read(fds[0], &b, 1) }
        var byte: UInt8 = 7
        _ = write(fds[1], &byte, 1)
        #expect(try loop.runOnce(timeout: 5) == 1)
        #expect(calls == 1)
        loop.unwatch(fds[0])
        _ = write(fds[1], &byte, 1)
        #expect(try loop.runOnce(timeout: 0.05) == 0)
        #expect(calls == 1)
    }
}
