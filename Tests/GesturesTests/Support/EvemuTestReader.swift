import Foundation
import Geometry
@testable import Gestures

/// Reads evemu recordings (`# EVEMU 1.x`, `N:`/`A:`/`E:` lines) and turns their evdev events
/// into `TouchFrame`s, for tests only (the Recording module will own the real reader).
///
/// * MT protocol B: ABS_MT_SLOT, ABS_MT_TRACKING_ID (−1 = lift), ABS_MT_POSITION_X/Y;
///   SYN_REPORT closes a frame whose time is the SYN_REPORT's time minus the first event's.
///   Every touch down gets a fresh id (kernel tracking ids and slots are reused).
/// * Single touch (no MT axes): ABS_X/ABS_Y and BTN_TOUCH.
/// * Protocol A (SYN_MT_REPORT) is rejected with an error (not needed by these tests).
/// * Device units → pixels: `(v − min) / unitsPerMillimetre × pixelsPerMillimetre`, with the
///   axis resolution as units/mm when the recording has one, otherwise an assumed panel size
///   (see `assumedPanelMillimetres`).
struct EvemuTestReader {
    struct Axis { var minimum = 0.0, maximum = 0.0, resolution = 0.0 }
    struct ReadError: Error, CustomStringConvertible {
        var description: String
    }
    struct Event { var time: Double; var type: Int; var code: Int; var value: Int }

    var name = ""
    var axes: [Int: Axis] = [:]
    var events: [Event] = []

    /// `descriptionPath` supplies `N:`/`A:` lines for event-only files (the Wacom E6 set).
    init(path: String, descriptionPath: String? = nil) throws {
        if let d = descriptionPath { try parse(try Self.text(d), file: d, eventsAllowed: false) }
        try parse(try Self.text(path), file: path, eventsAllowed: true)
        guard !events.isEmpty else { throw ReadError(description: "\(path): no E: event lines") }
    }

