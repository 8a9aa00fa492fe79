import Evdev
import Foundation
import Gestures
@testable import Recording

/// A touchscreen description for synthetic recordings: X/Y 0…1000 at 10 units/mm (100 mm).
func syntheticDevice(slots: Bool = true, protocolA: Bool = false, fuzz: Int32 = 0, udev: [String] = []) -> InputDevice {
    var axes = [AbsoluteAxis(code: EvdevCode.ABS_X, minimum: 0, maximum: 999, fuzz: fuzz, resolution: 10),
                AbsoluteAxis(code: EvdevCode.ABS_Y, minimum: 0, maximum: 999, fuzz: fuzz, resolution: 10)]
    if slots || protocolA {
        axes += [AbsoluteAxis(code: EvdevCode.ABS_MT_POSITION_X, minimum: 0, maximum: 999, fuzz: fuzz, resolution: 10),
                 AbsoluteAxis(code: EvdevCode.ABS_MT_POSITION_Y, minimum: 0, maximum: 999, fuzz: fuzz, resolution: 10)]
    }
    if slots && !protocolA {
        axes += [AbsoluteAxis(code: EvdevCode.ABS_MT_SLOT, minimum: 0, maximum: 9),
                 AbsoluteAxis(code: EvdevCode.ABS_MT_TRACKING_ID, minimum: 0, maximum: 65535)]
    }
    return InputDevice(name: "Synthetic Touch", id: .init(bustype: 3, vendor: 1, product: 2, version: 3),
                       codes: [EvdevCode.EV_KEY: [EvdevCode.BTN_TOUCH]], axes: axes,
                       properties: [EvdevCode.INPUT_PROP_DIRECT], udevProperties: udev)
}

/// Builds frames from (time µs, [events without time]) lists; appends SYN_REPORT.
func makeFrames(_ spec: [(Int64, [(UInt16, UInt16, Int32)])]) -> [EvdevFrame] {
    spec.map { time, events in
        var list = events.map { InputEvent(time: time, type: $0.0, code: $0.1, value: $0.2) }
        list.append(InputEvent(time: time, type: 0, code: 0, value: 0))
        return EvdevFrame(time: time, events: list)
    }
}

let ABS = EvdevCode.EV_ABS, SYN = EvdevCode.EV_SYN, KEY = EvdevCode.EV_KEY
let SLOT = EvdevCode.ABS_MT_SLOT, TID = EvdevCode.ABS_MT_TRACKING_ID
let MTX = EvdevCode.ABS_MT_POSITION_X, MTY = EvdevCode.ABS_MT_POSITION_Y

/// Records what a replay did, in order.
struct LoggingTarget: ReplayTarget {
    var recognizer = PanZoomRotateRecognizer(configuration: GestureConfiguration(pixelsPerMillimetre: 10))
        .simultaneously(with: TapRecognizer(maximumCount: 2, configuration: GestureConfiguration(pixelsPerMillimetre: 10)))
    var totals = GestureTotals()
    var log: [String] = []
    mutating func handle(_ frame: TouchFrame) {
        totals.observe(frame)
        recognizer.handle(frame, into: &totals)
        log.append("frame \(frame.timestamp)")
    }
    var nextDeadline: Double? { recognizer.nextDeadline }
    mutating func advance(to time: Double) {
        let before = totals.taps
        recognizer.advance(to: time, into: &totals)
        if totals.taps != before { log.append("tap-timer \(time)") }
    }
    mutating func displayFrame(index: Int, time: Double) { log.append("display \(index)") }
    var isSettled: Bool { recognizer.nextDeadline == nil && recognizer.state != .active && recognizer.state != .possible }
}
