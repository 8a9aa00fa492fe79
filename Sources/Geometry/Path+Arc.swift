extension Path {
    /// Adds a circular arc with SwiftUI's (and CGPath's) semantics: angles are measured from
    /// +x towards +y, and `clockwise` is meant in a y-**up** space, so on a y-down screen
    /// `clockwise: false` (increasing angles) turns visually clockwise.
    ///
    /// A line joins the current point to the arc's start (a move when there is no current
    /// point). A sweep of 2π or more in the chosen direction draws a full circle. The arc is
    /// stored as cubic Béziers of at most 90° each, mapped through `transform`.
    public mutating func addArc(center: Point, radius: Double, startAngle: Angle, endAngle: Angle,
                                clockwise: Bool, transform t: AffineTransform = .identity) {
        guard center.isFinite, radius.isFinite, startAngle.radians.isFinite,
              endAngle.radians.isFinite, t.isFinite else { return }
        let r = Swift.abs(radius)
        let twoPi = 2 * Double.pi
        var sweep = endAngle.radians - startAngle.radians
        if !clockwise {
            if sweep >= twoPi { sweep = twoPi } else if sweep < 0 {
                sweep = _fmod(sweep, twoPi) + twoPi
                if sweep >= twoPi { sweep = 0 }
            }
        } else {
            if sweep <= -twoPi { sweep = -twoPi } else if sweep > 0 {
                sweep = _fmod(sweep, twoPi) - twoPi
                if sweep <= -twoPi { sweep = 0 }
            }
        }
        appendArc(center: center, radius: r, start: startAngle.radians, sweep: sweep, transform: t)
    }

    /// Adds an arc tangent to the lines from the current point to `tangent1End` and from
    /// `tangent1End` to `tangent2End` (CGPathAddArcToPoint). A straight line joins the current
    /// point to the arc's first tangent point. When the three points are collinear or the
    /// radius is zero, it adds a line to `tangent1End`. With no current point it moves to
    /// `tangent1End`.
    public mutating func addArc(tangent1End p1: Point, tangent2End p2: Point, radius: Double,
                                transform t: AffineTransform = .identity) {
        guard p1.isFinite, p2.isFinite, radius.isFinite, t.isFinite else { return }
        // Work in user space: the current point is stored transformed, so invert it back.
        guard let current = currentPoint else { move(to: p1.applying(t)); return }
        let inv = t.inverted()
        let p0 = current.applying(inv)
        let v1 = (p0 - p1).normalized, v2 = (p2 - p1).normalized
        let cosTheta = v1.dot(v2)
        let r = Swift.abs(radius)
        // Collinear (or degenerate) tangents: no arc fits.
        if r == 0 || v1 == .zero || v2 == .zero || Swift.abs(v1.cross(v2)) < 1e-12 {
            addLine(to: p1.applying(t)); return
        }
        let halfAngle = _acos(Swift.max(-1, Swift.min(1, cosTheta))) / 2
        let tangentDistance = r / _tan(halfAngle)
        let start = p1 + v1 * tangentDistance
        let end = p1 + v2 * tangentDistance
        let bisector = (v1 + v2).normalized
        let center = p1 + bisector * (r / _sin(halfAngle))
        let a0 = (start - center).angle.radians
        let a1 = (end - center).angle.radians
        var sweep = a1 - a0
        // The arc is the short one, less than π.
        if sweep > .pi { sweep -= 2 * .pi } else if sweep < -.pi { sweep += 2 * .pi }
        addLine(to: start.applying(t))
        appendArc(center: center, radius: r, start: a0, sweep: sweep, transform: t)
    }

    /// Appends an arc as cubic Béziers of at most 90°, beginning with a line (or a move) to its
    /// start point. `sweep` is signed: positive means increasing angles.
    @usableFromInline
    mutating func appendArc(center: Point, radius r: Double, start: Double, sweep: Double,
                            transform t: AffineTransform) {
        let p0 = Point(x: center.x + r * _cos(start), y: center.y + r * _sin(start)).applying(t)
        if currentPoint == nil { move(to: p0) } else { addLine(to: p0) }
        guard sweep != 0, r > 0 else { return }
        let segments = Swift.max(1, Int((Swift.abs(sweep) / (Double.pi / 2) - 1e-9).rounded(.up)))
        let step = sweep / Double(segments)
        // Control-point distance for a circular arc of angle `step`: 4/3·tan(step/4).
        let k = 4.0 / 3.0 * _tan(step / 4)
        var a = start
        for _ in 0..<segments {
            let b = a + step
            let ca = _cos(a), sa = _sin(a), cb = _cos(b), sb = _sin(b)
            let c1 = Point(x: center.x + r * (ca - k * sa), y: center.y + r * (sa + k * ca))
            let c2 = Point(x: center.x + r * (cb + k * sb), y: center.y + r * (sb - k * cb))
            let e = Point(x: center.x + r * cb, y: center.y + r * sb)
            addCurve(to: e.applying(t), control1: c1.applying(t), control2: c2.applying(t))
            a = b
        }
    }
}
