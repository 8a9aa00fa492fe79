#if canImport(Glibc)
import Glibc
#endif
import Geometry
import Seating

/// Where a section name may sit: an axis-aligned rectangle of the chart or an annular sector
/// (an arc tribune, or a ring's corner of them), in chart units. It answers the one question
/// the levels of detail ask: from which chart → screen scale does an upright label of a given
/// size fit inside it, at the view's rotation.
enum LabelRegion: Equatable {
    case rect(Rect)
    case sector(ArcSector)

    /// The region of tribunes `outlines`: a sector when all are arcs about one centre (their
    /// union, radii and angles), the one rectangle, else the bounding box of them all.
    init(_ outlines: [Tribune.Outline]) {
        var arcs: [ArcSector] = []
        for o in outlines { if case .arc(let a) = o { arcs.append(a) } }
        if let first = arcs.first, arcs.count == outlines.count,
           arcs.allSatisfy({ abs($0.center.x - first.center.x) < 1e-6 && abs($0.center.y - first.center.y) < 1e-6 }) {
            self = .sector(ArcSector(center: first.center, outerRadius: arcs.map(\.outerRadius).max() ?? 0,
                                     innerRadius: arcs.map(\.innerRadius).min() ?? 0,
                                     startAngle: arcs.map(\.startAngle).min() ?? 0, endAngle: arcs.map(\.endAngle).max() ?? 0))
            return
        }
        var box = Rect.null
        for o in outlines {
            switch o {
            case .rect(let r): box = box.union(r.standardized)
            case .arc(let a): box = box.union(a.bounds)
            }
        }
        self = .rect(box)
    }

    /// Where its label goes (chart units): the rectangle's centre, the sector's middle (mid
    /// angle, mid radius).
    var centre: Point {
        switch self {
        case .rect(let r): return Point(x: r.midX, y: r.midY)
        case .sector(let a):
            let mid = (a.startAngle + a.endAngle) / 2, r = (a.innerRadius + a.outerRadius) / 2
            return Point(x: a.center.x + r * cos(mid), y: a.center.y + r * sin(mid))
        }
    }

    /// The chart's bounding box of the region (chart units).
    var bounds: Rect {
        switch self {
        case .rect(let r): return r
        case .sector(let a): return a.bounds
        }
    }

    /// The least chart → screen scale (px per chart unit) at which an upright `width`×`height`
    /// px box centred on `centre` lies inside the region on a view turned by `rotation`
    /// (radians); infinity when it never does.
    func fitScale(width w: Double, height h: Double, rotation: Double) -> Double {
        switch self {
        case .rect(let r):
            // The screen box seen in chart axes: its extents along the chart's x and y.
            let c = abs(cos(rotation)), s = abs(sin(rotation))
            guard r.width > 0, r.height > 0 else { return .infinity }
            return max((w * c + h * s) / r.width, (w * s + h * c) / r.height)
        case .sector(let a):
            // In the sector's middle frame (x along the tangent, y outward), a box of extents
            // tw × rh (px) scaled by u = 1/scale must keep its inner edge beyond the inner
            // radius, its outer corners within the outer radius, and its ends inside the angles.
            let mid = (a.startAngle + a.endAngle) / 2
            let alpha = rotation + mid + .pi / 2
            let c = abs(cos(alpha)), s = abs(sin(alpha))
            let tw = w * c + h * s, rh = w * s + h * c
            let rm = (a.innerRadius + a.outerRadius) / 2, depth = a.outerRadius - a.innerRadius
            guard depth > 0, rm > 0, rh > 0 else { return .infinity }
            let u1 = depth / rh
            let qa = (rh * rh + tw * tw) / 4, qb = rm * rh, qc = rm * rm - a.outerRadius * a.outerRadius
            let u2 = (-qb + (qb * qb - 4 * qa * qc).squareRoot()) / (2 * qa)
            let t = tan(min((a.endAngle - a.startAngle) / 2, 1.5))
            let u3 = 2 * rm * t / (tw + rh * t)
            let u = min(u1, u2, u3)
            return u > 0 ? 1 / u : .infinity
        }
    }
}
