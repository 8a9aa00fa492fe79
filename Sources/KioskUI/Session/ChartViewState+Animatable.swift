import Animation
import Seating

/// The chart's committed placement animates as one value: offset (screen px), zoom, zoom anchor
/// (unit point) and rotation (radians, linear — an accumulated chart rotation is not wrapped, so
/// animating it never spins the other way round). The in-flight gesture parts (`drag`,
/// `manualZoom`, `currentRotation`), the sizes and the limits are not animatable: while
/// animating they are the target's, as SwiftUI does with parts outside `animatableData`.
///
/// The conformance lives here because `Animation` and `Seating` do not import each other;
/// `KioskUI` sees both.
extension ChartViewState: Animatable {
    public typealias AnimatableData = AnimatablePair<AnimatablePair<AnimatablePair<Double, Double>, Double>,
                                                     AnimatablePair<AnimatablePair<Double, Double>, Double>>

    public var animatableData: AnimatableData {
        get {
            AnimatablePair(AnimatablePair(AnimatablePair(offset.dx, offset.dy), zoom),
                           AnimatablePair(AnimatablePair(zoomAnchor.x, zoomAnchor.y), rotation))
        }
        set {
            offset.dx = newValue.first.first.first
            offset.dy = newValue.first.first.second
            zoom = newValue.first.second
            zoomAnchor.x = newValue.second.first.first
            zoomAnchor.y = newValue.second.first.second
            rotation = newValue.second.second
        }
    }
}
