import Geometry
import Gestures
import Testing

@Suite struct GestureTotalsTests {
    func transform(translation: Vector = .zero, magnification: Double = 1, rotation: Double = 0,
                   focal: Point = .zero) -> PanZoomRotate {
        PanZoomRotate(time: 0, translation: translation, magnification: magnification, rotation: rotation,
                      focalPoint: focal, startFocalPoint: .zero, transform: .identity, step: .identity,
                      velocity: .zero, touchCount: 2)
    }

    @Test func countsTapsDoubleTapsLongPressesAndFlings() {
        var totals = GestureTotals()
        totals.receive(.tap(location: .zero, count: 1, time: 0))
        totals.receive(.tap(location: .zero, count: 2, time: 0.2))
        totals.receive(.longPress(location: .zero, time: 1))
        totals.receive(.transformEnded(transform(), fling: Deceleration(initialVelocity: Vector(dx: 500, dy: 0), rate: 0.998)))
        totals.receive(.transformEnded(transform(), fling: nil))
        #expect(totals.taps == 2 && totals.doubleTaps == 1 && totals.longPresses == 1 && totals.flings == 1)
    }

    /// Ended gestures add their final values; a cancelled one adds its last change; changes
    /// alone add nothing until the gesture ends.
    @Test func sumsFinalTransforms() {
        var totals = GestureTotals()
        totals.receive(.transformChanged(transform(translation: Vector(dx: 1, dy: 1), magnification: 1.5, rotation: 0.1)))
        totals.receive(.transformEnded(transform(translation: Vector(dx: 10, dy: -4), magnification: 2, rotation: 0.5), fling: nil))
        totals.receive(.transformChanged(transform(translation: Vector(dx: 3, dy: 2), magnification: 0.25, rotation: -0.2)))
        totals.receive(.cancelled(.transform, time: 1))
        totals.receive(.transformChanged(transform(translation: Vector(dx: 100, dy: 100), magnification: 9, rotation: 3)))
        #expect(totals.translation == Vector(dx: 13, dy: -2))
        #expect(totals.magnification == 0.5)
        #expect(abs(totals.rotation - 0.3) < 1e-12)
    }

    /// The focal point jumping 10 px while the only finger moved 3 px is a 7 px jump.
    @Test func focalJumpBeyondTheFingersOwnStep() {
        var totals = GestureTotals()
        totals.observe(TouchFrame(timestamp: 0, touches: [.init(id: 0, location: Point(x: 0, y: 0), phase: .began)]))
        totals.receive(.transformChanged(transform(focal: Point(x: 0, y: 0))))
        totals.observe(TouchFrame(timestamp: 0.01, touches: [.init(id: 0, location: Point(x: 3, y: 0), phase: .moved)]))
        totals.receive(.transformChanged(transform(focal: Point(x: 10, y: 0))))
        #expect(totals.maximumFocalJump == 7)
    }
}
