import Testing
import Geometry
@testable import Gestures

/// Noise rules applied by the tracker: stationary touches, the touch limit, far-apart landings.
struct TouchTrackerTests {
    @Test func stationaryTouchLeavesTheFocalPointAfterTwoSeconds() {
        // Finger 1 rests at (20, 20) mm; finger 2 moves 1 mm right per 10 ms frame for 3 s.
        // While both count the focal point moves 0.5 mm per frame; once finger 1 has been still
        // for more than 2 s of motion it moves 1 mm (finger 2 alone) — and back to 0.5 mm when
        // finger 1 moves again.
        var s = TouchScript()
        let c = s.configuration
        s.frame(0, [(1, 20, 20, .began), (2, 100, 20, .began)])
        var tracker = TouchTracker(configuration: c)
        _ = tracker.update(with: s.frames[0])
        var steps: [(Double, TouchStep)] = []
        for k in 1...300 {
            let t = Double(k) * 0.01
            let f = TouchFrame(timestamp: t, touches: [.init(id: 1, location: s.point(20, 20), phase: .stationary),
                                                       .init(id: 2, location: s.point(100 + Double(k), 20), phase: .moved)])
            steps.append((t, tracker.update(with: f)))
        }
        for (t, step) in steps {
            let expected = t <= 2.0 + 1e-9 ? 2.0 : 4.0  // px per frame at 4 px/mm
            if abs(t - 2.0) > 0.015 { #expect(abs(step.translation.dx - expected) < 1e-9, "at \(t) s") }
            if t > 2.02 { #expect(step.sharedCount == 1 && step.scale == 1 && step.rotation == 0) }
        }
        // Finger 1 moves again: it rejoins.
        let back = tracker.update(with: TouchFrame(timestamp: 3.01, touches: [
            .init(id: 1, location: s.point(21, 20), phase: .moved), .init(id: 2, location: s.point(401, 20), phase: .moved)]))
        #expect(back.sharedCount == 2 && abs(back.translation.dx - 4) < 1e-9)
    }

    @Test func stillnessOnlyCountsWhileOthersMove() {
        // Both fingers rest 3 s, then finger 2 moves: finger 1 still drives the focal point.
        var s = TouchScript()
        s.frame(0, [(1, 20, 20, .began), (2, 100, 20, .began)])
        s.frame(3.0, [(1, 20, 20, .stationary), (2, 100, 20, .stationary)])
        s.frame(3.01, [(1, 20, 20, .stationary), (2, 101, 20, .moved)])
        var tracker = TouchTracker(configuration: s.configuration)
        var last = TouchStep()
        for f in s.frames { last = tracker.update(with: f) }
        #expect(last.sharedCount == 2 && abs(last.translation.dx - 2) < 1e-9)
    }

    @Test func atMostTenTouchesDrive() {
        // Eleven fingers land; the eleventh sweeps across the screen. It is ignored — also after
        // one of the ten lifts — so the focal point stays put.
        var s = TouchScript()
        let landing = (1...11).map { ($0, Double($0) * 20, 50.0, TouchFrame.Touch.Phase.began) }
        s.frame(0, landing)
        for k in 1...20 {
            var t = (1...10).map { ($0, Double($0) * 20, 50.0, TouchFrame.Touch.Phase.stationary) }
            if k == 10 { t[0].3 = .ended }
            if k > 10 { t.removeFirst() }
            t.append((11, 220 + Double(k) * 5, 50 + Double(k) * 5, .moved))
            s.frame(Double(k) * 0.01, t)
        }
        var tracker = TouchTracker(configuration: s.configuration)
        var steps: [TouchStep] = []
        for f in s.frames { steps.append(tracker.update(with: f)) }
        #expect(steps[0].touchCount == 10 && steps[0].landed == 10)
        #expect(steps.allSatisfy { $0.translation == .zero && $0.scale == 1 && $0.rotation == 0 })
        #expect(steps.last?.touchCount == 9)
        var r = PanZoomRotateRecognizer(configuration: s.configuration)
        #expect(replay(s.frames, through: &r).isEmpty)
    }

    @Test func farApartSimultaneousLandingIsNotAPinch() {
        // Finger 2 lands 5 ms after finger 1, 180 mm away; both then move apart.
        func script(secondAt t2: Double) -> TouchScript {
            var s = TouchScript()
            s.frame(0, [(1, 20, 20, .began)])
            s.frame(t2, [(1, 20, 20, .stationary), (2, 200, 20, .began)])
            for k in 1...20 {
                s.frame(t2 + Double(k) * 0.01, [(1, 20 - Double(k) * 0.1, 20, .moved), (2, 200 + Double(k) * 2, 20, .moved)])
            }
            s.frame(t2 + 0.21, [(1, 18, 20, .ended), (2, 240, 20, .ended)])
            return s
        }
        func magnifications(_ s: TouchScript, reject: Bool) -> [Double] {
            var c = s.configuration
            c.rejectsFarApartSimultaneousTouches = reject
            var r = PanZoomRotateRecognizer(configuration: c)
            return replay(s.frames, through: &r).compactMap(\.transformValue).map(\.magnification)
        }
        let quick = script(secondAt: 0.005)
        #expect(magnifications(quick, reject: true).allSatisfy { $0 == 1 })
        // Finger 1 alone moved 2 mm: below the slop, so it is a tap on a single-tap screen.
        var c = quick.configuration
        c.rejectsFarApartSimultaneousTouches = true
        var tap = TapRecognizer(maximumCount: 1, configuration: c)
        #expect(replay(quick.frames, through: &tap).compactMap(\.tapCount) == [1])
        // Without the rule, or 20 ms apart, it is a pinch: span 180 → 222 mm.
        let expected = (240.0 - 18.0) / 180.0
        #expect(abs((magnifications(quick, reject: false).last ?? 0) - expected) < 1e-9)
        #expect(abs((magnifications(script(secondAt: 0.02), reject: true).last ?? 0) - expected) < 1e-9)
    }

    @Test func touchAbsentFromAFrameKeepsItsPosition() {
        // libinput-style frames list only changed touches.
        var s = TouchScript()
        s.frame(0, [(1, 20, 20, .began), (2, 60, 20, .began)])
        s.frame(0.01, [(2, 64, 20, .moved)])
        var tracker = TouchTracker(configuration: s.configuration)
        _ = tracker.update(with: s.frames[0])
        let step = tracker.update(with: s.frames[1])
        #expect(step.sharedCount == 2)
        #expect(abs(step.translation.dx - 8) < 1e-9)            // (0 + 16 px) / 2
        #expect(abs(step.scale - 44.0 / 40) < 1e-12)            // span 40 → 44 mm
    }
}
