#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Geometry

/// The bounded, elastic view: home, zoom limits, the rest rule and the rubber band.
///
/// **Rest rule** (UIScrollView's, per screen axis). Let [lo, hi] be the stadium's on-screen
/// bounding box along x (the four corners of `chartRect` through the placement) and
/// [sLo, sHi] the safe area's. At rest: if hi − lo ≤ sHi − sLo then sLo ≤ lo and hi ≤ sHi (the
/// stadium lies wholly inside the safe area), else lo ≤ sLo and hi ≥ sHi (it covers the safe
/// area); the same along y. The scale at rest lies within `scaleLimits`. A view that breaks the
/// rule is moved by the least translation per axis (`axisCorrection`) after its scale is
/// clamped about the gesture's focal point (`resting`).
///
/// **Rubber band.** While fingers are down the view may pass the bounds with resistance:
/// an excess x (px past the allowed position, or the log of the scale ratio past a limit) is
/// shown as UIScrollView's `(1 − 1 / (0.55·x/d + 1))·d`, which follows the fingers at 0.55
/// of their motion at first and never exceeds d (the safe area's extent on that axis, or
/// `zoomOvershoot` for the scale).
extension ChartViewState {
    /// Seats never grow beyond this on the panel, mm (the top zoom limit).
    public static let largestSeatMillimetres = 25.0
    /// The rubber band's limit for the scale: at most this ratio past a zoom limit.
    public static let zoomOvershoot = 1.5
    /// UIScrollView's rubber-band constant (the resistance at the start of an overshoot).
    public static let rubberBandConstant = 0.55

    /// The venue's rectangle, chart units (what the bounds keep in view).
    public var chartRect: Rect { Rect(origin: .zero, size: chartSize) }

    /// Home: the whole stadium fitted into the safe area (largest scale at which its bounding
    /// box at `homeRotation` fits), centred in it, at the home rotation.
    public var homePlacement: ChartPlacement { homePlacement(nearRotation: homeRotation) }

    /// Home with its rotation taken the nearest way round from `rotation` (home's rotation plus
    /// whole turns), so going home never spins more than half a turn.
    public func homePlacement(nearRotation rotation: Double) -> ChartPlacement {
        let turns = ((rotation - homeRotation) / (2 * .pi)).rounded()
        let theta = homeRotation + turns * 2 * .pi
        let k = homeScale
        let unit = ChartPlacement(scale: k, rotation: theta, translation: .zero)
        let c = unit.screenPoint(Point(x: chartSize.width / 2, y: chartSize.height / 2))
        return unit.translated(by: Vector(dx: safeArea.midX - c.x, dy: safeArea.midY - c.y))
    }

    /// The home scale, screen px per venue unit: the largest at which the stadium's bounding box
    /// at the home rotation fits the safe area.
    public var homeScale: Double {
        let b = chartRect.applying(AffineTransform(rotationAngle: homeRotation))
        guard b.width > 0, b.height > 0, safeArea.width > 0, safeArea.height > 0 else { return max(fitScale, 1e-9) }
        return min(safeArea.width / b.width, safeArea.height / b.height)
    }

    /// The scales allowed at rest, screen px per venue unit: from home (the whole stadium) to
    /// seats of `largestSeatMillimetres` on the panel (never below home).
    public var scaleLimits: ClosedRange<Double> {
        let low = homeScale
        guard seatSize > 0, pixelsPerMillimetre > 0 else { return low...low * 40 }
        return low...max(low, Self.largestSeatMillimetres * pixelsPerMillimetre / seatSize)
    }

    /// A seat's size on the panel at `placement`'s scale, mm.
    public func seatMillimetres(at placement: ChartPlacement) -> Double {
        pixelsPerMillimetre > 0 ? seatSize * placement.scale / pixelsPerMillimetre : 0
    }

    /// True when the committed view is home (within 0.1 % of its scale, 0.001 rad of its
    /// rotation modulo whole turns, and half a pixel of its position).
    public var isAtHome: Bool {
        let p = placement, h = homePlacement(nearRotation: p.rotation)
        return abs(p.scale / h.scale - 1) < 1e-3 && abs(p.rotation - h.rotation) < 1e-3
            && abs(p.translation.dx - h.translation.dx) < 0.5 && abs(p.translation.dy - h.translation.dy) < 0.5
    }

    /// Sends the view home (committed state; nothing animates here).
    public mutating func goHome() { place(homePlacement(nearRotation: rotation)) }

    /// The allowed view nearest `p`: the scale clamped to `scaleLimits` about screen point
    /// `focus` (px), then the rest rule's least translation per axis.
    public func resting(_ p: ChartPlacement, focus: Point) -> ChartPlacement {
        let limits = scaleLimits
        let k = min(max(p.scale, limits.lowerBound), limits.upperBound)
        let scaled = k == p.scale ? p : p.scaled(by: k / p.scale, about: focus)
        return scaled.translated(by: restCorrection(scaled))
    }

    /// `p` past the bounds with resistance: what to show while fingers hold the view at `p`.
    public func rubberBanded(_ p: ChartPlacement, focus: Point) -> ChartPlacement {
        let limits = scaleLimits
        var q = p
        let limit = min(max(p.scale, limits.lowerBound), limits.upperBound)
        if limit != p.scale {
            let excess = log(p.scale / limit)
            let shown = Self.rubberBand(abs(excess), dimension: log(Self.zoomOvershoot)) * (excess < 0 ? -1 : 1)
            q = p.scaled(by: limit * exp(shown) / p.scale, about: focus)
        }
        let c = restCorrection(q)
        func band(_ c: Double, _ d: Double) -> Double { c - Self.rubberBand(abs(c), dimension: d) * (c < 0 ? -1 : 1) }
        return q.translated(by: Vector(dx: band(c.dx, safeArea.width), dy: band(c.dy, safeArea.height)))
    }

    /// The least translation (px) that makes `p` obey the rest rule at its scale.
    public func restCorrection(_ p: ChartPlacement) -> Vector {
        let b = p.screenBounds(of: chartRect)
        return Vector(dx: Self.axisCorrection(lo: b.minX, hi: b.maxX, safeLo: safeArea.minX, safeHi: safeArea.maxX),
                      dy: Self.axisCorrection(lo: b.minY, hi: b.maxY, safeLo: safeArea.minY, safeHi: safeArea.maxY))
    }

    /// The rest rule along one axis: the least shift that puts [lo, hi] inside [safeLo, safeHi]
    /// when it is no longer than it, or over the whole of it when it is longer.
    public static func axisCorrection(lo: Double, hi: Double, safeLo: Double, safeHi: Double) -> Double {
        if hi - lo <= safeHi - safeLo {
            if lo < safeLo { return safeLo - lo }
            if hi > safeHi { return safeHi - hi }
        } else {
            if lo > safeLo { return safeLo - lo }
            if hi < safeHi { return safeHi - hi }
        }
        return 0
    }

    /// UIScrollView's rubber band: an overshoot of `x` ≥ 0 is shown as
    /// `(1 − 1 / (0.55·x/d + 1))·d` (same units as x and d).
    public static func rubberBand(_ x: Double, dimension d: Double) -> Double {
        guard d > 0 else { return 0 }
        return (1 - 1 / (rubberBandConstant * x / d + 1)) * d
    }
}
