import Evdev
import Foundation
import Testing
import Geometry
import Gestures
@testable import Recording

@Suite struct EvemuReaderTests {
    static let header = """
    # EVEMU 1.3
    N: Test Panel
    I: 0018 04f3 0001 0100
    P: 02 00 00 00 00 00 00 00
    B: 00 0b 00 00 00 00 00 00 00
    B: 01 00 00 00 00 00 00 00 00
    B: 01 00 00 00 00 00 00 00 00
    B: 01 00 00 00 00 00 00 00 00
    B: 01 00 00 00 00 00 00 00 00
    B: 01 00 00 00 00 00 00 00 00
    B: 01 00 04 00 00 00 00 00 00
    A: 00 0 1279 0 0 12
    A: 01 0 767 0 0 12
    A: 2f 0 4 0 0 0
    A: 35 0 1279 0 0 12
    A: 36 0 767 0 0 12
    A: 39 0 65535 0 0 0

    """

    @Test func parsesDescriptionAndEvents() throws {
        let text = Self.header + """
        E: 100.000010 0003 0039 5
        E: 100.000010 0003 0035 640\t# EV_ABS / ABS_MT_POSITION_X 640
        E: 100.000010 0003 0036 384
        E: 100.000010 0001 014a 1
        E: 100.000010 0000 0000 0
        E: 100.016010 0003 0039 -1
        E: 100.016010 0000 0000 0

        """
        let r = try EvemuReader.parse(text, path: "t.evemu")
        #expect(r.device.name == "Test Panel")
        #expect(r.device.id == .init(bustype: 0x18, vendor: 0x4f3, product: 1, version: 0x100))
        #expect(r.device.properties == [1])
        #expect(r.device.codes[EvdevCode.EV_KEY] == [EvdevCode.BTN_TOUCH])
        #expect(r.device.axis(EvdevCode.ABS_MT_POSITION_X) == AbsoluteAxis(code: 0x35, minimum: 0, maximum: 1279, resolution: 12))
        #expect(r.frames.map(\.time) == [0, 16000])
        #expect(r.frames[0].events.count == 5)
        // 1280 units on 1280 px: unit = px; the panel is 1280/12 mm wide.
        let f = try r.touchFrames(mapping: DisplayMapping(size: Size(width: 1280, height: 768)))
        #expect(f.count == 2)
        #expect(f[0].touches == [.init(id: 0, location: Point(x: 640, y: 384), phase: .began)])
        #expect(f[1].touches == [.init(id: 0, location: Point(x: 640, y: 384), phase: .ended)])
        #expect(f[1].timestamp == 0.016)
    }

    @Test func truncatedAndMalformedFilesGiveTheLine() {
        // Cut between lines mid-frame: the unfinished frame is dropped with a warning naming its line.
        let cut = Self.header + "E: 1.000000 0003 0039 5\nE: 1.000000 0000 0000 0\nE: 1.010000 0003 0035 640\n"
        let r = try? EvemuReader.parse(cut, path: "cut.evemu")
        #expect(r?.frames.count == 1)
        #expect(r?.warnings.first?.hasPrefix("cut.evemu:20:") == true)
        // Cut inside a line.
        let cutLine = Self.header + "E: 1.000000 0003 0039 5\nE: 1.000000 0000 0000 0\nE: 1.0100\n"
        #expect {
            try EvemuReader.parse(cutLine, path: "cut.evemu")
        } throws: { ($0 as? RecordingError)?.line == 20 }
        let bad = Self.header + "E: 1.000000 0003 zz 5\n"
        #expect {
            try EvemuReader.parse(bad, path: "bad.evemu")
        } throws: { error in
            let e = error as? RecordingError
            return e?.line == 18 && e?.message.contains("E: <sec>.<usec>") == true
        }
        let badAxis = "N: x\nA: 00 0\n"
        #expect { try EvemuReader.parse(badAxis, path: "a.evemu") } throws: { ($0 as? RecordingError)?.line == 2 }
    }

    /// Seen while writing fuzz-recording (docs/fuzzing.md), then run through it: an 18-digit
    /// second overflowed the event's microsecond count (Int64), a trap; it is refused with its
    /// line. The latest second that fits, ⌊(Int64.max − 999999) / 10⁶⌋ = 9223372036853, still reads.
    @Test func secondsPastTheMicrosecondRangeAreRefused() throws {
        for late in ["999999999999999999.000000", "9223372036854.000000"] {
            #expect {
                try EvemuReader.parse(Self.header + "E: \(late) 0000 0000 0\n", path: "late.evemu")
            } throws: { error in
                let e = error as? RecordingError
                return e?.line == 18 && e?.message.contains("sec ≤ 9223372036853") == true
            }
        }
        let latest = try EvemuReader.parse(Self.header + "E: 9223372036853.999999 0000 0000 0\n", path: "latest.evemu")
        #expect(latest.frames.count == 1)
    }

    /// Found by fuzz-recording: a hex code of 16 or more digits overflowed while it was read (a
    /// trap); it is refused with its line. 15 hex digits (16¹⁵ < 2⁶³) are read, and then refused
    /// as a code above 0xffff like any other.
    @Test func longHexCodesAreRefused() {
        for code in [String(repeating: "9", count: 16), "01" + String(repeating: "9", count: 80), String(repeating: "f", count: 15)] {
            #expect {
                try EvemuReader.parse(Self.header + "E: 0.000001 0001 \(code) 1\n", path: "code.evemu")
            } throws: { error in
                let e = error as? RecordingError
                return e?.line == 18 && e?.message.contains("E: <sec>.<usec>") == true
            }
        }
    }

    @Test func nonTouchscreensAreRefused() throws {
        let keyboard = InputDevice(name: "AT Keyboard", codes: [EvdevCode.EV_KEY: [1, 2, 30]])
        #expect(keyboard.touchscreenRefusal?.contains("not a touchscreen") == true)
        var touchpad = syntheticDevice()
        touchpad.properties = [EvdevCode.INPUT_PROP_POINTER]
        touchpad.codes[EvdevCode.EV_KEY] = [EvdevCode.BTN_LEFT, EvdevCode.BTN_TOOL_FINGER, EvdevCode.BTN_TOUCH]
        #expect(touchpad.touchscreenRefusal?.contains("touchpad") == true)
        let rec = InputRecording(device: touchpad, frames: [], format: .evemu, path: "pad.evemu")
        #expect {
            try rec.touchFrames(mapping: DisplayMapping(size: Size(width: 100, height: 100)))
        } throws: { ($0 as? RecordingError)?.description.hasPrefix("pad.evemu: ") == true }
        #expect(syntheticDevice().touchscreenRefusal == nil)
    }
}
