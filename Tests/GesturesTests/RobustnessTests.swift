import Testing
import Geometry
@testable import Gestures

/// Bad input never crashes and never poisons the values.
struct RobustnessTests {
    /// A deterministic pseudo-random stream (64-bit LCG).
    struct Stream {
        var state: UInt64
        mutating func next(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(n))
        }
    }

    @Test(arguments: [1, 2, 3, 4])
    func randomFramesWithGarbage(seed: UInt64) {
        var rng = Stream(state: seed)
        let c = GestureConfiguration(pixelsPerMillimetre: 4)
        var kiosk = PressRecognizer(configuration: c)
            .simultaneously(with: TapRecognizer(configuration: c).exclusively(before: PanZoomRotateRecognizer(configuration: c)))
            .simultaneously(with: LongPressRecognizer(configuration: c).sequenced(before: DragRecognizer(configuration: c)))
            .simultaneously(with: MagnifyRecognizer(configuration: c).simultaneously(with: RotateRecognizer(configuration: c)))
        var log = GestureEventLog()
        var time = 0.0
        let phases: [TouchFrame.Touch.Phase] = [.began, .moved, .stationary, .ended, .cancelled]
        let odd: [Double] = [.nan, .infinity, -.infinity, 1e300, -1e300, 0]
        for _ in 0..<3000 {
            time += Double(rng.next(30)) * 0.001   // sometimes two frames at the same time
            var touches: [TouchFrame.Touch] = []
            for _ in 0..<rng.next(14) {
                let x = rng.next(20) == 0 ? odd[rng.next(odd.count)] : Double(rng.next(2000))
                let y = Double(rng.next(1200))
                touches.append(.init(id: rng.next(24) - 2, location: Point(x: x, y: y), phase: phases[rng.next(phases.count)]))
            }
            if let d = kiosk.nextDeadline, d < time { kiosk.advance(to: d, into: &log) }
            kiosk.handle(TouchFrame(timestamp: time, touches: touches), into: &log)
        }
        #expect(!log.events.isEmpty)
        for e in log.events {
            if let v = e.transformValue {
                #expect(v.translation.isFinite && v.magnification.isFinite && v.magnification > 0 && v.rotation.isFinite)
            }
        }
    }
}
