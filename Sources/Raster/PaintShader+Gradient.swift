import Geometry

/// One span of a gradient ramp between two stops: channel = c0 + (x − x0)·slope. Alpha is in
/// 0…255 (opacity applied), colour channels straight in 0…1.
struct RampInterval {
    var x0: Double, x1: Double
    var a: Double, r: Double, g: Double, b: Double
    var da: Double, dr: Double, dg: Double, db: Double
}

/// A gradient's colour ramp as pixman's gradient walker sees it: stops sorted (stably) by
/// location clamped to 0…1, extended by one sentinel stop on each side according to the
/// spread mode, evaluated exactly per pixel (so hard stops stay sharp at any size).
final class GradientRamp: @unchecked Sendable {
    let intervals: UnsafeMutableBufferPointer<RampInterval>
    let spread: SpreadMode
    /// The colour a zero-length linear gradient paints (cairo: the mean of the first and last
    /// stops for pad, the average of the ramp over a period for repeat and reflect).
    private(set) var degeneratePixel: UInt32 = 0

    /// nil when there are no stops (the gradient paints nothing).
    init?(stops input: [GradientStop], spread: SpreadMode, opacity: Double) {
        guard !input.isEmpty else { return nil }
        self.spread = spread
        struct S { var x: Double; var a, r, g, b: Double }
        var stops = input.enumerated().map { (i, s) in
            (i, S(x: s.location.isFinite ? Swift.max(0, Swift.min(1, s.location)) : 0,
                  a: s.color.alpha * 255 * opacity, r: s.color.red, g: s.color.green, b: s.color.blue))
        }
        stops.sort { $0.1.x < $1.1.x || ($0.1.x == $1.1.x && $0.0 < $1.0) }
        var ext = stops.map(\.1)
        let first = ext[0], last = ext[ext.count - 1]
        switch spread {
        case .pad:
            var l = first; l.x = -Double.infinity
            var r = last; r.x = Double.infinity
            ext.insert(l, at: 0); ext.append(r)
        case .repeat:
            var l = last; l.x -= 1
            var r = first; r.x += 1
            ext.insert(l, at: 0); ext.append(r)
        case .reflect:
            var l = first; l.x = -l.x
            var r = last; r.x = 2 - r.x
            ext.insert(l, at: 0); ext.append(r)
        }
        intervals = .allocate(capacity: ext.count - 1)
        for i in 0..<(ext.count - 1) {
            let l = ext[i], r = ext[i + 1]
            let w = r.x - l.x
            if w.isFinite && w > 1e-12 {
                intervals[i] = RampInterval(x0: l.x, x1: r.x, a: l.a, r: l.r, g: l.g, b: l.b,
                                            da: (r.a - l.a) / w, dr: (r.r - l.r) / w, dg: (r.g - l.g) / w, db: (r.b - l.b) / w)
            } else {
                // pixman: an unbounded or empty span has the mean of its end colours.
                intervals[i] = RampInterval(x0: l.x, x1: r.x, a: (l.a + r.a) / 2, r: (l.r + r.r) / 2,
                                            g: (l.g + r.g) / 2, b: (l.b + r.b) / 2, da: 0, dr: 0, dg: 0, db: 0)
            }
        }
        if spread == .pad {
            // cairo 1.16 paints the mean of the first and last stops (measured).
            degeneratePixel = GradientRamp.pixel(a: (first.a + last.a) / 2, r: (first.r + last.r) / 2,
                                                 g: (first.g + last.g) / 2, b: (first.b + last.b) / 2)
        } else {
            // cairo: the mean of the straight colour and of alpha over one period (midpoint
            // rule), premultiplied afterwards.
            var sa = 0.0, sr = 0.0, sg = 0.0, sb = 0.0
            let n = 4096
            var hint = 0
            for k in 0..<n {
                let c = components(at: (Double(k) + 0.5) / Double(n), hint: &hint)
                sa += c.a; sr += c.r; sg += c.g; sb += c.b
            }
            let d = Double(n)
            degeneratePixel = GradientRamp.pixel(a: sa / d, r: sr / d, g: sg / d, b: sb / d)
        }
    }

    deinit { intervals.deallocate() }

    @inline(__always) static func unpack(_ p: UInt32) -> (Double, Double, Double, Double) {
        (Double(p >> 24), Double(p >> 16 & 0xFF), Double(p >> 8 & 0xFF), Double(p & 0xFF))
    }

    /// Premultiplies and rounds like pixman (value + 0.5, truncated).
    @inline(__always) static func pixel(a: Double, r: Double, g: Double, b: Double) -> UInt32 {
        let ac = Swift.max(0, Swift.min(255, a))
        let ia = UInt32(ac + 0.5)
        let ir = UInt32(Swift.max(0, Swift.min(ac, ac * r)) + 0.5)
        let ig = UInt32(Swift.max(0, Swift.min(ac, ac * g)) + 0.5)
        let ib = UInt32(Swift.max(0, Swift.min(ac, ac * b)) + 0.5)
        return ia << 24 | ir << 16 | ig << 8 | ib
    }

