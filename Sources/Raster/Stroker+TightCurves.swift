#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Geometry

extension Stroker.Builder {
    /// The step count for a curve of an exact outline: `n` (the centre line's bound), or more
    /// where the curve turns tighter than the half width.
    ///
    /// A chord's rectangle ends square to the chord, not to the curve: its corners stand off
    /// the curve's own normals by h·sin(δ), δ the chord's turn from the tangent. Where the
    /// curve's radius exceeds h the neighbouring chords' rectangles cover that, but on a
    /// tighter turn the inner corners stick out past a butt end, a bevel or the inner offset
    /// (issue 29: stroke-212, 53 levels off the truth with 19° chords at h = 3.2 px). There the
    /// chords are shortened until each turns by at most 2·asin(tolerance / h).
    func tightSteps(_ n: Int, at point: (Double) -> Point) -> Int {
        let h = halfWidth
        guard n < 4096, h > tolerance else { return n }
        let step = 1.0 / Double(n)
        var prev = point(0), cur = point(step)
        var dx0 = cur.x - prev.x, dy0 = cur.y - prev.y
        var tight = false
        var maxTurn = 0.0
        for k in 1..<Swift.max(1, n) {
            prev = cur
            cur = point(Double(k + 1) * step)
            let dx1 = cur.x - prev.x, dy1 = cur.y - prev.y
            let l0 = (dx0 * dx0 + dy0 * dy0).squareRoot(), l1 = (dx1 * dx1 + dy1 * dy1).squareRoot()
            if l0 > 0 && l1 > 0 {
                let cross = (dx0 * dy1 - dy0 * dx1) / (l0 * l1), dot = (dx0 * dx1 + dy0 * dy1) / (l0 * l1)
                let turn = abs(atan2(cross, dot))
                maxTurn = Swift.max(maxTurn, turn)
                // Radius ≈ chord / turn below the half width.
                if h * turn > Swift.min(l0, l1) { tight = true }
            }
            dx0 = dx1; dy0 = dy1
        }
        guard tight else { return n }
        let allowed = 2 * asin(tolerance / h)
        let factor = (maxTurn / allowed).rounded(.up)
        guard factor > 1, factor.isFinite else { return n }
        return Int(Swift.min(4096, Double(n) * factor))
    }
}
