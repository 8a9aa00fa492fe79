import Evdev
import Geometry
import Gestures

/// libinput's touchscreen path (evdev-fallback) for recorded evdev frames: kernel slots and
/// tracking ids (protocol B), `SYN_MT_REPORT` contacts matched into slots like mtdev
/// (protocol A), `ABS_X/ABS_Y` + `BTN_TOUCH` single-touch devices; fuzz hysteresis on
/// multitouch positions (margin fuzz/2, elliptical, as `evdev_hysteresis`); seat slots
/// allocated lowest-free with libinput's limit of 32; `MT_TOOL_PALM` cancels; the calibration
/// matrix in normalized space; then the shared `TouchFrameAssembler`.
///
/// One `process(_:)` per kernel frame; it returns the `TouchFrame` libinput's TOUCH_FRAME
/// would carry, or nil when the frame produced no touch event (e.g. motion swallowed by the
/// hysteresis).
public struct EvdevTouchEmulator: Sendable {
    enum Mode: Sendable { case slots, protocolA, singleTouch }
    enum SlotState: Sendable { case none, begin, update, end }

    struct Slot: Sendable {
        var active = false          // down as far as libinput is concerned
        var state = SlotState.none  // pending change for the next SYN_REPORT
        var dirty = false
        var x: Int32 = 0, y: Int32 = 0
        var center = (x: Int32(0), y: Int32(0))
        var seatSlot = -1
        var palm = false
        var ignored = false          // landed as a palm or without a seat slot: no events until it lifts
    }

    public let device: InputDevice
    public private(set) var assembler: TouchFrameAssembler
    let mode: Mode
    let xAxis: AbsoluteAxis, yAxis: AbsoluteAxis
    let calibration: CalibrationMatrix
    let margin: (x: Int32, y: Int32)
    let wantsHysteresis: Bool
    var slots: [Slot]
    var currentSlot = 0
    var seatSlotsInUse = [Bool](repeating: false, count: TouchFrameAssembler.seatSlotCount)
    var dropping = false
    // Protocol A: contacts of the frame being read.
    var contacts: [(x: Int32, y: Int32)] = []
    var contactX: Int32?, contactY: Int32?
    // Single touch.
    var touchButton = false

    /// Refuses devices that are not touchscreens, with the reason.
    public init(device: InputDevice, mapping: DisplayMapping) throws(RecordingError) {
        if let refusal = device.touchscreenRefusal {
            throw RecordingError(file: "", line: nil, message: refusal + "; only touchscreens can be replayed")
        }
        guard let (x, y) = device.positionAxes else {
            throw RecordingError(file: "", line: nil, message: "device \"\(device.name)\" has no X/Y axes")
        }
        guard x.maximum > x.minimum, y.maximum > y.minimum else {
            throw RecordingError(file: "", line: nil,
                                 message: "device \"\(device.name)\": X/Y axis range is empty (min \(x.minimum) max \(x.maximum), min \(y.minimum) max \(y.maximum))")
        }
        self.device = device
        assembler = TouchFrameAssembler(mapping: mapping)
        xAxis = x; yAxis = y
        if let c = mapping.calibration { calibration = c } else { calibration = try device.calibrationMatrix() }
        if !device.isMultitouch {
            mode = .singleTouch
            slots = [Slot()]
        } else if device.usesProtocolA {
            mode = .protocolA
            slots = [Slot](repeating: Slot(), count: 10)  // mtdev's slot count in libinput
        } else {
            mode = .slots
            let count = Int((device.axis(EvdevCode.ABS_MT_SLOT)?.maximum ?? 0)) + 1
            slots = [Slot](repeating: Slot(), count: min(max(count, 1), 256))
        }
        // libinput restores the fuzz it reset in the kernel from LIBINPUT_FUZZ_XX.
        func fuzz(_ axis: AbsoluteAxis) -> Int32 {
            let key = "LIBINPUT_FUZZ_" + String(String(axis.code, radix: 16, uppercase: true).leftPadded(to: 2))
            let restored = device.udevProperty(key).flatMap { Int32($0) } ?? 0
            return max(axis.fuzz, restored)
        }
        let fx = fuzz(x), fy = fuzz(y)
        margin = (fx / 2, fy / 2)
        wantsHysteresis = mode != .singleTouch && (fx != 0 || fy != 0)
    }

    /// Feeds one kernel frame (its events end with SYN_REPORT).
    public mutating func process(_ frame: EvdevFrame) -> TouchFrame? {
        for event in frame.events { handle(event) }
        return assembler.frame(time: Double(frame.time) / 1_000_000)
    }

    /// Cancels all touches (end of a replay window, device removal).
    public mutating func cancelAll(time: Double) -> TouchFrame? {
        for i in slots.indices where slots[i].active { cancel(i) }
        return assembler.frame(time: time)
    }

