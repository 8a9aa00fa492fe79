import Evdev
import Geometry
import Gestures
import Recording
import Testing
@testable import TouchInput

@Suite struct TouchFrameBuilderTests: TouchScriptRunning {
    @Test func oneFramePerTouchFrameWithKernelTime() {
        let out = frames(run([down(0, 0.5, 0.5, ms: 10), down(1, 0.25, 0.75, ms: 10), frame(ms: 10),
                              motion(0, 0.5, 0.6, ms: 20), frame(ms: 20)]))
        #expect(out.count == 2)
        #expect(out[0].timestamp == 0.010)
        #expect(out[0].touches.map(\.phase) == [.began, .began])
        // (u, v) · (1000, 500) at rotation 0.
        #expect(out[0].touches.map(\.location) == [Point(x: 500, y: 250), Point(x: 250, y: 375)])
        #expect(out[1].timestamp == 0.020)
        #expect(out[1].touches.map(\.phase) == [.moved, .stationary])
        #expect(out[1].touches[0].location == Point(x: 500, y: 300))
    }

    @Test func reusedSeatSlotGetsANewID() {
        let out = frames(run([down(0, 0.1, 0.1, ms: 0), frame(ms: 0), up(0, ms: 5), frame(ms: 5),
                              down(0, 0.9, 0.9, ms: 10), frame(ms: 10)]))
        #expect(out.count == 3)
        let first = out[0].touches[0].id
        #expect(out[1].touches == [TouchFrame.Touch(id: first, location: Point(x: 100, y: 50), phase: .ended)])
        #expect(out[2].touches.count == 1)
        #expect(out[2].touches[0].id > first)
        #expect(out[2].touches[0].phase == .began)
    }

    @Test func cancelEndsTheTouchAndLaterMotionOfItIsIgnored() {
        let out = frames(run([down(0, 0.1, 0.1, ms: 0), down(1, 0.2, 0.2, ms: 0), frame(ms: 0),
                              cancel(0, ms: 8), frame(ms: 8),
                              motion(0, 0.5, 0.5, ms: 16), frame(ms: 16)]))
        #expect(out.count == 2)  // the motion of the cancelled slot makes no frame
        let ids = out[0].touches.map(\.id)
        #expect(out[1].touches.map(\.id) == ids)
        #expect(out[1].touches.map(\.phase) == [.cancelled, .stationary])
        #expect(out[1].touches[0].location == Point(x: 100, y: 50))
    }

    @Test func frameWithoutAnyTouchEventGivesNothing() {
        #expect(run([frame(ms: 1), frame(ms: 2)]).isEmpty)
    }

    @Test func motionAndUpOfAnUnknownSlotAreIgnored() {
        #expect(run([motion(3, 0.5, 0.5, ms: 1), frame(ms: 1), up(4, ms: 2), cancel(5, ms: 2), frame(ms: 2)]).isEmpty)
        // …and do not disturb a touch that is down.
        let out = frames(run([down(0, 0.5, 0.5, ms: 0), frame(ms: 0), motion(3, 0.1, 0.1, ms: 5), frame(ms: 5)]))
        #expect(out.count == 1)
    }

    @Test func singleTouchSlotMinusOneCountsAsZero() {
        let out = frames(run([.touchDown(deviceID: 0, slot: -1, seatSlot: -1, u: 0.5, v: 0.5, time: 0), frame(ms: 0),
                              .touchMotion(deviceID: 0, slot: -1, seatSlot: -1, u: 0.6, v: 0.5, time: 1000), frame(ms: 1),
                              .touchUp(deviceID: 0, slot: -1, seatSlot: -1, time: 2000), frame(ms: 2)]))
        #expect(out.map { $0.touches.map(\.phase) } == [[.began], [.moved], [.ended]])
        #expect(out[1].touches[0].location == Point(x: 600, y: 250))
    }

