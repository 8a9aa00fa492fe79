import Geometry
import Gestures
import Recording
import Testing
@testable import TouchInput

@Suite struct PlaybackTests {
    func recording() -> InputRecording {
        let syn = { (t: Int64) in InputEvent(time: t, type: EvdevCode.EV_SYN, code: EvdevCode.SYN_REPORT, value: 0) }
        let x = { (t: Int64, v: Int32) in InputEvent(time: t, type: EvdevCode.EV_ABS, code: EvdevCode.ABS_MT_POSITION_X, value: v) }
        let dropped = InputEvent(time: 5000, type: EvdevCode.EV_SYN, code: EvdevCode.SYN_DROPPED, value: 0)
        return InputRecording(device: InputDevice(name: "p"), frames: [
            EvdevFrame(time: 0, events: [x(0, 1), syn(0)]),
            EvdevFrame(time: 5001, events: [dropped, x(5001, 2), syn(5001)]),
            EvdevFrame(time: 1_000_000, events: [x(1_000_000, 3), syn(1_000_000)]),
        ], format: .evemu)
    }

    @Test func offsetsScaleWithSpeed() {
        #expect(RecordingPlayback(recording: recording(), speed: 1).steps.map(\.offset) == [0, 5001, 1_000_000])
        #expect(RecordingPlayback(recording: recording(), speed: 2).steps.map(\.offset) == [0, 2501, 500_000])  // 2500.5 rounds up
        #expect(RecordingPlayback(recording: recording(), speed: 0.5).duration == 2_000_000)
        // Nonsense speeds play at normal speed rather than dividing by zero.
        #expect(RecordingPlayback(recording: recording(), speed: 0).duration == 1_000_000)
    }

    @Test func droppedMarkersAreNotPlayed() {
        let steps = RecordingPlayback(recording: recording(), speed: 1).steps
        #expect(steps[1].events.count == 2)
        #expect(steps[1].events.allSatisfy { !($0.type == EvdevCode.EV_SYN && $0.code == EvdevCode.SYN_DROPPED) })
        #expect(steps[1].events.last?.isSynReport == true)
    }

    @Test func jsonLines() {
        let f = TouchFrame(timestamp: 1.5, touches: [TouchFrame.Touch(id: 3, location: Point(x: 10.25, y: -2), phase: .began)])
        #expect(f.jsonLine() == #"{"t":1.5,"touches":[{"id":3,"x":10.25,"y":-2.0,"phase":"began"}]}"#)
        #expect(f.jsonLine(latencyMicroseconds: 420) == #"{"t":1.5,"latency_us":420,"touches":[{"id":3,"x":10.25,"y":-2.0,"phase":"began"}]}"#)
        let d = TouchDevice(id: 1, name: "Advanced \"Silicon\"\u{1}", sysname: "event2", hasTouch: true,
                            physicalSize: Size(width: 595.75, height: 334.5), role: .touchscreen)
        #expect(d.jsonLine(event: "added")
                == #"{"device":"added","id":1,"name":"Advanced \"Silicon\"\u0001","sysname":"event2","role":"touchscreen","size_mm":[595.75,334.5]}"#)
    }

    @Test func permissionMessageSaysWhatToDo() {
        let e = TouchInputError.permissionDenied(nodes: ["/dev/input/event4"])
        #expect(e.description.contains("/dev/input/event4"))
        #expect(e.description.contains("'input' group"))
        #expect(e.description.contains("systemd unit"))
    }

    /// Where /dev/uinput is usable (root with the module, e.g. in the VM), the virtual device
    /// appears with the recorded name and axes, read back through evdev.
    @Test func uinputDeviceCopiesTheDescription() throws {
        let device = InputDevice(
            name: "Tribune test panel ®", id: .init(bustype: 3, vendor: 0x1234, product: 0x5678, version: 1),
            codes: [EvdevCode.EV_KEY: [EvdevCode.BTN_TOUCH]],
            axes: [AbsoluteAxis(code: EvdevCode.ABS_X, minimum: 0, maximum: 4095, fuzz: 4, resolution: 12),
                   AbsoluteAxis(code: EvdevCode.ABS_Y, minimum: 0, maximum: 2047, fuzz: 4, resolution: 12),
                   AbsoluteAxis(code: EvdevCode.ABS_MT_SLOT, minimum: 0, maximum: 9),
                   AbsoluteAxis(code: EvdevCode.ABS_MT_POSITION_X, minimum: 0, maximum: 4095, resolution: 12),
                   AbsoluteAxis(code: EvdevCode.ABS_MT_POSITION_Y, minimum: 0, maximum: 2047, resolution: 12),
                   AbsoluteAxis(code: EvdevCode.ABS_MT_TRACKING_ID, minimum: 0, maximum: 65535)],
            properties: [EvdevCode.INPUT_PROP_DIRECT])
        let uinput: UinputDevice
        do { uinput = try UinputDevice(copying: device) } catch {
            // No /dev/uinput (containers) or no permission: nothing to check here.
            #expect("\(error)".contains("/dev/uinput"))
            return
        }
        var node: String?
        for _ in 0..<100 { node = uinput.eventNode; if node != nil { break }; usleepSeconds(0.01) }
        let path = try #require(node)
        var back: InputDevice?
        for _ in 0..<100 { if let d = try? EvdevDeviceNode(path: path).describe() { back = d; break }; usleepSeconds(0.02) }
        let read = try #require(back)
        #expect(read.name == device.name)
        #expect(read.id == device.id)
        #expect(read.properties == [EvdevCode.INPUT_PROP_DIRECT])
        #expect(read.axis(EvdevCode.ABS_MT_POSITION_X)?.maximum == 4095)
        #expect(read.axis(EvdevCode.ABS_MT_POSITION_X)?.resolution == 12)
        #expect(read.axis(EvdevCode.ABS_MT_SLOT)?.maximum == 9)
        uinput.destroy()
    }
}

#if canImport(Glibc)
import Glibc
func usleepSeconds(_ s: Double) { usleep(UInt32(s * 1_000_000)) }
#endif