    mutating func handle(_ e: InputEvent) {
        if dropping {
            if e.isSynReport { dropping = false; for i in slots.indices where slots[i].active { cancel(i) } }
            return
        }
        switch e.type {
        case EvdevCode.EV_SYN:
            switch e.code {
            case EvdevCode.SYN_REPORT: flush()
            case EvdevCode.SYN_MT_REPORT where mode == .protocolA:
                if let x = contactX, let y = contactY { contacts.append((x, y)) }
                contactX = nil; contactY = nil
            case EvdevCode.SYN_DROPPED: dropping = true
            default: break
            }
        case EvdevCode.EV_ABS: handleAbsolute(e.code, e.value)
        case EvdevCode.EV_KEY where e.code == EvdevCode.BTN_TOUCH && mode == .singleTouch:
            let down = e.value != 0
            if down != touchButton {
                touchButton = down
                slots[0].state = down ? .begin : .end
                slots[0].dirty = true
            }
        default: break
        }
    }

    mutating func handleAbsolute(_ code: UInt16, _ value: Int32) {
        switch mode {
        case .singleTouch:
            if code == EvdevCode.ABS_X { slots[0].x = value; markMoved(0) }
            else if code == EvdevCode.ABS_Y { slots[0].y = value; markMoved(0) }
        case .protocolA:
            if code == EvdevCode.ABS_MT_POSITION_X { contactX = value }
            else if code == EvdevCode.ABS_MT_POSITION_Y { contactY = value }
        case .slots:
            switch code {
            case EvdevCode.ABS_MT_SLOT:
                currentSlot = Int(value)
            case EvdevCode.ABS_MT_TRACKING_ID:
                guard slots.indices.contains(currentSlot) else { return }
                if value >= 0 {
                    if slots[currentSlot].active || slots[currentSlot].ignored {
                        // A new tracking id without a −1 first: the old touch ends in this frame.
                        if slots[currentSlot].active { liftNow(currentSlot) }
                        slots[currentSlot].ignored = false
                    }
                    slots[currentSlot].state = .begin
                    slots[currentSlot].palm = false
                } else {
                    slots[currentSlot].state = slots[currentSlot].state == .begin ? .none : .end
                }
                slots[currentSlot].dirty = true
            case EvdevCode.ABS_MT_POSITION_X:
                guard slots.indices.contains(currentSlot) else { return }
                slots[currentSlot].x = value; markMoved(currentSlot)
            case EvdevCode.ABS_MT_POSITION_Y:
                guard slots.indices.contains(currentSlot) else { return }
                slots[currentSlot].y = value; markMoved(currentSlot)
            case EvdevCode.ABS_MT_TOOL_TYPE:
                guard slots.indices.contains(currentSlot) else { return }
                slots[currentSlot].palm = value == EvdevCode.MT_TOOL_PALM
                slots[currentSlot].dirty = true
            default: break
            }
        }
    }

    mutating func markMoved(_ i: Int) {
        if slots[i].state == .none { slots[i].state = .update }
        slots[i].dirty = true
    }

    /// SYN_REPORT: libinput's flush, slot by slot.
    mutating func flush() {
        if mode == .protocolA { matchContacts() }
        for i in slots.indices where slots[i].dirty {
            var s = slots[i]
            s.dirty = false
            switch s.state {
            case .begin:
                if s.palm {
                    s.ignored = true
                } else if let seat = seatSlotsInUse.firstIndex(of: false) {
                    seatSlotsInUse[seat] = true
                    s.seatSlot = seat; s.active = true; s.ignored = false
                    s.center = (s.x, s.y)
                    let (u, v) = normalized(s.x, s.y)
                    assembler.touchDown(seatSlot: seat, u: u, v: v)
                } else {
                    s.ignored = true  // no seat slot: libinput drops the touch silently
                }
            case .update:
                if s.active && s.palm {
                    slots[i] = s; cancel(i); s = slots[i]; s.ignored = true
                } else if s.active {
                    var p = (x: s.x, y: s.y)
                    if wantsHysteresis {
                        p = Self.hysteresis(p, center: s.center, margin: margin)
                        if p == s.center { break }
                        s.center = p
                    }
                    let (u, v) = normalized(p.x, p.y)
                    assembler.touchMotion(seatSlot: s.seatSlot, u: u, v: v)
                }
            case .end:
                if s.active {
                    assembler.touchUp(seatSlot: s.seatSlot)
                    seatSlotsInUse[s.seatSlot] = false
                    s.active = false; s.seatSlot = -1
                }
                s.ignored = false
            case .none:
                if s.active && s.palm { slots[i] = s; cancel(i); s = slots[i]; s.ignored = true }
            }
            s.state = .none
            slots[i] = s
        }
    }

    /// Ends the touch in slot `i` at once (a tracking-id change inside a frame).
    mutating func liftNow(_ i: Int) {
        assembler.touchUp(seatSlot: slots[i].seatSlot)
        seatSlotsInUse[slots[i].seatSlot] = false
        slots[i].active = false; slots[i].seatSlot = -1
    }

