/// One running animation of one property, flattened for the per-frame loop: no existentials,
/// no references. The property's displacement D = from − target and inherited velocity V
/// (in the animation's local time) live in the animator's flat arrays; the presented value is
/// `target + D·a(t) + V·b(t)`.
@usableFromInline struct AnimationTrack {
    var property: Int32
    var offset: Int32
    var count: Int32
    /// Completion group, −1 for none.
    var group: Int32
    /// 0: timing curve, 1: spring.
    var kind: UInt8
    var autoreverses: Bool
    /// Real time at which motion begins (transaction time + delay), seconds.
    @usableFromInline var start: Double
    /// Real time at which the animation is done; `.infinity` for never.
    var end: Double
    var speed: Double
    /// Local seconds per run: the curve's duration or the spring's settling time.
    var period: Double
    var repeatCount: Double
    var curve: UnitCurve
    var spring: Spring
    /// Spring's own initial velocity in units of the change per second.
    var initialVelocity: Double

    /// Local time within the current run and the direction (+1 forward, −1 reversed).
    @inline(__always) func phase(at t: Double) -> (u: Double, sign: Double) {
        let e = (t - start) * speed
        if !(e > 0) { return (0, 1) }
        if repeatCount == 1 || !(period > 0) { return (e, 1) }
        let i = (e / period).rounded(.down)
        let u = e - i * period
        if autoreverses && i.truncatingRemainder(dividingBy: 2) == 1 { return (period - u, -1) }
        return (u, 1)
    }

    /// (a, b) such that presented = target + D·a + V·b at real time `t` (before `end`).
    @inline(__always) func coefficients(at t: Double) -> (a: Double, b: Double) {
        if !(t > start) { return (1, 0) }
        let (u, _) = phase(at: t)
        if kind == 0 {
            let x = period > 0 ? u / period : 1
            return (1 - curve.value(at: x), 0)
        }
        let c = spring.coefficients(at: u)
        return (c.a - initialVelocity * c.b, c.b)
    }

    /// (a', b'): d/dt of the coefficients per real second, so velocity = D·a' + V·b'.
    func velocityCoefficients(at t: Double) -> (da: Double, db: Double) {
        if t < start || t >= end { return (0, 0) }
        let (u, sign) = phase(at: t)
        let k = speed * sign
        if kind == 0 {
            guard period > 0 else { return (0, 0) }
            return (-curve.velocity(at: u / period) / period * k, 0)
        }
        let c = spring.coefficients(at: u)
        return ((c.da - initialVelocity * c.db) * k, c.db * k)
    }
}
