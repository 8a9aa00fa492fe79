#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Geometry

/// SportFan's seat: a skewed seat back, a squab and a rod, drawn in a square and rotated about
/// the square's centre.
///
/// In the unrotated square of side w × h (origin at its top-left), with vs = h/10:
/// - the back is the rect (0, vs, w − k, h/3 − vs) with k = h/3 − vs (the skew shift), skewed by
///   x' = x − cos(π/4)·y + k + vs, with rounded corners of size (w/15, h/15);
/// - the squab is the rect (0, h/2, w − k, h/2 − vs) with the same corners;
/// - the rod is the open line from (w/2, h/3) to (w/2 − k/2, h/2).
/// The seat therefore faces +y (its back at the top): rotation 0 faces down the screen.
/// Corners use the `.continuous` style, SwiftUI's default for `Path.addRoundedRect`.
public enum SeatShape {
    /// The seat drawn in `rect`, turned by `rotation` radians about the rect's centre.
    /// Subpaths: the back, the squab, the rod (in that order).
    public static func path(in rect: Rect, rotation: Double) -> Path {
        let w = rect.width, h = rect.height
        var p = Path()
        appendUnrotated(into: &p, width: w, height: h)
        let cx = w / 2, cy = h / 2
        let turn = AffineTransform(translationX: cx, y: cy).rotated(by: rotation).translatedBy(x: -cx, y: -cy)
        return p.applying(turn.concatenating(AffineTransform(translationX: rect.minX, y: rect.minY)))
    }

    /// The filled parts (back and squab, no rod) of the seat in the unit square, unrotated: the
    /// template every hit test maps a tap into.
    public static let unitFill: Path = {
        var p = Path()
        appendUnrotated(into: &p, width: 1, height: 1, rod: false)
        return p
    }()

    /// The bounding box of `unitFill`'s points (control points included, so it contains the
    /// curves).
    public static let unitFillBounds: Rect = {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for q in unitFill.points {
            minX = min(minX, q.x); maxX = max(maxX, q.x); minY = min(minY, q.y); maxY = max(maxY, q.y)
        }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }()

    static func appendUnrotated(into p: inout Path, width w: Double, height h: Double, rod: Bool = true) {
        let vs = h * 0.1
        let corner = Size(width: w / 15.0, height: h / 15.0)
        let backHeight = h / 3.0 - vs
        let squabHeight = h / 2.0 - vs
        let skewAngle = Double.pi / 4.0
        let skewShift = backHeight / tan(skewAngle)
        let seatWidth = w - skewShift
        let back = Rect(x: 0, y: vs, width: seatWidth, height: backHeight)
        let squab = Rect(x: 0, y: h / 2.0, width: seatWidth, height: squabHeight)
        let skew = AffineTransform(a: 1, b: 0, c: -cos(skewAngle), d: 1, tx: skewShift + vs, ty: 0)
        p.addRoundedRect(in: back, cornerSize: corner, style: .continuous, transform: skew)
        p.addRoundedRect(in: squab, cornerSize: corner, style: .continuous)
        if rod {
            p.move(to: Point(x: w / 2.0, y: h / 3.0))
            p.addLine(to: Point(x: w / 2.0 - skewShift / 2, y: h / 2.0))
        }
    }

    /// True when `point` is inside the filled seat (back or squab) of side `size` centred on
    /// `center`, turned by `rotation`. Exact on the curves: the point is mapped into the unit
    /// template, no path is built.
    @inlinable public static func contains(_ point: Point, center: Point, size: Double, rotation: Double) -> Bool {
        guard size > 0 else { return false }
        let dx = point.x - center.x, dy = point.y - center.y
        let c = cos(rotation), s = sin(rotation)
        let u = Point(x: (c * dx + s * dy) / size + 0.5, y: (-s * dx + c * dy) / size + 0.5)
        let b = unitFillBounds
        guard u.x >= b.minX, u.x <= b.maxX, u.y >= b.minY, u.y <= b.maxY else { return false }
        return unitFill.contains(u)
    }
}
