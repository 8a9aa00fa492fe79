import Evdev
import Geometry
import Gestures
import Testing
@testable import TouchInput

/// The virtual device `tribune play` writes to, and the JSON lines `tribune touches` prints.
@Suite struct UinputDeviceTests {
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
