extension Path {
    /// 4/3·(√2 − 1): the control-point distance, as a fraction of the radius, of the cubic that
    /// best approximates a quarter circle (the one CoreGraphics and SwiftUI use).
    @usableFromInline static let quarterArcKappa = 0.552_284_749_830_793_4

    /// Adds a closed ellipse inscribed in `rect`, mapped through `transform`, like
    /// `CGPathAddEllipseInRect`.
    ///
    /// **Start and direction:** the subpath starts at (maxX, midY) and runs with increasing
    /// angle — (midX, maxY), (minX, midY), (midX, minY) and back — which is clockwise on a y-down
    /// screen. It is one move, four cubics (one per quadrant) and a close.
    ///
    /// A null rect, a non-finite rect or a non-finite transform adds nothing; a rect with zero
    /// width or height adds a degenerate (flat) ellipse like CoreGraphics.
    public mutating func addEllipse(in rect: Rect, transform t: AffineTransform = .identity) {
        guard !rect.isNull, rect.origin.isFinite, rect.size.isFinite, t.isFinite else { return }
        let r = rect.standardized
        let cx = r.midX, cy = r.midY, rx = r.width / 2, ry = r.height / 2
        guard cx.isFinite, cy.isFinite, rx.isFinite, ry.isFinite else { return }
        let kx = rx * Path.quarterArcKappa, ky = ry * Path.quarterArcKappa
        func p(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y).applying(t) }
        move(to: p(cx + rx, cy))
        addCurve(to: p(cx, cy + ry), control1: p(cx + rx, cy + ky), control2: p(cx + kx, cy + ry))
        addCurve(to: p(cx - rx, cy), control1: p(cx - kx, cy + ry), control2: p(cx - rx, cy + ky))
        addCurve(to: p(cx, cy - ry), control1: p(cx - rx, cy - ky), control2: p(cx - kx, cy - ry))
        addCurve(to: p(cx + rx, cy), control1: p(cx + kx, cy - ry), control2: p(cx + rx, cy - ky))
        closeSubpath()
    }

    /// Adds a closed rounded rectangle with SwiftUI's semantics, mapped through `transform`.
    ///
    /// - `cornerSize` is the radius of each corner along x (width) and y (height). Like SwiftUI
    ///   it is clamped to half the rect's width and height (and negative sizes to zero); a zero
    ///   corner size gives a plain rectangle starting at (minX, minY).
    /// - `.circular`: each corner is a quarter ellipse with radii `cornerSize`, drawn as one
    ///   cubic.
    /// - `.continuous`: each corner is the well-known reconstruction of Apple's continuous
    ///   corner, three cubics whose curvature grows smoothly from zero at the straight edge to a
    ///   circular middle section. The corner begins 1.528 66 × the radius from the rect's corner
    ///   along each edge (instead of 1 × for circular). When that does not fit, i.e. the radius
    ///   exceeds half the side / 1.528 66, the corner's points are blended linearly towards the
    ///   circular corner (written in the same three-cubic form with zero-length end pieces), so
    ///   its extent shrinks to exactly half the side; the inner joins' handles are then lined up
    ///   again so the corner stays tangent-continuous. At radius = half the side it is exactly
    ///   the circular corner, so a capsule stays a capsule. One blend factor serves both axes.
    ///
    /// **Start and direction:** the subpath starts on the top edge where the top-left corner
    /// ends, (minX + e, minY), with e the corner's extent along x (the radius for circular,
    /// about 1.53 radii for continuous), and runs clockwise on a y-down screen: top edge,
    /// top-right corner, right edge, bottom-right, bottom edge, bottom-left, left edge,
    /// top-left corner, close. Straight edges of zero length are omitted.
    ///
    /// Non-finite rect, corner size or transform adds nothing; a null rect adds nothing.
    public mutating func addRoundedRect(in rect: Rect, cornerSize: Size, style: RoundedCornerStyle = .circular,
                                        transform t: AffineTransform = .identity) {
        guard !rect.isNull, rect.origin.isFinite, rect.size.isFinite, cornerSize.isFinite,
              t.isFinite else { return }
        let r = rect.standardized
        guard r.maxX.isFinite, r.maxY.isFinite else { return }
        let halfW = r.width / 2, halfH = r.height / 2
        let rx = Swift.min(Swift.max(cornerSize.width, 0), halfW)
        let ry = Swift.min(Swift.max(cornerSize.height, 0), halfH)
        guard rx > 0, ry > 0 else { addRect(r, transform: t); return }

        // One corner in local coordinates: u runs from the rect's corner along the horizontal
        // edge, v along the vertical edge, both in units of the radius. `local` lists the ten
        // points (start, then three cubics) from the horizontal edge to the vertical edge.
        var local: [(Double, Double)]
        switch style {
        case .circular:
            local = Path.circularCorner
        case .continuous:
            let k = Path.continuousExtent
            // Blend factor 0 (pure continuous) … 1 (circular) so the extent fits both sides.
            let bx = (k * rx - halfW) / ((k - 1) * rx), by = (k * ry - halfH) / ((k - 1) * ry)
            let b = Swift.min(1, Swift.max(0, Swift.max(bx, by)))
            if b >= 1 {
                local = Path.circularCorner
            } else {
                local = Path.continuousCorner
                if b > 0 {
                    for i in local.indices {
                        local[i].0 += (Path.circularCorner3[i].0 - local[i].0) * b
                        local[i].1 += (Path.circularCorner3[i].1 - local[i].1) * b
                    }
                    // Linear blending can kink the two inner joins slightly; line their handles
                    // up again (keeping each handle's length) so the corner stays smooth.
                    for j in [3, 6] { Path.alignHandles(&local, join: j) }
                }
            }
        }

        // Maps a local corner point to the rect: (sx, sy) point from the corner into the rect.
        func corner(_ cx: Double, _ cy: Double, _ sx: Double, _ sy: Double, _ i: Int) -> Point {
            let (u, v) = local[i]
            return Point(x: cx + sx * u * rx, y: cy + sy * v * ry).applying(t)
        }
        func emitCorner(_ cx: Double, _ cy: Double, _ sx: Double, _ sy: Double, fromHorizontal: Bool) {
            let n = local.count
            // Indices run start→end when leaving the horizontal edge, end→start otherwise.
            func idx(_ j: Int) -> Int { fromHorizontal ? j : n - 1 - j }
            let first = corner(cx, cy, sx, sy, idx(0))
            if let c = currentPoint, c != first { addLine(to: first) }
            var j = 1
            while j + 2 < n {
                addCurve(to: corner(cx, cy, sx, sy, idx(j + 2)),
                         control1: corner(cx, cy, sx, sy, idx(j)),
                         control2: corner(cx, cy, sx, sy, idx(j + 1)))
                j += 3
            }
        }

        // Top-left corner's end on the top edge: local point 0 of the top-left corner.
        let e0 = local[0].0
        move(to: Point(x: r.minX + e0 * rx, y: r.minY).applying(t))
        emitCorner(r.maxX, r.minY, -1, 1, fromHorizontal: true)   // top-right
        emitCorner(r.maxX, r.maxY, -1, -1, fromHorizontal: false) // bottom-right
        emitCorner(r.minX, r.maxY, 1, -1, fromHorizontal: true)   // bottom-left
        emitCorner(r.minX, r.minY, 1, 1, fromHorizontal: false)   // top-left
        closeSubpath()
    }

    /// Adds a rounded rectangle whose corners have radius `cornerRadius` on both axes; see
    /// `addRoundedRect(in:cornerSize:style:transform:)` for the start point and direction.
    public mutating func addRoundedRect(in rect: Rect, cornerRadius: Double, style: RoundedCornerStyle = .circular,
                                        transform t: AffineTransform = .identity) {
        addRoundedRect(in: rect, cornerSize: Size(width: cornerRadius, height: cornerRadius), style: style,
                       transform: t)
    }

    /// A path holding one ellipse inscribed in `rect` (see `addEllipse(in:transform:)`).
    public init(ellipseIn rect: Rect) { self.init(); addEllipse(in: rect) }

    /// A path holding one rounded rectangle (see `addRoundedRect(in:cornerSize:style:transform:)`).
    public init(roundedRect rect: Rect, cornerSize: Size, style: RoundedCornerStyle = .circular) {
        self.init(); addRoundedRect(in: rect, cornerSize: cornerSize, style: style)
    }

    /// A path holding one rounded rectangle with equal corner radii.
    public init(roundedRect rect: Rect, cornerRadius: Double, style: RoundedCornerStyle = .circular) {
        self.init(); addRoundedRect(in: rect, cornerRadius: cornerRadius, style: style)
    }

    // MARK: Corner geometry (local units of the radius; u along the horizontal edge measured
    // from the rect's corner, v along the vertical edge)

    /// How far a continuous corner reaches along each edge, in radii.
    static let continuousExtent = 1.528_664_83

    /// The continuous corner: straight-edge tangency at (1.528 66, 0), a curvature ramp, a
    /// circular middle section symmetric about the diagonal, and the mirrored ramp down to
    /// (0, 1.528 66). These are the widely published constants reverse-engineered from
    /// UIKit's iOS 7 `UIBezierPath(roundedRect:cornerRadius:)`.
    /// The published constants are rounded, leaving a kink of about 0.2° at the inner joins;
    /// the handles are lined up once here.
    static let continuousCorner: [(Double, Double)] = {
        var points: [(Double, Double)] = [
            (1.528_664_83, 0),
            (1.088_493_23, 0), (0.868_406_89, 0.024_917_43), (0.669_934_27, 0.065_496_00),
            (0.372_829_00, 0.127_471_00), (0.127_471_00, 0.372_829_00), (0.065_496_00, 0.669_934_27),
            (0.024_917_43, 0.868_406_89), (0, 1.088_493_23), (0, 1.528_664_83),
        ]
        alignHandles(&points, join: 3)
        alignHandles(&points, join: 6)
        return points
    }()

    /// The circular corner in the continuous corner's three-cubic form: a zero-length piece at
    /// (1, 0), the quarter circle, and a zero-length piece at (0, 1). Only used as the target of
    /// the continuous corner's blend, whose extent therefore shrinks from 1.528 66 to 1.
    static let circularCorner3: [(Double, Double)] = {
        let q = quarterArcKappa
        return [
            (1, 0), (1, 0), (1, 0), (1, 0),
            (1 - q, 0), (0, 1 - q), (0, 1),
            (0, 1), (0, 1), (0, 1),
        ]
    }()

    /// Makes the handles around `points[join]` collinear through it (G1 continuity), turning
    /// both to their mean direction and keeping their lengths.
    static func alignHandles(_ points: inout [(Double, Double)], join j: Int) {
        let (jx, jy) = points[j]
        let ix = jx - points[j - 1].0, iy = jy - points[j - 1].1      // incoming direction
        let ox = points[j + 1].0 - jx, oy = points[j + 1].1 - jy      // outgoing direction
        let li = (ix * ix + iy * iy).squareRoot(), lo = (ox * ox + oy * oy).squareRoot()
        guard li > 0, lo > 0 else { return }
        var dx = ix / li + ox / lo, dy = iy / li + oy / lo
        let l = (dx * dx + dy * dy).squareRoot()
        guard l > 0 else { return }
        dx /= l; dy /= l
        points[j - 1] = (jx - dx * li, jy - dy * li)
        points[j + 1] = (jx + dx * lo, jy + dy * lo)
    }

    /// The circular corner: one cubic quarter ellipse from (1, 0) to (0, 1).
    static let circularCorner: [(Double, Double)] = [
        (1, 0), (1 - quarterArcKappa, 0), (0, 1 - quarterArcKappa), (0, 1),
    ]
}
