import Testing
@testable import Kiosk

@Suite struct TouchLatencyMeterTests {
    /// The oldest undrawn touch waits for the flip of the frame that drew it.
    @Test func aSampleIsTouchToTheAwaitedFlip() throws {
        var m = TouchLatencyMeter()
        m.touched(at: 1.000)
        m.touched(at: 1.008)
        m.frameRendered(presented: true, flipsAfter: 5)
        m.flipsCompleted(4, now: 1.020)   // an earlier flip: not ours
        #expect(m.count == 0)
        m.flipsCompleted(5, now: 1.030)
        #expect(m.count == 1)
        let p = try #require(m.percentiles)
        #expect(p.p50 == 30 && p.p95 == 30 && p.p99 == 30 && p.max == 30)
    }

    /// The flip's own time, as its page-flip event says, ends a sample: not when the loop saw it.
    @Test func theKernelsFlipTimeEndsTheSample() throws {
        var m = TouchLatencyMeter()
        m.touched(at: 5.000)
        m.frameRendered(presented: true, flipsAfter: 1)
        m.flipsCompleted(1, now: 5.050, flipTime: 5.0165)
        let p = try #require(m.percentiles)
        #expect(p.max == 16.5 && p.p50 == 16.5)
    }

    /// 100 samples of 1…100 ms: nearest rank on 0…99 gives p50 = 51 ms (rank 49.5 rounds to
    /// 50), p95 = 95 ms (rank 94.05), p99 = 99 ms (rank 98.01), max 100 ms.
    @Test func percentilesAreNearestRank() throws {
        var m = TouchLatencyMeter()
        for i in 1...100 {
            let t = Double(i) * 10
            m.touched(at: t)
            m.frameRendered(presented: true, flipsAfter: i)
            m.flipsCompleted(i, now: t + Double(i) / 1000)
        }
        let p = try #require(m.percentiles)
        #expect(p.p50 == 51 && p.p95 == 95 && p.p99 == 99 && p.max == 100)
        #expect(m.summary == "count 100, p50 51.0 ms, p95 95.0 ms, p99 99.0 ms, max 100.0 ms")
    }

    /// A frame that changed nothing on screen draws the touch without a sample.
    @Test func anUnpresentedFrameTakesNoSample() {
        var m = TouchLatencyMeter()
        m.touched(at: 2)
        m.frameRendered(presented: false, flipsAfter: 1)
        m.flipsCompleted(1, now: 3)
        #expect(m.count == 0 && m.percentiles == nil)
    }

    /// Past the ring's capacity the oldest samples give way: the percentiles are of the latest.
    @Test func theRingKeepsTheLatestSamples() throws {
        var m = TouchLatencyMeter()
        let n = TouchLatencyMeter.capacity
        for i in 0..<(2 * n) {
            // The first n samples take 100 ms, the last n take 10 ms.
            let latency = i < n ? 0.100 : 0.010
            m.touched(at: Double(i))
            m.frameRendered(presented: true, flipsAfter: i + 1)
            m.flipsCompleted(i + 1, now: Double(i) + latency)
        }
        #expect(m.count == 2 * n)
        let p = try #require(m.percentiles)
        #expect(p.max == 10 && p.p50 == 10)
    }
}
