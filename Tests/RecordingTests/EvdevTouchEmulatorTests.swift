import Evdev
import Foundation
import Testing
import Geometry
import Gestures
@testable import Recording

@Suite struct EvdevTouchEmulatorTests {
    let mapping = DisplayMapping(size: Size(width: 1000, height: 1000))  // 1 px per device unit

    func run(_ device: InputDevice, _ frames: [EvdevFrame], mapping: DisplayMapping? = nil) throws -> [TouchFrame] {
        try InputRecording(device: device, frames: frames, format: .evemu).touchFrames(mapping: mapping ?? self.mapping)
    }

    /// Two fingers: land, move, one lifts, the other lifts — as protocol B and as protocol A.
    @Test func protocolAAndBGiveTheSameFrames() throws {
        let b = makeFrames([
            (0, [(ABS, SLOT, 0), (ABS, TID, 10), (ABS, MTX, 100), (ABS, MTY, 200), (ABS, SLOT, 1), (ABS, TID, 11), (ABS, MTX, 700), (ABS, MTY, 800)]),
            (10_000, [(ABS, SLOT, 0), (ABS, MTX, 120), (ABS, SLOT, 1), (ABS, MTY, 780)]),
            (20_000, [(ABS, SLOT, 0), (ABS, TID, -1), (ABS, SLOT, 1), (ABS, MTX, 690)]),
            (30_000, [(ABS, SLOT, 1), (ABS, TID, -1)]),
        ])
        let a = makeFrames([
            (0, [(ABS, MTX, 100), (ABS, MTY, 200), (SYN, 2, 0), (ABS, MTX, 700), (ABS, MTY, 800), (SYN, 2, 0)]),
            (10_000, [(ABS, MTX, 700), (ABS, MTY, 780), (SYN, 2, 0), (ABS, MTX, 120), (ABS, MTY, 200), (SYN, 2, 0)]),
            (20_000, [(ABS, MTX, 690), (ABS, MTY, 780), (SYN, 2, 0)]),
            (30_000, []),
        ])
        let fb = try run(syntheticDevice(), b)
        let fa = try run(syntheticDevice(protocolA: true), a)
        #expect(fa == fb)
        #expect(fb.count == 4)
        #expect(fb[1].touches == [.init(id: 0, location: Point(x: 120, y: 200), phase: .moved),
                                  .init(id: 1, location: Point(x: 700, y: 780), phase: .moved)])
        #expect(fb[2].touches == [.init(id: 0, location: Point(x: 120, y: 200), phase: .ended),
                                  .init(id: 1, location: Point(x: 690, y: 780), phase: .moved)])
        #expect(fb[3].touches.map(\.phase) == [.ended])
    }

    @Test func singleTouchDevice() throws {
        let f = makeFrames([
            (0, [(ABS, EvdevCode.ABS_X, 300), (ABS, EvdevCode.ABS_Y, 400), (KEY, EvdevCode.BTN_TOUCH, 1)]),
            (8000, [(ABS, EvdevCode.ABS_X, 310)]),
            (16000, [(KEY, EvdevCode.BTN_TOUCH, 0)]),
        ])
        let out = try run(syntheticDevice(slots: false), f)
        #expect(out.map { $0.touches.map(\.phase) } == [[.began], [.moved], [.ended]])
        #expect(out[1].touches[0].location == Point(x: 310, y: 400))
    }

    /// fuzz 10 → margin 5: a 3-unit wobble is swallowed (no frame); a 20-unit move along x
    /// drags the centre to 5 units behind the finger, like libinput's evdev_hysteresis.
    @Test func hysteresisFollowsLibinput() throws {
        let f = makeFrames([
            (0, [(ABS, SLOT, 0), (ABS, TID, 1), (ABS, MTX, 500), (ABS, MTY, 500)]),
            (5000, [(ABS, MTX, 503)]),
            (10000, [(ABS, MTX, 520)]),
            (15000, [(ABS, MTY, 500 + 20)]),
        ])
        let out = try run(syntheticDevice(fuzz: 10), f)
        #expect(out.count == 3)
        #expect(out[1].touches[0].location == Point(x: 515, y: 500))
        #expect(out[1].timestamp == 0.01)
        // From centre (515, 500) to finger (520, 520): normalized distance sqrt(1 + 16) > 1,
        // lag along the finger vector on the ellipse: x lag 5/sqrt(17)·1… computed independently:
        let dx = 5.0, dy = 20.0, a = 5.0
        let nd = (dx * dx / (a * a) + dy * dy / (a * a)).squareRoot()
        let md = (dx * dx + dy * dy).squareRoot() / nd
        let lagX = md / ((dy / dx) * (dy / dx) + 1).squareRoot()
        let lagY = ((md + lagX) * (md - lagX)).squareRoot()
        #expect(out[2].touches[0].location == Point(x: Double(Int(520 - lagX)), y: Double(Int(520 - lagY))))
    }

    @Test func calibrationAndRotation() throws {
        let f = makeFrames([(0, [(ABS, SLOT, 0), (ABS, TID, 1), (ABS, MTX, 250), (ABS, MTY, 100)])])
        // 180° calibration (udev doc): x' = 1 − x, y' = 1 − y.
        let flipped = try run(syntheticDevice(udev: ["LIBINPUT_CALIBRATION_MATRIX=-1 0 1 0 -1 1"]), f)
        #expect(flipped[0].touches[0].location == Point(x: 750, y: 900))
        // Display turned 90° clockwise, picture 600×400: panel (0.25, 0.1) → (0.1·600, 0.75·400).
        let turned = try run(syntheticDevice(), f, mapping: DisplayMapping(size: Size(width: 600, height: 400), rotation: .degrees90))
        #expect(turned[0].touches[0].location == Point(x: 60, y: 300))
        let r270 = try run(syntheticDevice(), f, mapping: DisplayMapping(size: Size(width: 600, height: 400), rotation: .degrees270))
        #expect(r270[0].touches[0].location == Point(x: 540, y: 100))
        #expect(DisplayRotation(degrees: -90) == .degrees270)
        #expect(DisplayRotation(degrees: 45) == nil)
    }

    @Test func palmCancelsAndSynDroppedCancels() throws {
        let f = makeFrames([
            (0, [(ABS, SLOT, 0), (ABS, TID, 1), (ABS, MTX, 100), (ABS, MTY, 100)]),
            (5000, [(ABS, EvdevCode.ABS_MT_TOOL_TYPE, EvdevCode.MT_TOOL_PALM)]),
            (10000, [(ABS, TID, -1)]),
            (15000, [(ABS, TID, 2), (ABS, MTX, 200), (ABS, MTY, 200)]),
            (20000, [(SYN, EvdevCode.SYN_DROPPED, 0), (ABS, MTX, 900)]),
        ])
        let out = try run(syntheticDevice(), f)
        #expect(out.map { $0.touches.map(\.phase) } == [[.began], [.cancelled], [.began], [.cancelled]])
    }

    @Test func windowStartsTouchesAlreadyDown() throws {
        let frames = (0...10).map { k in
            TouchFrame(timestamp: Double(k) * 0.1, touches: [.init(id: 0, location: Point(x: Double(k), y: 0), phase: k == 0 ? .began : .moved)])
        }
        let w = TouchFrameWindow.apply(frames, from: 0.35, to: 0.75)
        #expect(w.first == TouchFrame(timestamp: 0.35, touches: [.init(id: 0, location: Point(x: 3, y: 0), phase: .began)]))
        #expect(w.dropFirst().first?.timestamp == 0.4)
        #expect(w.last == TouchFrame(timestamp: 0.75, touches: [.init(id: 0, location: Point(x: 7, y: 0), phase: .cancelled)]))
        #expect(w.count == 6)
    }

    /// Frames, a double-tap window timer and display ticks interleave in time order.
    @Test func timelineFiresTimersBetweenFrames() {
        let p = Point(x: 100, y: 100)
        let frames = [TouchFrame(timestamp: 0.0, touches: [.init(id: 0, location: p, phase: .began)]),
                      TouchFrame(timestamp: 0.05, touches: [.init(id: 0, location: p, phase: .ended)])]
        var target = LoggingTarget()
        let n = ReplayTimeline(frames: frames, frameRate: 10).run(&target)
        // The single tap is confirmed when its 300 ms window closes at 0.35 s, between ticks 3 and 4.
        #expect(target.log == ["frame 0.0", "display 0", "frame 0.05", "display 1", "display 2", "display 3",
                               "tap-timer 0.35", "display 4"])
        #expect(n == 5)
        #expect(target.totals.taps == 1)
    }
}