    private static func text(_ path: String) throws -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ReadError(description: "\(path): cannot read the file")
        }
        return String(decoding: data, as: UTF8.self)
    }

    private mutating func parse(_ text: String, file: String, eventsAllowed: Bool) throws {
        var lineNumber = 0
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            if raw.hasPrefix("N:") { name = raw.dropFirst(2).trimmingCharacters(in: .whitespaces); continue }
            let f = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard let tag = f.first else { continue }
            if tag == "A:" {
                guard f.count >= 5, let code = Int(f[1], radix: 16), let lo = Double(f[2]), let hi = Double(f[3]) else {
                    throw ReadError(description: "\(file):\(lineNumber): expected 'A: <code hex> <min> <max> <fuzz> <flat> [<res>]'")
                }
                axes[code] = Axis(minimum: lo, maximum: hi, resolution: f.count >= 7 ? Double(f[6]) ?? 0 : 0)
            } else if tag == "E:" && eventsAllowed {
                guard f.count >= 5, let t = Double(f[1]), let type = Int(f[2], radix: 16),
                      let code = Int(f[3], radix: 16), let value = Int(f[4]) else {
                    throw ReadError(description: "\(file):\(lineNumber): expected 'E: <sec.usec> <type hex> <code hex> <value>'")
                }
                events.append(Event(time: t, type: type, code: code, value: value))
            }
        }
    }

    /// Physical size assumed for panels whose recording has no axis resolution, mm (w, h).
    /// 3M: 22" 16:10; DTH2242: 21.5" 16:9; ISDv4 E6 (ThinkPad X220 Tablet): 12.5" 16:9;
    /// EP0430M09: 4.3" at the axes' 5:3; Atmel maXTouch: 7" at the axes' 5:3. Otherwise 10 units/mm.
    static func assumedPanelMillimetres(name: String) -> (Double, Double)? {
        if name.hasPrefix("3M") { return (474, 296) }
        if name.contains("DTH2242") { return (476.6, 268.1) }
        if name.contains("ISDv4 E6") { return (276.6, 155.6) }
        if name.hasPrefix("EP0430M09") { return (93.6, 56.2) }
        if name.hasPrefix("Atmel maXTouch") { return (152.4, 91.4) }
        return nil
    }

    /// Device units per millimetre on axis `code` (x: index 0 of the assumed size, y: 1).
    func unitsPerMillimetre(_ code: Int, isX: Bool) -> Double {
        let a = axes[code] ?? Axis(minimum: 0, maximum: 1000, resolution: 0)
        if a.resolution > 0 { return a.resolution }
        if let size = Self.assumedPanelMillimetres(name: name) {
            return (a.maximum - a.minimum) / (isX ? size.0 : size.1)
        }
        return 10
    }

    /// The frames of the recording on a panel of `pixelsPerMillimetre`.
    func frames(pixelsPerMillimetre ppmm: Double) throws -> [TouchFrame] {
        let ABS_X = 0x00, ABS_Y = 0x01, SLOT = 0x2f, MTX = 0x35, MTY = 0x36, TRACKING = 0x39
        let multitouch = axes[MTX] != nil
        let xCode = multitouch ? MTX : ABS_X, yCode = multitouch ? MTY : ABS_Y
        let xa = axes[xCode] ?? Axis(), ya = axes[yCode] ?? Axis()
        let sx = ppmm / unitsPerMillimetre(xCode, isX: true), sy = ppmm / unitsPerMillimetre(yCode, isX: false)

        struct Slot { var tracking = -1; var x = 0.0; var y = 0.0; var id = -1; var changed = false; var began = false }
        var slots = [Slot](repeating: Slot(), count: 64)
        var ended: [TouchFrame.Touch] = []
        var current = 0
        var nextId = 0
        var frames: [TouchFrame] = []
        let t0 = events.first?.time ?? 0
        var touchDown = false, stX = 0.0, stY = 0.0, stChanged = false, stId = -1, stBegan = false

        func px(_ v: Double) -> Double { (v - xa.minimum) * sx }
        func py(_ v: Double) -> Double { (v - ya.minimum) * sy }

        for e in events {
            switch (e.type, e.code) {
            case (0, 0):  // SYN_REPORT
                var touches = ended
                ended.removeAll()
                if multitouch {
                    for i in slots.indices where slots[i].id >= 0 {
                        let s = slots[i]
                        let phase: TouchFrame.Touch.Phase = s.began ? .began : s.changed ? .moved : .stationary
                        touches.append(.init(id: s.id, location: Point(x: px(s.x), y: py(s.y)), phase: phase))
                        slots[i].began = false; slots[i].changed = false
                    }
                } else if stId >= 0 {
                    let phase: TouchFrame.Touch.Phase = stBegan ? .began : stChanged ? .moved : .stationary
                    touches.append(.init(id: stId, location: Point(x: px(stX), y: py(stY)), phase: touchDown ? phase : .ended))
                    if !touchDown { stId = -1 }
                    stBegan = false; stChanged = false
                }
                touches.sort { $0.id < $1.id }
                frames.append(TouchFrame(timestamp: e.time - t0, touches: touches))
            case (0, 2):
                throw ReadError(description: "\(name): SYN_MT_REPORT (multitouch protocol A) is not supported by the test reader")
            case (3, SLOT) where multitouch:
                current = e.value
                guard current >= 0 && current < slots.count else {
                    throw ReadError(description: "\(name): ABS_MT_SLOT \(e.value) outside 0..<64")
                }
            case (3, TRACKING) where multitouch:
                var s = slots[current]
                if s.id >= 0 && (e.value < 0 || e.value != s.tracking) {
                    ended.append(.init(id: s.id, location: Point(x: px(s.x), y: py(s.y)), phase: .ended))
                    s.id = -1
                }
                if e.value >= 0 && s.id < 0 {
                    s.id = nextId; nextId += 1; s.began = true
                }
                s.tracking = e.value
                slots[current] = s
            case (3, MTX) where multitouch:
                slots[current].x = Double(e.value); slots[current].changed = true
            case (3, MTY) where multitouch:
                slots[current].y = Double(e.value); slots[current].changed = true
            case (3, ABS_X) where !multitouch:
                stX = Double(e.value); stChanged = true
            case (3, ABS_Y) where !multitouch:
                stY = Double(e.value); stChanged = true
            case (1, 0x14a) where !multitouch:  // BTN_TOUCH
                touchDown = e.value != 0
                if touchDown && stId < 0 { stId = nextId; nextId += 1; stBegan = true }
            default:
                break
            }
        }
        return frames
    }
}
