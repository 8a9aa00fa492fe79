import Testing
import Foundation
import Geometry
@testable import Gestures

/// Synthetic multi-finger motions with analytically known answers (positions in mm, 4 px/mm).
struct PanZoomRotateRecognizerTests {
    /// Frames of fingers following `positions(k)` (mm) for k = 0...steps, 10 ms apart, all
    /// landing at k = 0 and lifting one frame after the last.
    static func script(steps: Int, _ positions: (Int) -> [(Double, Double)]) -> TouchScript {
        var s = TouchScript()
        for k in 0...steps {
            let p = positions(k)
            s.frame(Double(k) * 0.01, p.enumerated().map { ($0.offset + 1, $0.element.0, $0.element.1, k == 0 ? .began : .moved) })
        }
        let last = positions(steps)
        s.frame(Double(steps + 1) * 0.01, last.enumerated().map { ($0.offset + 1, $0.element.0, $0.element.1, .ended) })
        return s
    }

    static func run(_ s: TouchScript) -> [GestureEvent] {
        var r = PanZoomRotateRecognizer(configuration: s.configuration)
        return replay(s.frames, through: &r)
    }

    @Test func rotationThroughHalfTurnsAccumulates() throws {
        // Two fingers 60 mm apart turning three half-turns (540°) about (100, 100) mm in 1° steps.
        let s = Self.script(steps: 540) { k in
            let a = Double(k) * .pi / 180
            return [(100 + 30 * cos(a), 100 + 30 * sin(a)), (100 - 30 * cos(a), 100 - 30 * sin(a))]
        }
        let events = Self.run(s)
        let v = try #require(events.compactMap(\.transformValue).last)
        #expect(abs(v.rotation - 3 * .pi) < 1e-9)
        #expect(abs(v.magnification - 1) < 1e-12)
        #expect(v.translation.length < 1e-9)
        // No value ever steps by more than the 1° the fingers turned in a frame.
        let rotations = events.compactMap(\.transformValue).map(\.rotation)
        for (a, b) in zip(rotations, rotations.dropFirst()) { #expect(abs(b - a) < 1.0001 * .pi / 180) }
        // Glued: the start positions map onto the end positions (finger 1 ends at 180°).
        let p = s.point(130, 100).applying(v.transform)
        #expect(p.distance(to: s.point(70, 100)) < 1e-8)
    }

    @Test func counterRotationNeverWraps() throws {
        // +170° then back by 10°: 160°, not 160° − 360°.
        let s = Self.script(steps: 180) { k in
            let a = Double(k <= 170 ? k : 340 - k) * .pi / 180
            return [(100 + 30 * cos(a), 100 + 30 * sin(a)), (100 - 30 * cos(a), 100 - 30 * sin(a))]
        }
        let v = try #require(Self.run(s).compactMap(\.transformValue).last)
        #expect(abs(degrees(v.rotation) - 160) < 1e-9)
    }

    @Test func similarityMotionIsGluedUnderThreeFingers() throws {
        // Three fingers undergo p(t) = c0 + d(t) + s(t)·R(θ(t))·(p0 − c0): s 1 → 1.5, θ 0 → 30°, d → (40, −25) mm.
        let p0: [(Double, Double)] = [(80, 90), (130, 100), (100, 140)]
        let c0 = (p0.map(\.0).reduce(0, +) / 3, p0.map(\.1).reduce(0, +) / 3)
        let steps = 100
        func at(_ k: Int) -> [(Double, Double)] {
            let f = Double(k) / Double(steps)
            let sc = 1 + 0.5 * f, th = f * .pi / 6, dx = 40 * f, dy = -25 * f
            return p0.map { p in
                let ux = p.0 - c0.0, uy = p.1 - c0.1
                return (c0.0 + dx + sc * (cos(th) * ux - sin(th) * uy), c0.1 + dy + sc * (sin(th) * ux + cos(th) * uy))
            }
        }
        let s = Self.script(steps: steps, at)
        let v = try #require(Self.run(s).compactMap(\.transformValue).last)
        #expect(abs(v.magnification - 1.5) < 1e-9)
        #expect(abs(v.rotation - .pi / 6) < 1e-9)
        #expect((v.translation - Vector(dx: 160, dy: -100)).length < 1e-8)  // (40, −25) mm at 4 px/mm
        for (a, b) in zip(p0, at(steps)) {
            #expect(s.point(a.0, a.1).applying(v.transform).distance(to: s.point(b.0, b.1)) < 1e-8)
        }
    }

    @Test func staysGluedWhileFingersLandAndLift() throws {
        // The hand follows one similarity motion (s 1 → 0.6, θ 0 → −50°, d → (−30, 20) mm);
        // finger 3 lands at frame 30, finger 1 lifts at frame 70. The chart point under
        // finger 2 at the start must end under finger 2.
        let p0: [(Double, Double)] = [(80, 90), (140, 100), (110, 150)]
        let c0 = (110.0, 110.0)
        let steps = 100
        func at(_ k: Int, _ i: Int) -> (Double, Double) {
            let f = Double(k) / Double(steps)
            let sc = 1 - 0.4 * f, th = -f * 50 * .pi / 180
            let ux = p0[i].0 - c0.0, uy = p0[i].1 - c0.1
            return (c0.0 - 30 * f + sc * (cos(th) * ux - sin(th) * uy), c0.1 + 20 * f + sc * (sin(th) * ux + cos(th) * uy))
        }
        var s = TouchScript()
        for k in 0...steps {
            var t: [(Int, Double, Double, TouchFrame.Touch.Phase)] = []
            if k <= 70 { let p = at(k, 0); t.append((1, p.0, p.1, k == 0 ? .began : k == 70 ? .ended : .moved)) }
            let q = at(k, 1); t.append((2, q.0, q.1, k == 0 ? .began : .moved))
            if k >= 30 { let r = at(k, 2); t.append((3, r.0, r.1, k == 30 ? .began : .moved)) }
            s.frame(Double(k) * 0.01, t)
        }
        s.frame(1.01, [(2, at(steps, 1).0, at(steps, 1).1, .ended), (3, at(steps, 2).0, at(steps, 2).1, .ended)])
        let v = try #require(Self.run(s).compactMap(\.transformValue).last)
        let start = s.point(p0[1].0, p0[1].1), end = s.point(at(steps, 1).0, at(steps, 1).1)
        #expect(start.applying(v.transform).distance(to: end) < 1e-8)
        #expect(abs(v.magnification - 0.6) < 1e-9)
        #expect(abs(degrees(v.rotation) + 50) < 1e-9)
    }

    @Test func pinchWhoseFingersCrossBesideEachOther() throws {
        // Fingers 10 mm apart vertically slide past each other: the line between them turns
        // from atan2(10, 60) to atan2(10, −60) through 90°, and the span comes back to 60.8 mm.
        let s = Self.script(steps: 120) { k in
            let x = -30 + Double(k) * 0.5
            return [(100 + x, 95), (100 - x, 105)]
        }
        let events = Self.run(s)
        let v = try #require(events.compactMap(\.transformValue).last)
        let expected = atan2(10.0, -60.0) - atan2(10.0, 60.0)
        #expect(abs(v.rotation - expected) < 1e-9)
        #expect(abs(v.magnification - 1) < 1e-9)
    }

    @Test func pinchWhoseFingersCrossHeadOn() throws {
        // Head-on crossing: the span passes through 0; below 8 mm scale and rotation freeze,
        // so no flip and no explosion; symmetric motion brings the magnification back to 1.
        let s = Self.script(steps: 120) { k in
            let x = -30 + Double(k) * 0.5
            return [(100 + x, 100), (100 - x, 100)]
        }
        let values = Self.run(s).compactMap(\.transformValue)
        #expect(values.allSatisfy { $0.magnification.isFinite && $0.magnification > 0 && $0.rotation == 0 })
        let minimum = values.map(\.magnification).min() ?? 0
        #expect(abs(minimum - 8.0 / 60) < 1e-9)  // frozen at the 8 mm span
        #expect(abs((values.last?.magnification ?? 0) - 1) < 1e-9)
    }

    @Test func fingersCloserThanMinimumSpanOnlyTranslate() throws {
        // 5 mm apart, turning 90° and spreading to 7 mm while moving 10 mm right.
        let s = Self.script(steps: 50) { k in
            let f = Double(k) / 50, a = f * .pi / 2, half = 2.5 + f
            let cx = 100 + 10 * f
            return [(cx - half * cos(a), 100 - half * sin(a)), (cx + half * cos(a), 100 + half * sin(a))]
        }
        let values = Self.run(s).compactMap(\.transformValue)
        let v = try #require(values.last)
        #expect(values.allSatisfy { $0.magnification == 1 && $0.rotation == 0 })
        #expect((v.translation - Vector(dx: 40, dy: 0)).length < 1e-9)
    }

    @Test func landingAndLiftingNeverJump() throws {
        // Two fingers move 1 mm right per frame; a third lands far away at frame 10 and lifts
        // at frame 20; the first lifts at frame 30. Every frame's focal step is exactly 1 mm.
        var s = TouchScript()
        for k in 0...40 {
            let x = Double(k)
            var t: [(Int, Double, Double, TouchFrame.Touch.Phase)] = []
            if k < 30 { t.append((1, 50 + x, 50, k == 0 ? .began : .moved)) } else if k == 30 { t.append((1, 79, 50, .ended)) }
            t.append((2, 50 + x, 90, k == 0 ? .began : .moved))
            if k == 10 { t.append((3, 250, 200, .began)) }
            if k > 10 && k < 20 { t.append((3, 240 + x, 200, .moved)) }
            if k == 20 { t.append((3, 259, 200, .ended)) }
            s.frame(Double(k) * 0.01, t)
        }
        s.frame(0.41, [(2, 90, 90, .ended)])
        let values = Self.run(s).compactMap(\.transformValue)
        let focal = values.map(\.focalPoint)
        #expect(values.count >= 30)
        for (a, b) in zip(focal, focal.dropFirst()) {
            #expect(abs(a.distance(to: b) - 4) < 1e-9 || a.distance(to: b) < 1e-9)
        }
        let v = try #require(values.last)
        #expect(abs(v.translation.dx - 160) < 1e-9 && abs(v.translation.dy) < 1e-9)
        #expect(v.magnification == 1 || abs(v.magnification - 1) < 1e-12)
    }

    @Test func thresholdsDelayButNeverEatRotation() throws {
        // A slow 30° twist, 60 mm span: the rotate gesture starts late but reports from the landing.
        let s = Self.script(steps: 300) { k in
            let a = Double(k) * .pi / 1800
            return [(100 + 30 * cos(a), 100 + 30 * sin(a)), (100 - 30 * cos(a), 100 - 30 * sin(a))]
        }
        var r = RotateRecognizer(configuration: s.configuration)
        let events = replay(s.frames, through: &r)
        guard case .rotateChanged(let first)? = events.first else { Issue.record("no rotateChanged"); return }
        #expect(first.rotation >= 5 * .pi / 180 && first.rotation < 5.2 * .pi / 180)
        guard case .rotateEnded(let last)? = events.last else { Issue.record("no rotateEnded"); return }
        #expect(abs(last.rotation - .pi / 6) < 1e-9)
        var m = MagnifyRecognizer(configuration: s.configuration)
        #expect(replay(s.frames, through: &m).isEmpty)  // no scale change, no magnify gesture
    }

    @Test func cancelResetsWithoutEnd() throws {
        var s = TouchScript()
        for k in 0...20 {
            let x = Double(k)
            s.frame(Double(k) * 0.01, [(1, 50 - x, 50, k == 0 ? .began : .moved), (2, 100 + x, 50, k == 0 ? .began : .moved)])
        }
        s.frame(0.21, [(1, 30, 50, .cancelled), (2, 120, 50, .moved)])
        s.frame(0.22, [(2, 125, 50, .moved)])
        s.frame(0.23, [(2, 130, 50, .ended)])
        // A fresh drag afterwards works.
        s.stroke(id: 3, from: (50, 50), to: (70, 50), start: 0.5, duration: 0.2, steps: 20)
        var r = PanZoomRotateRecognizer(configuration: s.configuration)
        let events = replay(s.frames, through: &r)
        let cancelIndex = try #require(events.firstIndex(of: .cancelled(.transform, time: 0.21)))
        let before = events[..<cancelIndex], after = events[(cancelIndex + 1)...]
        #expect(before.allSatisfy { if case .transformChanged = $0 { return true } else { return false } })
        #expect(after.allSatisfy { ($0.transformValue?.time ?? 0) >= 0.5 })
        let ends = after.filter { if case .transformEnded = $0 { return true } else { return false } }
        #expect(ends.count == 1)
        #expect(abs((ends.first?.transformValue?.translation.dx ?? 0) - 80) < 1e-9)
        // A drag cancelled mid-way reports a cancel and no end.
        var pan = TouchScript()
        for k in 0...20 { pan.frame(Double(k) * 0.01, [(1, 50 + Double(k), 50, k == 0 ? .began : .moved)]) }
        pan.frame(0.21, [(1, 70, 50, .cancelled)])
        var d = DragRecognizer(configuration: pan.configuration)
        let drag = replay(pan.frames, through: &d)
        #expect(drag.last == .cancelled(.drag, time: 0.21))
        #expect(drag.dropLast().allSatisfy { if case .dragChanged = $0 { return true } else { return false } })
    }

    @Test func simultaneousDragMagnifyRotate() throws {
        // The chart's composition: all three see a pinch-rotate-pan.
        let s = Self.script(steps: 100) { k in
            let f = Double(k) / 100, a = f * .pi / 4, r = 20 + 20 * f
            return [(100 + 30 * f + r * cos(a), 100 + r * sin(a)), (100 + 30 * f - r * cos(a), 100 - r * sin(a))]
        }
        let c = s.configuration
        var g = DragRecognizer(configuration: c).simultaneously(with: MagnifyRecognizer(configuration: c))
            .simultaneously(with: RotateRecognizer(configuration: c))
        let events = replay(s.frames, through: &g)
        var drag: DragValue?, mag: MagnifyValue?, rot: RotateValue?
        for e in events {
            switch e {
            case .dragEnded(let v): drag = v
            case .magnifyEnded(let v): mag = v
            case .rotateEnded(let v): rot = v
            default: break
            }
        }
        #expect(abs((drag?.translation.dx ?? 0) - 120) < 1e-9)
        #expect(abs((mag?.magnification ?? 0) - 2) < 1e-9)
        #expect(abs((rot?.rotation ?? 0) - .pi / 4) < 1e-9)
    }
}
