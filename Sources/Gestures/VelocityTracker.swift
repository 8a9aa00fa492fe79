import Geometry

/// Least-squares velocity of a 2-D position over the recent past (Flutter/Android `LSQ2`):
/// samples younger than `horizon`, walking back from the newest and stopping at a gap longer
/// than `stopGap`; at least `minimumSamples`; fits x(τ) = b₀ + b₁τ + b₂τ² (τ = age, s) per
/// axis and returns b₁ (falls back to a straight line when the quadratic is degenerate).
/// Fixed storage of the last 20 samples, no allocation.
public struct VelocityTracker: Hashable, Sendable {
    public static let capacity = 20
    public var horizon: Double
    public var stopGap: Double
    public var minimumSamples: Int
    private var t = SIMD32<Double>(repeating: 0)
    private var px = SIMD32<Double>(repeating: 0)
    private var py = SIMD32<Double>(repeating: 0)
    private var head = 0      // next write index
    private var stored = 0

    public init(horizon: Double = 0.1, stopGap: Double = 0.04, minimumSamples: Int = 3) {
        self.horizon = horizon; self.stopGap = stopGap; self.minimumSamples = max(minimumSamples, 2)
    }

    public mutating func reset() { head = 0; stored = 0 }

    /// Adds the position at `time` (s). A sample older than the newest one resets the history.
    public mutating func add(_ p: Point, at time: Double) {
        if let last = newestTime, time < last { reset() }
        t[head] = time; px[head] = p.x; py[head] = p.y
        head = (head + 1) % Self.capacity
        stored = min(stored + 1, Self.capacity)
    }

    /// Time of the newest sample.
    public var newestTime: Double? { stored == 0 ? nil : t[(head + Self.capacity - 1) % Self.capacity] }

    /// Velocity in position units per second as seen at `time` (for example the lift): nil
    /// when there are too few usable samples or the newest is older than `stopGap` at `time`.
    public func velocity(at time: Double) -> Vector? {
        guard let newest = newestTime, time - newest <= stopGap else { return nil }
        // Collect usable samples (newest first).
        var n = 0
        var s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0, s4 = 0.0
        var sx0 = 0.0, sx1 = 0.0, sx2 = 0.0, sy0 = 0.0, sy1 = 0.0, sy2 = 0.0
        var previous = newest
        var k = (head + Self.capacity - 1) % Self.capacity
        let x0 = px[k], y0 = py[k]   // positions relative to the newest keep the sums small
        while n < stored {
            let ts = t[k]
            let age = newest - ts
            if age > horizon || previous - ts > stopGap { break }
            let tau = -age, dx = px[k] - x0, dy = py[k] - y0
            let tau2 = tau * tau
            s0 += 1; s1 += tau; s2 += tau2; s3 += tau2 * tau; s4 += tau2 * tau2
            sx0 += dx; sx1 += dx * tau; sx2 += dx * tau2
            sy0 += dy; sy1 += dy * tau; sy2 += dy * tau2
            previous = ts
            n += 1
            k = (k + Self.capacity - 1) % Self.capacity
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
