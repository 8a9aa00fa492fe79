#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Geometry

/// Where the chart lies on screen, as one similarity: a chart point p (venue units) lands at
/// `scale · R(rotation) · p + translation` (screen px, y down, positive angles clockwise).
///
/// This is `ChartViewState.chartToScreen` reduced to its three meaningful parts, so views can
/// be compared, bounded and interpolated as wholes (`ChartViewState.placement`, `place(_:)`).
public struct ChartPlacement: Hashable, Sendable {
    /// Screen px per venue unit.
    public var scale: Double
    /// Radians, clockwise on screen; not wrapped (an accumulated rotation stays as it is).
    public var rotation: Double
    /// Where the chart's origin lands, screen px.
    public var translation: Vector

    public init(scale: Double, rotation: Double, translation: Vector) {
        self.scale = scale; self.rotation = rotation; self.translation = translation
    }

    /// Chart units → screen px.
    public var transform: AffineTransform {
        let c = cos(rotation) * scale, s = sin(rotation) * scale
        return AffineTransform(a: c, b: s, c: -s, d: c, tx: translation.dx, ty: translation.dy)
    }

    /// The screen point of chart point `p`.
    public func screenPoint(_ p: Point) -> Point { p.applying(transform) }

    /// The bounding box on screen of chart-space rect `r` (its four corners), px.
    public func screenBounds(of r: Rect) -> Rect { r.applying(transform) }

    /// This placement, then the screen moved by `v` px.
    public func translated(by v: Vector) -> ChartPlacement {
        ChartPlacement(scale: scale, rotation: rotation,
                       translation: Vector(dx: translation.dx + v.dx, dy: translation.dy + v.dy))
    }

    /// This placement, then the screen scaled by `factor` about screen point `q` (q stays put).
    public func scaled(by factor: Double, about q: Point) -> ChartPlacement {
        ChartPlacement(scale: scale * factor, rotation: rotation,
                       translation: Vector(dx: q.x + factor * (translation.dx - q.x),
                                           dy: q.y + factor * (translation.dy - q.y)))
    }

    /// This placement followed by the screen-space similarity `m` (e.g. a gesture's
    /// `PanZoomRotate.transform`). The rotation accumulates without wrapping.
    public func followed(by m: AffineTransform) -> ChartPlacement {
        let t = transform.concatenating(m)
        return ChartPlacement(scale: (t.a * t.a + t.b * t.b).squareRoot(),
                              rotation: rotation + atan2(m.b, m.a),
                              translation: Vector(dx: t.tx, dy: t.ty))
    }

    /// The placement a fraction `f` of the way to `end`, moving the screen by ONE similarity
    /// about its fixed point (a logarithmic spiral): the map `M = end ∘ self⁻¹` has scale σ,
    /// angle φ and fixed point c, and `M_f` scales by σ^f and turns by φ·f about c; with
    /// φ = 0 every screen point moves on the straight line from where it was to where it goes,
    /// so a shape's image at any f lies in the convex hull of its images at 0 and 1. `f` is
    /// the caller's eased fraction (0 → self, 1 → end; beyond, the spiral extrapolates, for
    /// springs). Without scale or turn (σ = 1, φ = 0) it is the straight translation.
    public func interpolated(to end: ChartPlacement, fraction f: Double) -> ChartPlacement {
        if f == 0 { return self }
        if f == 1 { return end }
        // In complex numbers z ↦ A·z + B: M(z) = Λ·z + β with Λ = A₁/A₀, β = B₁ − Λ·B₀, and
        // M_f(z) = Λ^f·z + β·(1 − Λ^f)/(1 − Λ), whose limit as Λ → 1 is β·f.
        let lambda = log(end.scale / scale), phi = end.rotation - rotation
        let (pr, pi) = Self.oneMinusExp(lambda, phi)
        let (qr, qi) = Self.oneMinusExp(lambda * f, phi * f)
        let den = pr * pr + pi * pi
        let gr: Double, gi: Double
        if den < 1e-24 { gr = f; gi = 0 } else {
            gr = (qr * pr + qi * pi) / den; gi = (qi * pr - qr * pi) / den
        }
        let bigL = exp(lambda), lr = bigL * cos(phi), li = bigL * sin(phi)
        let b0 = translation, b1 = end.translation
        let betaR = b1.dx - (lr * b0.dx - li * b0.dy), betaI = b1.dy - (lr * b0.dy + li * b0.dx)
        let sf = exp(lambda * f), fr = sf * cos(phi * f), fi = sf * sin(phi * f)
        return ChartPlacement(scale: scale * sf, rotation: rotation + phi * f,
                              translation: Vector(dx: fr * b0.dx - fi * b0.dy + betaR * gr - betaI * gi,
                                                  dy: fr * b0.dy + fi * b0.dx + betaR * gi + betaI * gr))
    }

    /// 1 − e^(re + i·im), without the cancellation of computing e^z first near z = 0.
    static func oneMinusExp(_ re: Double, _ im: Double) -> (Double, Double) {
        let e = exp(re), h = sin(im / 2)
        return (-expm1(re) + e * 2 * h * h, -e * sin(im))
    }
}