    /// The premultiplied pixel at gradient parameter `t`; `hint` caches the last interval.
    @inline(__always) func pixel(at t: Double, hint: inout Int) -> UInt32 {
        let c = components(at: t, hint: &hint)
        return GradientRamp.pixel(a: c.a, r: c.r, g: c.g, b: c.b)
    }

    /// Alpha (0…255) and straight colour (0…1) at gradient parameter `t`.
    @inline(__always) func components(at t: Double, hint: inout Int) -> (a: Double, r: Double, g: Double, b: Double) {
        var x: Double
        switch spread {
        case .pad:
            x = t
        case .repeat:
            x = t - t.rounded(.down)
        case .reflect:
            let f = t.rounded(.down)
            x = t - f
            // Odd periods run backwards.
            if (f * 0.5).rounded(.down) * 2 != f { x = 1 - x }
        }
        if !x.isFinite { x = 0 }
        var i = hint
        let n = intervals.count
        if !(intervals[i].x0 <= x && x < intervals[i].x1) {
            i = 0
            while i < n - 1 && !(x < intervals[i].x1) { i += 1 }
            hint = i
        }
        let s = intervals[i]
        let dx = s.da == 0 && s.dr == 0 && s.dg == 0 && s.db == 0 ? 0 : x - s.x0
        return (s.a + s.da * dx, s.r + s.dr * dx, s.g + s.dg * dx, s.b + s.db * dx)
    }
}

/// A linear gradient: t is an affine function of the device position.
struct LinearShading {
    let ramp: GradientRamp
    /// t = tx·X + ty·Y + t0 for device coordinates (X, Y).
    let tx: Double, ty: Double, t0: Double

    /// nil when start == end (the caller paints `ramp.degeneratePixel`).
    init?(gradient g: LinearGradient, ramp: GradientRamp, deviceToUser m: AffineTransform) {
        let vx = g.end.x - g.start.x, vy = g.end.y - g.start.y
        let l2 = vx * vx + vy * vy
        guard l2 > 0, l2.isFinite else { return nil }
        self.ramp = ramp
        tx = (m.a * vx + m.b * vy) / l2
        ty = (m.c * vx + m.d * vy) / l2
        t0 = ((m.tx - g.start.x) * vx + (m.ty - g.start.y) * vy) / l2
    }

    func shade(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        let base = tx * (Double(x) + 0.5) + ty * (Double(y) + 0.5) + t0
        var hint = 0
        for i in 0..<count {
            out[i] = ramp.pixel(at: base + tx * Double(i), hint: &hint)
        }
    }
}

/// cairo's radial gradient between circle 1 (`focus`, `startRadius`, t = 0) and circle 2
/// (`center`, `endRadius`, t = 1): a point gets the largest t whose circle passes through it
/// with a non-negative radius, or transparent when there is none (pixman's algorithm).
struct RadialShading {
    let ramp: GradientRamp
    let m: AffineTransform
    let c1x: Double, c1y: Double, r1: Double
    let cdx: Double, cdy: Double, dr: Double
    let a: Double, inverseA: Double

    init(gradient g: RadialGradient, ramp: GradientRamp, deviceToUser: AffineTransform) {
        self.ramp = ramp
        m = deviceToUser
        c1x = g.focus.x; c1y = g.focus.y
        r1 = g.startRadius.isFinite ? Swift.max(0, g.startRadius) : 0
        let r2 = g.endRadius.isFinite ? Swift.max(0, g.endRadius) : 0
        cdx = g.center.x - g.focus.x; cdy = g.center.y - g.focus.y
        dr = r2 - r1
        a = cdx * cdx + cdy * cdy - dr * dr
        inverseA = a != 0 ? 1 / a : 0
    }

    func shade(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        let fx = Double(x) + 0.5, fy = Double(y) + 0.5
        var px = m.a * fx + m.c * fy + m.tx - c1x
        var py = m.b * fx + m.d * fy + m.ty - c1y
        let minDr = -r1
        var hint = 0
        for i in 0..<count {
            let b = px * cdx + py * cdy + r1 * dr
            let c = px * px + py * py - r1 * r1
            var pixel: UInt32 = 0
            if a == 0 {
                if b != 0 {
                    let t = c / (2 * b)
                    if t * dr >= minDr { pixel = ramp.pixel(at: t, hint: &hint) }
                }
            } else {
                let discr = b * b - a * c
                if discr >= 0 {
                    let sq = discr.squareRoot()
                    // With a > 0, t0 is the larger root; with a < 0 at most one root is valid.
                    let t0 = (b + sq) * inverseA, t1 = (b - sq) * inverseA
                    if t0 * dr >= minDr {
                        pixel = ramp.pixel(at: t0, hint: &hint)
                    } else if t1 * dr >= minDr {
                        pixel = ramp.pixel(at: t1, hint: &hint)
                    }
                }
            }
            out[i] = pixel
            px += m.a; py += m.b
        }
    }
}
