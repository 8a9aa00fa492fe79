import Testing
@testable import Animation

@Suite struct ClockTests {
    @Test func virtualClockMovesOnlyForward() {
        let clock = VirtualClock(start: 2)
        #expect(clock.now == 2)
        clock.advance(by: 0.25)
        #expect(clock.now == 2.25)
        clock.advance(by: -1)
        clock.advance(by: .nan)
        #expect(clock.now == 2.25)
        clock.set(to: 1)
        #expect(clock.now == 2.25)
        clock.set(to: 3)
        #expect(clock.now == 3)
        clock.set(to: .infinity)
        #expect(clock.now == 3)
    }

    @Test func monotonicClockNeverDecreases() {
        let clock = MonotonicClock()
        var last = clock.now
        #expect(last > 0)
        for _ in 0 ..< 1000 {
            let t = clock.now
            #expect(t >= last)
            last = t
        }
    }
}
