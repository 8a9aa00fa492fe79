import Geometry

/// Fitted zoom: where a tap on a tribune takes the view.
extension ChartViewState {
    /// Seats are never shown smaller than this by a fitted zoom, mm on the panel.
    public static let smallestFittedSeatMillimetres = 9.0
    /// The margin around a fitted tribune, mm on the panel (at most a tenth of the safe area's
    /// shorter side).
    public static let fitMarginMillimetres = 5.0

    /// The view that shows `outline` (chart units) as large as possible inside the safe area
    /// less the margin, centred in it, at the current rotation; capped at the top zoom limit.
    /// When its seats would be smaller than `smallestFittedSeatMillimetres`, instead the view
    /// with seats of that size and the chart point under `tap` (screen px) at the safe area's
    /// centre. Either way then kept to the rest rule (`resting`), which never moves a fitted
    /// outline out of the safe area (it lies inside the stadium's box).
    public func fittedPlacement(outline: Path, tap: Point) -> ChartPlacement {
        let theta = effectiveRotation
        // The outline's box on screen at scale 1 (scale and translation keep its extremes).
        let box = outline.applying(AffineTransform(rotationAngle: theta)).boundingRect
        let margin = min(Self.fitMarginMillimetres * pixelsPerMillimetre, min(safeArea.width, safeArea.height) / 10)
        let centre = safeArea.center
        guard !box.isNull, box.width > 0 || box.height > 0 else { return placement }
        let room = Size(width: max(safeArea.width - 2 * margin, 1), height: max(safeArea.height - 2 * margin, 1))
        let fit = min(box.width > 0 ? room.width / box.width : .infinity, box.height > 0 ? room.height / box.height : .infinity)
        let limits = scaleLimits
        var k = min(fit, limits.upperBound)
        let fitted: ChartPlacement
        if seatSize > 0, pixelsPerMillimetre > 0, seatSize * k / pixelsPerMillimetre < Self.smallestFittedSeatMillimetres {
            k = min(max(Self.smallestFittedSeatMillimetres * pixelsPerMillimetre / seatSize, limits.lowerBound), limits.upperBound)
            let unit = ChartPlacement(scale: k, rotation: theta, translation: .zero)
            let q = unit.screenPoint(chartPoint(fromScreen: tap))
            fitted = unit.translated(by: Vector(dx: centre.x - q.x, dy: centre.y - q.y))
        } else {
            let unit = ChartPlacement(scale: k, rotation: theta, translation: .zero)
            fitted = unit.translated(by: Vector(dx: centre.x - k * box.midX, dy: centre.y - k * box.midY))
        }
        return resting(fitted, focus: centre)
    }
}
