import Geometry

/// Where the chart is on screen: SportFan's view state, committed values and in-flight gesture
/// deltas kept apart (the design's `@State` and `@GestureState`).
///
/// **Composition.** The chart (venue units) is first fitted into the view (`contentTransform`:
/// uniform scale, centred). Then the view is drawn with, in SwiftUI order,
/// `.scaleEffect(zoom·manualZoom, anchor: A).rotationEffect(rotation + currentRotation, anchor: A)
/// .offset(offset + drag)`, where every effect acts about the view's own frame, so the anchor
/// point is a = (A.x·width, A.y·height) for both. For a view point p:
///
///     screen = a + R(θ)·s·(p − a) + o
///
/// i.e. `T(−a) · S(s) · R(θ) · T(a + o)` as row-vector affine transforms (`effectTransform`).
/// `chartToScreen = contentTransform.concatenating(effectTransform)` is exactly what the renderer
/// applies, and `screenToChart` is its inverse, so a tap lands on what is drawn under it.
///
/// **Bounds.** The kiosk places the chart as a whole (`placement`, `place(_:)`, a similarity)
/// inside `safeArea`, within the rules of `ChartViewState+Bounds` (home, zoom limits from the
/// panel's `pixelsPerMillimetre` and `seatSize`, the rest rule, rubber band) and
/// `ChartViewState+Fit` (fitted zoom on a tribune).
public struct ChartViewState: Hashable, Sendable {
    /// The view's size in screen points (pixels).
    public var viewSize: Size
    /// The chart's extent in venue units (`Venue.size`).
    public var chartSize: Size

    // Committed state.
    /// Committed translation, screen points.
    public var offset: Vector = .zero
    /// Committed zoom; 1.25 is SportFan's resting zoom.
    public var zoom: Double = ChartViewState.restingZoom
    public var zoomAnchor: UnitPoint = .center
    /// Committed rotation, radians (clockwise on screen); starts at π/2 as in the design.
    public var rotation: Double = .pi / 2

    // In-flight gesture state (reset when a gesture ends or is cancelled).
    /// Drag translation since the drag began.
    public var drag: Vector = .zero
    /// Pinch magnification since the pinch began (1 at the start).
    public var manualZoom: Double = 1
    /// Rotation since the rotate gesture began, radians.
    public var currentRotation: Double = 0

    /// The committed zoom (and the displayed zoom during a pinch) stays within these limits: a
    /// numeric guard only; the kiosk's zoom limits are `scaleLimits` (seat sizes on the panel).
    public var zoomLimits: ClosedRange<Double> = 1e-3...1e4

    // What the bounds are computed from.
    /// The part of the screen the chart is fitted into and kept in (screen minus header and
    /// bottom bar), px; the whole view unless set.
    public var safeArea: Rect
    /// The panel's density, px per mm (seat sizes on the panel in mm).
    public var pixelsPerMillimetre: Double = 4
    /// A typical seat's size, venue units (`SeatingChart` sets the venue's median); 0: unknown.
    public var seatSize: Double = 0
    /// The home view's rotation, radians: the visitor's "rotation 0" (north up). The kiosk sets
    /// `KioskSession.restingRotation(for:)`: 0 on a landscape screen, π/2 on a portrait one, so
    /// the stadium's long side lies along the screen's long side.
    public var homeRotation: Double = .pi / 2

    /// The design's resting zoom.
    public static let restingZoom = 1.25

    public init(viewSize: Size, chartSize: Size) {
        self.viewSize = viewSize; self.chartSize = chartSize
        safeArea = Rect(origin: .zero, size: viewSize)
    }

    /// True when zoomed in beyond the resting zoom (`zoom > 1.25`), as the design's `zoomed`.
    public var zoomed: Bool { zoom > ChartViewState.restingZoom }

    /// The scale on screen now: committed zoom times the pinch, within the limits.
    public var effectiveZoom: Double { clampZoom(zoom * manualZoom) }
    /// The rotation on screen now.
    public var effectiveRotation: Double { rotation + currentRotation }
    /// The offset on screen now.
    public var effectiveOffset: Vector { Vector(dx: offset.dx + drag.dx, dy: offset.dy + drag.dy) }

    /// Chart units → view points: fit the chart into the view (uniform scale), centred.
    public var contentTransform: AffineTransform {
        guard chartSize.width > 0, chartSize.height > 0 else { return .identity }
        let k = min(viewSize.width / chartSize.width, viewSize.height / chartSize.height)
        return AffineTransform(scaleX: k, y: k).concatenating(
            AffineTransform(translationX: (viewSize.width - chartSize.width * k) / 2,
                            y: (viewSize.height - chartSize.height * k) / 2))
    }

    /// View points → screen: scale about the anchor, rotate about the anchor, then offset.
    public var effectTransform: AffineTransform {
        let a = zoomAnchor.point(in: Rect(origin: .zero, size: viewSize))
        let s = effectiveZoom, o = effectiveOffset
        return AffineTransform(translationX: -a.x, y: -a.y)
            .concatenating(AffineTransform(scaleX: s, y: s))
            .concatenating(AffineTransform(rotationAngle: effectiveRotation))
            .concatenating(AffineTransform(translationX: a.x + o.dx, y: a.y + o.dy))
    }

    /// Chart units → screen points: the render transform.
    public var chartToScreen: AffineTransform { contentTransform.concatenating(effectTransform) }
    /// Screen points → chart units: the inverse of the render transform.
    public var screenToChart: AffineTransform { chartToScreen.inverted() }

    public func screenPoint(fromChart p: Point) -> Point { p.applying(chartToScreen) }
    public func chartPoint(fromScreen p: Point) -> Point { p.applying(screenToChart) }
    /// Screen → the view's own (pre-effect) coordinates: where SwiftUI's tap gesture, attached
    /// before the effects, reports the location.
    public func viewPoint(fromScreen p: Point) -> Point { p.applying(effectTransform.inverted()) }

    func clampZoom(_ z: Double) -> Double { min(max(z, zoomLimits.lowerBound), zoomLimits.upperBound) }

    // MARK: Gestures (SwiftUI values: translation since start, magnification 1 at start,
    // rotation since start)

    public mutating func updateDrag(translation: Vector) { drag = translation }
    public mutating func endDrag(translation: Vector) {
        offset = Vector(dx: offset.dx + translation.dx, dy: offset.dy + translation.dy); drag = .zero
    }
    public mutating func updateMagnification(_ m: Double) { if m.isFinite && m > 0 { manualZoom = m } }
    public mutating func endMagnification(_ m: Double) {
        if m.isFinite && m > 0 { zoom = clampZoom(zoom * m) }
        manualZoom = 1
    }
    public mutating func updateRotation(_ radians: Double) { if radians.isFinite { currentRotation = radians } }
    public mutating func endRotation(_ radians: Double) {
        if radians.isFinite { rotation += radians }
        currentRotation = 0
    }
    /// A cancelled gesture leaves the committed state as it was (like `@GestureState`).
    public mutating func cancelGestures() { drag = .zero; manualZoom = 1; currentRotation = 0 }
}