    @Test func atMostThirtyTwoTouches() {
        var events = (0..<33).map { down($0, 0.01 * Double($0), 0.5, ms: 0, slot: $0) }
        events.append(frame(ms: 0))
        let out = frames(run(events))
        #expect(out.count == 1)
        #expect(out[0].touches.count == 32)
    }

    /// The panel point (u, v) lands where the turned picture shows it. Corners by hand: with the
    /// picture turned 90° clockwise its top-left corner is at the panel's top-right (u 1, v 0),
    /// and its top edge runs down the panel's right edge; 180° swaps both axes; 270° puts the
    /// picture's top-left at the panel's bottom-left (u 0, v 1).
    @Test(arguments: DisplayRotation.allCases)
    func rotationMapsPanelToPicture(_ rotation: DisplayRotation) {
        let size = Size(width: 1000, height: 500)
        let corner: (Double, Double)
        let expected: Point  // of (u 0.25, v 0.1)
        switch rotation {
        case .degrees0: corner = (0, 0); expected = Point(x: 250, y: 50)
        // v runs along the picture's x (left→right = panel top→bottom), u against its y.
        case .degrees90: corner = (1, 0); expected = Point(x: 100, y: 375)
        case .degrees180: corner = (1, 1); expected = Point(x: 750, y: 450)
        case .degrees270: corner = (0, 1); expected = Point(x: 900, y: 125)
        }
        let m = DisplayMapping(size: size, rotation: rotation)
        let out = frames(run([down(0, corner.0, corner.1, ms: 0), down(1, 0.25, 0.1, ms: 0), frame(ms: 0)], mapping: m))
        #expect(out[0].touches[0].location == Point(x: 0, y: 0))
        #expect(abs(out[0].touches[1].location.x - expected.x) < 1e-9)
        #expect(abs(out[0].touches[1].location.y - expected.y) < 1e-9)
    }

    /// libinput applies the calibration before the transformed getters; udev's documented
    /// 90° matrix "0 -1 1 1 0 0" turns the panel's top-left (0, 0) into (1, 0), and with the
    /// display rotation 90° on top the touch lands at the picture's top-left.
    @Test func calibrationThenRotation() {
        let calibration = CalibrationMatrix(udevValue: "0 -1 1 1 0 0")!
        let raw = (u: 0.0, v: 0.0)
        let c = calibration.apply(x: raw.u, y: raw.v)
        #expect(c.x == 1 && c.y == 0)
        let m = DisplayMapping(size: Size(width: 800, height: 600), rotation: .degrees90)
        let out = frames(run([down(0, c.x, c.y, ms: 0), frame(ms: 0)], mapping: m))
        #expect(out[0].touches[0].location == Point(x: 0, y: 0))
        // The panel's centre stays the picture's centre under any of them.
        let centre = calibration.apply(x: 0.5, y: 0.5)
        let out2 = frames(run([down(0, centre.x, centre.y, ms: 0), frame(ms: 0)], mapping: m))
        #expect(out2[0].touches[0].location == Point(x: 400, y: 300))
    }

