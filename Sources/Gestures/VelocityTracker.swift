import Geometry

/// Least-squares velocity of a 2-D position over the recent past (Flutter/Android `LSQ2`):
/// samples younger than `horizon`, walking back from the newest and stopping at a gap longer
/// than `stopGap`; at least `minimumSamples`; fits x(τ) = b₀ + b₁τ + b₂τ² (τ = age, s) per
/// axis and returns b₁ (falls back to a straight line when the quadratic is degenerate).
/// Fixed storage of the last 20 samples, no allocation.
public struct VelocityTracker: Equatable, Sendable {
    public static let capacity = 20
    public var horizon: Double
    public var stopGap: Double
    public var minimumSamples: Int
    private struct Sample: Hashable { var t = 0.0, x = 0.0, y = 0.0 }
    private typealias Samples = (Sample, Sample, Sample, Sample, Sample, Sample, Sample, Sample, Sample, Sample,
                                 Sample, Sample, Sample, Sample, Sample, Sample, Sample, Sample, Sample, Sample)
    private var samples: Samples = (Sample(), Sample(), Sample(), Sample(), Sample(), Sample(), Sample(), Sample(),
                                    Sample(), Sample(), Sample(), Sample(), Sample(), Sample(), Sample(), Sample(),
                                    Sample(), Sample(), Sample(), Sample())
    private var head = 0      // next write index
    private var stored = 0
    /// The fit over the samples, refreshed by `add` (it depends only on the samples).
    private var newest: Double = 0
    private var fitted: Vector? = nil

    public init(horizon: Double = 0.1, stopGap: Double = 0.04, minimumSamples: Int = 3) {
        self.horizon = horizon; self.stopGap = stopGap; self.minimumSamples = max(minimumSamples, 2)
    }

    public static func == (a: VelocityTracker, b: VelocityTracker) -> Bool {
        a.horizon == b.horizon && a.stopGap == b.stopGap && a.minimumSamples == b.minimumSamples
            && a.head == b.head && a.stored == b.stored
            && withUnsafeBytes(of: a.samples) { x in withUnsafeBytes(of: b.samples) { y in x.elementsEqual(y) } }
    }

    public mutating func reset() { head = 0; stored = 0; fitted = nil }

    /// Adds the position at `time` (s). A sample older than the newest one resets the history.
    public mutating func add(_ p: Point, at time: Double) {
        if let last = newestTime, time < last { reset() }
        let h = head
        head = h + 1 == Self.capacity ? 0 : h + 1
        stored = min(stored + 1, Self.capacity)
        newest = time
        let head = self.head, stored = self.stored, horizon = self.horizon, stopGap = self.stopGap
        let minimumSamples = self.minimumSamples
        let result = withUnsafeMutablePointer(to: &samples) { tuple in
            tuple.withMemoryRebound(to: Sample.self, capacity: Self.capacity) { (s: UnsafeMutablePointer<Sample>) -> Vector? in
                s[h] = Sample(t: time, x: p.x, y: p.y)
                return Self.fit(newest: time, UnsafePointer(s), head: head, stored: stored, horizon: horizon,
                                stopGap: stopGap, minimumSamples: minimumSamples)
            }
        }
        fitted = result
    }

    /// Time of the newest sample.
    public var newestTime: Double? { stored == 0 ? nil : newest }

    /// Velocity in position units per second as seen at `time` (for example the lift): nil
    /// when there are too few usable samples or the newest is older than `stopGap` at `time`.
    public func velocity(at time: Double) -> Vector? {
        guard stored > 0, time - newest <= stopGap else { return nil }
        return fitted
    }

    private static func fit(newest: Double, _ samples: UnsafePointer<Sample>, head: Int, stored: Int,
                            horizon: Double, stopGap: Double, minimumSamples: Int) -> Vector? {
        // Collect usable samples (newest first).
        var n = 0
        var s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0, s4 = 0.0
        var sx0 = 0.0, sx1 = 0.0, sx2 = 0.0, sy0 = 0.0, sy1 = 0.0, sy2 = 0.0
        var previous = newest
        var k = head == 0 ? Self.capacity - 1 : head - 1
        let x0 = samples[k].x, y0 = samples[k].y   // positions relative to the newest keep the sums small
        while n < stored {
            let sample = samples[k]
            let ts = sample.t
            let age = newest - ts
            if age > horizon || previous - ts > stopGap { break }
            let tau = -age, dx = sample.x - x0, dy = sample.y - y0
            let tau2 = tau * tau
            s0 += 1; s1 += tau; s2 += tau2; s3 += tau2 * tau; s4 += tau2 * tau2
            sx0 += dx; sx1 += dx * tau; sx2 += dx * tau2
            sy0 += dy; sy1 += dy * tau; sy2 += dy * tau2
            previous = ts
            n += 1
            k = k == 0 ? Self.capacity - 1 : k - 1
        }
        guard n >= minimumSamples else { return nil }
        // Quadratic: solve [s0 s1 s2; s1 s2 s3; s2 s3 s4] b = [sx0 sx1 sx2] for b1 (Cramer).
        let det = s0 * (s2 * s4 - s3 * s3) - s1 * (s1 * s4 - s3 * s2) + s2 * (s1 * s3 - s2 * s2)
        let scale = s0 * s2 * s4
        if n >= 3 && scale > 0 && abs(det) > 1e-9 * scale {
            func b1(_ r0: Double, _ r1: Double, _ r2: Double) -> Double {
                (s0 * (r1 * s4 - s3 * r2) - r0 * (s1 * s4 - s3 * s2) + s2 * (s1 * r2 - r1 * s2)) / det
            }
            return Vector(dx: b1(sx0, sx1, sx2), dy: b1(sy0, sy1, sy2))
        }
        let lineDet = s0 * s2 - s1 * s1
        guard lineDet > 1e-12 * max(s0 * s2, 1e-300) else { return nil }
        return Vector(dx: (s0 * sx1 - s1 * sx0) / lineDet, dy: (s0 * sy1 - s1 * sy0) / lineDet)
    }

}
