import Geometry
import Gestures
import Testing
@testable import TouchInput

@Suite struct TouchDeviceTests: TouchScriptRunning {
    static let panelA = TouchDevice(id: 0, name: "Panel A", sysname: "event3", hasTouch: true, physicalSize: Size(width: 527, height: 296))
    static let panelB = TouchDevice(id: 1, name: "Panel B", sysname: "event4", hasTouch: true)
    static let mouse = TouchDevice(id: 2, name: "USB Mouse", sysname: "event5", hasPointer: true, hasLeftButton: true)
    static let keyboard = TouchDevice(id: 3, name: "USB Keyboard", sysname: "event6", hasKeyboard: true)

    @Test func rolesFromCapabilitiesAndTheConfiguredName() {
        #expect(Self.panelA.role(selecting: nil) == .touchscreen)
        #expect(Self.panelA.role(selecting: "Panel B") == .ignored)
        #expect(Self.panelB.role(selecting: "Panel B") == .touchscreen)
        #expect(Self.panelB.role(selecting: "event4") == .touchscreen)
        #expect(Self.panelB.role(selecting: "/dev/input/event4") == .touchscreen)
        #expect(Self.mouse.role(selecting: "Panel B") == .mouse)
        #expect(Self.keyboard.role(selecting: nil) == .ignored)
        // A pointer without a left button (e.g. a trackpoint's middle-only device) is no finger.
        var pointer = Self.mouse; pointer.hasLeftButton = false
        #expect(pointer.role(selecting: nil) == .ignored)
    }

    @Test func theConfiguredTouchscreenDrivesTheDisplay() {
        let out = run([.deviceAdded(Self.panelA), .deviceAdded(Self.panelB),
                       down(0, 0.1, 0.1, ms: 0, device: 0), frame(ms: 0, device: 0),
                       down(1, 0.2, 0.2, ms: 1, device: 1), frame(ms: 1, device: 1)], deviceName: "Panel B")
        guard case let .deviceAdded(a) = out[0], case let .deviceAdded(b) = out[1] else { Issue.record("no device events"); return }
        #expect(a.role == .ignored && b.role == .touchscreen)
        let f = frames(out)
        #expect(f.count == 1)
        #expect(f[0].touches.map(\.location) == [Point(x: 200, y: 100)])
    }

    @Test func removalMidGestureCancelsThatDevicesTouches() {
        let out = run([.deviceAdded(Self.panelA), .deviceAdded(Self.panelB),
                       down(0, 0.1, 0.1, ms: 0, device: 0), down(1, 0.5, 0.5, ms: 0, device: 0), frame(ms: 0, device: 0),
                       down(2, 0.9, 0.9, ms: 2, device: 1), frame(ms: 2, device: 1),
                       motion(1, 0.6, 0.5, ms: 4, device: 0), frame(ms: 4, device: 0),
                       .deviceRemoved(deviceID: 0, time: 9000),
                       // Stale events of the removed device change nothing.
                       motion(0, 0.3, 0.3, ms: 10, device: 0), frame(ms: 10, device: 0)])
        let f = frames(out)
        #expect(f.count == 4)
        let last = f[3]
        #expect(last.timestamp == 0.009)
        #expect(last.touches.map(\.phase) == [.cancelled, .cancelled, .stationary])
        #expect(last.touches[1].location == Point(x: 600, y: 250))
        guard case let .deviceRemoved(gone) = out.last else { Issue.record("no removal event"); return }
        #expect(gone.name == "Panel A")
    }

    @Test func removalWithoutTouchesGivesNoFrame() {
        let out = run([.deviceAdded(Self.panelA), .deviceRemoved(deviceID: 0, time: 5)])
        #expect(frames(out).isEmpty)
        #expect(out.count == 2)
    }

    @Test func mouseActsAsOneFinger() {
        let out = frames(run([.deviceAdded(Self.mouse), .deviceAdded(Self.keyboard),
                              .pointerMotion(deviceID: 2, dx: -100, dy: 20, time: 1000),            // cursor (400, 270)
                              .pointerButton(deviceID: 2, button: 0x110, pressed: true, time: 2000),
                              .pointerMotion(deviceID: 2, dx: 50, dy: -10, time: 3000),             // (450, 260)
                              .pointerButton(deviceID: 2, button: 0x111, pressed: true, time: 3500), // right button: nothing
                              .pointerButton(deviceID: 2, button: 0x110, pressed: false, time: 4000),
                              .pointerMotion(deviceID: 2, dx: 10, dy: 10, time: 5000)]))              // no button: no frame
        #expect(out.map { $0.touches.map(\.phase) } == [[.began], [.moved], [.ended]])
        #expect(out.map(\.timestamp) == [0.002, 0.003, 0.004])
        #expect(Set(out.map { $0.touches[0].id }).count == 1)
        // The cursor goes through the panel mapping and back: equal up to rounding.
        #expect(out[0].touches[0].location.distance(to: Point(x: 400, y: 270)) < 1e-9)
        #expect(out[1].touches[0].location.distance(to: Point(x: 450, y: 260)) < 1e-9)
    }

    /// The mouse cursor is in picture space: under any rotation the touch lands on the cursor.
    @Test(arguments: DisplayRotation.allCases)
    func mouseFollowsTheCursorUnderRotation(_ rotation: DisplayRotation) {
        let m = DisplayMapping(size: Size(width: 1000, height: 500), rotation: rotation)
        let out = frames(run([.deviceAdded(Self.mouse),
                              .pointerMotionAbsolute(deviceID: 2, x: 0.3, y: 0.8, time: 1000),
                              .pointerButton(deviceID: 2, button: 0x110, pressed: true, time: 2000)], mapping: m))
        let p = out[0].touches[0].location
        #expect(abs(p.x - 300) < 1e-9 && abs(p.y - 400) < 1e-9)
    }

    @Test func cursorStaysOnThePicture() {
        let out = frames(run([.deviceAdded(Self.mouse),
                              .pointerMotion(deviceID: 2, dx: -5000, dy: 9000, time: 1000),
                              .pointerButton(deviceID: 2, button: 0x110, pressed: true, time: 2000)]))
        #expect(out[0].touches[0].location == Point(x: 0, y: 500))
    }

    @Test func keyboardAndPointerEventsOfOtherDevicesAreIgnored() {
        let out = run([.deviceAdded(Self.keyboard), .deviceAdded(Self.panelA), .other,
                       .pointerButton(deviceID: 0, button: 0x110, pressed: true, time: 1),
                       .pointerButton(deviceID: 3, button: 0x110, pressed: true, time: 1)])
        #expect(frames(out).isEmpty)
    }
}
