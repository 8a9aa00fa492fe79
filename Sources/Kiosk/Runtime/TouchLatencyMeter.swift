/// Touch-to-flip latency: from the kernel's timestamp of a touch to the completion of the page
/// flip that first showed its effect. The oldest touch not yet drawn is remembered; when a frame
/// is presented it waits for that frame's flip; the flip's completion gives one sample.
///
/// Samples go into a ring of fixed capacity allocated once, so a kiosk touched all day keeps
/// the same memory: percentiles are over the last `capacity` samples, `count` is all of them.
struct TouchLatencyMeter {
    /// Samples kept for percentiles.
    static let capacity = 8192

    /// The touch (CLOCK_MONOTONIC s) of the oldest frame not yet drawn.
    private var awaitingFrame: Double?
    /// The touch whose frame was presented, and the completed-flip count that shows it.
    private var awaitingFlip: (time: Double, flips: Int)?
    private var ring: [Double]
    private var next = 0
    /// Samples taken so far.
    private(set) var count = 0

    init() {
        ring = []
        ring.reserveCapacity(Self.capacity)
    }

    /// A touch frame with kernel timestamp `time` was handed to the session.
    mutating func touched(at time: Double) {
        if awaitingFrame == nil { awaitingFrame = time }
    }

    /// A frame was rendered: presented (its flip will be the `flipsAfter`-th completed), or
    /// not (nothing on screen changed for the touch). Either way the touch is drawn.
    mutating func frameRendered(presented: Bool, flipsAfter: Int) {
        if presented, let t = awaitingFrame { awaitingFlip = (t, flipsAfter) }
        awaitingFrame = nil
    }

    /// Flips completed so far are `flips` at `now` (CLOCK_MONOTONIC s): a sample when the
    /// awaited one is among them, returned (s). `flipTime` is when the last of them reached the
    /// screen as the kernel stamped it (its page-flip event); without one, `now` stands in.
    @discardableResult
    mutating func flipsCompleted(_ flips: Int, now: Double, flipTime: Double? = nil) -> Double? {
        guard let awaited = awaitingFlip, flips >= awaited.flips else { return nil }
        let sample = max(0, (flipTime ?? now) - awaited.time)
        if ring.count < Self.capacity { ring.append(sample) } else { ring[next] = sample }
        next = (next + 1) % Self.capacity
        count += 1
        awaitingFlip = nil
        return sample
    }

    /// Median, 95th and 99th percentiles and maximum of the kept samples, ms rounded to
    /// 0.01 (nearest rank on the sorted samples); nil before the first sample.
    var percentiles: (p50: Double, p95: Double, p99: Double, max: Double)? {
        guard !ring.isEmpty else { return nil }
        let v = ring.sorted()
        func at(_ p: Double) -> Double { (v[min(v.count - 1, Int((p * Double(v.count - 1)).rounded()))] * 1e5).rounded() / 100 }
        return (at(0.5), at(0.95), at(0.99), at(1))
    }

    /// One line for the log: `count 120, p50 8.31 ms, p99 16.02 ms, max 17.5 ms`.
    var summary: String {
        guard let p = percentiles else { return "no samples" }
        return "count \(count), p50 \(p.p50) ms, p95 \(p.p95) ms, p99 \(p.p99) ms, max \(p.max) ms"
    }
}