    mutating func cancel(_ i: Int) {
        guard slots[i].active else { return }
        assembler.touchCancel(seatSlot: slots[i].seatSlot)
        seatSlotsInUse[slots[i].seatSlot] = false
        slots[i].active = false; slots[i].seatSlot = -1; slots[i].state = .none; slots[i].dirty = false
    }

    /// Protocol A: the frame's contacts replace the previous set. Like mtdev, each contact
    /// continues the nearest previous one (pairs taken in order of increasing distance;
    /// ties by index, so the result is deterministic); the rest land or lift.
    mutating func matchContacts() {
        let found = contacts
        contacts.removeAll(keepingCapacity: true)
        contactX = nil; contactY = nil
        var pairs: [(d: Int64, slot: Int, contact: Int)] = []
        for i in slots.indices where slots[i].active || slots[i].ignored {
            for (j, c) in found.enumerated() {
                let dx = Int64(c.x) - Int64(slots[i].x), dy = Int64(c.y) - Int64(slots[i].y)
                pairs.append((dx * dx + dy * dy, i, j))
            }
        }
        pairs.sort { ($0.d, $0.slot, $0.contact) < ($1.d, $1.slot, $1.contact) }
        var slotTaken = [Bool](repeating: false, count: slots.count)
        var contactTaken = [Bool](repeating: false, count: found.count)
        for p in pairs where !slotTaken[p.slot] && !contactTaken[p.contact] {
            slotTaken[p.slot] = true; contactTaken[p.contact] = true
            if found[p.contact].x != slots[p.slot].x || found[p.contact].y != slots[p.slot].y {
                slots[p.slot].x = found[p.contact].x; slots[p.slot].y = found[p.contact].y
                markMoved(p.slot)
            }
        }
        for i in slots.indices where (slots[i].active || slots[i].ignored) && !slotTaken[i] {
            slots[i].state = .end; slots[i].dirty = true
        }
        for (j, c) in found.enumerated() where !contactTaken[j] {
            guard let i = slots.indices.first(where: { !slots[$0].active && !slots[$0].ignored && slots[$0].state != .begin }) else { break }
            slots[i].x = c.x; slots[i].y = c.y
            slots[i].state = .begin; slots[i].dirty = true
        }
    }

    /// Device units → calibrated normalized panel coordinates (`get_x_transformed(e, 1)`).
    /// libinput applies the calibration in device units (the matrix scaled by the axis ranges)
    /// and stores the result as integers, truncated: so does this, or a calibrated position would
    /// sit up to one device unit away from libinput's.
    func normalized(_ x: Int32, _ y: Int32) -> (Double, Double) {
        let u = (Double(x) - Double(xAxis.minimum)) / xAxis.range
        let v = (Double(y) - Double(yAxis.minimum)) / yAxis.range
        if calibration.isIdentity { return (u, v) }
        let (cu, cv) = calibration.apply(x: u, y: v)
        let cx = (cu * xAxis.range + Double(xAxis.minimum)).rounded(.towardZero)
        let cy = (cv * yAxis.range + Double(yAxis.minimum)).rounded(.towardZero)
        return ((cx - Double(xAxis.minimum)) / xAxis.range, (cy - Double(yAxis.minimum)) / yAxis.range)
    }

    /// libinput's `evdev_hysteresis`: the centre of an ellipse with radii `margin` dragged by
    /// the finger; inside the ellipse the centre stays.
    static func hysteresis(_ p: (x: Int32, y: Int32), center: (x: Int32, y: Int32), margin: (x: Int32, y: Int32)) -> (x: Int32, y: Int32) {
        let a = Double(margin.x), b = Double(margin.y)
        if margin.x == 0 || margin.y == 0 { return p }
        let dx = Double(p.x) - Double(center.x), dy = Double(p.y) - Double(center.y)
        let normalizedDistance = (dx * dx / (a * a) + dy * dy / (b * b)).squareRoot()
        if normalizedDistance < 1 { return center }
        let fingerDistance = (dx * dx + dy * dy).squareRoot()
        let marginDistance = fingerDistance / normalizedDistance
        let lagX: Double, lagY: Double
        if dx != 0 {
            let gradient = dy / dx
            lagX = marginDistance / (gradient * gradient + 1).squareRoot()
            lagY = ((marginDistance + lagX) * (marginDistance - lagX)).squareRoot()
        } else {
            lagX = 0; lagY = marginDistance
        }
        // libinput stores the result in integer device coordinates (truncation toward zero).
        let rx = Double(p.x) - (dx < 0 ? -lagX : lagX)
        let ry = Double(p.y) - (dy < 0 ? -lagY : lagY)
        return (Int32(clamping: Int64(rx.isFinite ? rx : Double(p.x))), Int32(clamping: Int64(ry.isFinite ? ry : Double(p.y))))
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