    /// The same touches through Recording's evdev emulation and through the builder (fed the
    /// values libinput's getters return: calibrated in whole device units, then
    /// (x − min) / (max − min + 1))
    /// give identical frames, for every rotation.
    @Test(arguments: DisplayRotation.allCases)
    func builderAgreesWithTheReplayEmulation(_ rotation: DisplayRotation) throws {
        let device = InputDevice(
            name: "test panel", codes: [EvdevCode.EV_KEY: [EvdevCode.BTN_TOUCH]],
            axes: [AbsoluteAxis(code: EvdevCode.ABS_MT_SLOT, minimum: 0, maximum: 4),
                   AbsoluteAxis(code: EvdevCode.ABS_MT_POSITION_X, minimum: 100, maximum: 4195),
                   AbsoluteAxis(code: EvdevCode.ABS_MT_POSITION_Y, minimum: -50, maximum: 2997),
                   AbsoluteAxis(code: EvdevCode.ABS_MT_TRACKING_ID, minimum: 0, maximum: 65535)],
            properties: [EvdevCode.INPUT_PROP_DIRECT])
        let calibration = CalibrationMatrix(a: 0.9, b: 0.05, c: 0.03, d: -0.02, e: 1.1, f: -0.04)
        let mapping = DisplayMapping(size: Size(width: 1280, height: 800), rotation: rotation, calibration: calibration)
        // Two fingers: down, move, one lifts, the other moves, lifts.
        let script: [(t: Int64, slot: Int32, id: Int32?, x: Int32?, y: Int32?)] = [
            (0, 0, 7, 1000, 700), (0, 1, 8, 3000, 2000),
            (8000, 0, nil, 1100, 750), (8000, 1, nil, 2900, nil),
            (16000, 0, -1, nil, nil),
            (24000, 1, nil, 2500, 1500),
            (32000, 1, -1, nil, nil),
        ]
        var evdevFrames: [EvdevFrame] = []
        var libinputEvents: [TouchSourceEvent] = []
        var positions: [Int32: (x: Int32, y: Int32)] = [:]
        for t in Set(script.map(\.t)).sorted() {
            var events: [InputEvent] = []
            for s in script where s.t == t {
                events.append(InputEvent(time: t, type: EvdevCode.EV_ABS, code: EvdevCode.ABS_MT_SLOT, value: s.slot))
                if let id = s.id { events.append(InputEvent(time: t, type: EvdevCode.EV_ABS, code: EvdevCode.ABS_MT_TRACKING_ID, value: id)) }
                if let x = s.x { events.append(InputEvent(time: t, type: EvdevCode.EV_ABS, code: EvdevCode.ABS_MT_POSITION_X, value: x)) }
                if let y = s.y { events.append(InputEvent(time: t, type: EvdevCode.EV_ABS, code: EvdevCode.ABS_MT_POSITION_Y, value: y)) }
                var p = positions[s.slot] ?? (0, 0)
                p.x = s.x ?? p.x; p.y = s.y ?? p.y
                positions[s.slot] = p
                // What libinput hands out: the calibration applied in device units (the matrix
                // scaled by max − min + 1), kept as integers (truncated), then normalized.
                let c = calibration.apply(x: (Double(p.x) - 100) / 4096, y: (Double(p.y) + 50) / 3048)
                let calibrated = (x: (c.x * 4096 + 100).rounded(.towardZero), y: (c.y * 3048 - 50).rounded(.towardZero))
                let n = (x: (calibrated.x - 100) / 4096, y: (calibrated.y + 50) / 3048)
                let seat = Int(s.slot), time = UInt64(t)
                if s.id == -1 { libinputEvents.append(.touchUp(deviceID: 0, slot: seat, seatSlot: seat, time: time)) }
                else if s.id != nil { libinputEvents.append(.touchDown(deviceID: 0, slot: seat, seatSlot: seat, u: n.x, v: n.y, time: time)) }
                else { libinputEvents.append(.touchMotion(deviceID: 0, slot: seat, seatSlot: seat, u: n.x, v: n.y, time: time)) }
            }
            events.append(InputEvent(time: t, type: EvdevCode.EV_SYN, code: EvdevCode.SYN_REPORT, value: 0))
            evdevFrames.append(EvdevFrame(time: t, events: events))
            libinputEvents.append(.touchFrame(deviceID: 0, time: UInt64(t)))
        }
        let recording = InputRecording(device: device, frames: evdevFrames, format: .evemu)
        let emulated = try recording.touchFrames(mapping: mapping)
        let live = frames(run(libinputEvents, mapping: DisplayMapping(size: mapping.size, rotation: rotation)))
        #expect(emulated.count == 5)
        #expect(live == emulated)
    }
}
