import Evdev
import Geometry
import Testing

/// What a device description says: touchscreen or not (udev's input_id rule), its panel size,
/// its udev properties.
@Suite struct InputDeviceTests {
    let x = AbsoluteAxis(code: EvdevCode.ABS_X, minimum: 0, maximum: 3999, resolution: 16)
    let y = AbsoluteAxis(code: EvdevCode.ABS_Y, minimum: 0, maximum: 2399, resolution: 16)

    func device(keys: [UInt16] = [EvdevCode.BTN_TOUCH], direct: Bool = false, axes: [AbsoluteAxis]? = nil,
                udev: [String] = []) -> InputDevice {
        InputDevice(name: "panel", codes: [EvdevCode.EV_KEY: keys], axes: axes ?? [x, y],
                    properties: direct ? [EvdevCode.INPUT_PROP_DIRECT] : [], udevProperties: udev)
    }

    @Test func touchscreensAreAbsoluteWithTouchOrDirect() {
        #expect(device().touchscreenRefusal == nil)
        #expect(device(keys: [], direct: true).touchscreenRefusal == nil)
        #expect(device(keys: [EvdevCode.BTN_TOOL_FINGER, EvdevCode.BTN_TOUCH], direct: true).touchscreenRefusal == nil)
    }

    @Test func othersAreRefusedWithTheReason() throws {
        let keyboard = try #require(device(keys: [], axes: []).touchscreenRefusal)
        #expect(keyboard.contains("no absolute X/Y axes"))
        let tablet = try #require(device(keys: [EvdevCode.BTN_TOUCH, EvdevCode.BTN_TOOL_PEN]).touchscreenRefusal)
        #expect(tablet.contains("graphics tablet"))
        let touchpad = try #require(device(keys: [EvdevCode.BTN_TOUCH, EvdevCode.BTN_TOOL_FINGER]).touchscreenRefusal)
        #expect(touchpad.contains("touchpad"))
        let neither = try #require(device(keys: []).touchscreenRefusal)
        #expect(neither.contains("neither BTN_TOUCH nor INPUT_PROP_DIRECT"))
    }

    /// udev's own verdict wins over the capability rule when the description carries it.
    @Test func udevsTagDecides() {
        #expect(device(keys: [], udev: ["ID_INPUT=1", "ID_INPUT_TOUCHSCREEN=1"]).touchscreenRefusal == nil)
        #expect(device(udev: ["ID_INPUT_TOUCHPAD=1"]).touchscreenRefusal != nil)
        #expect(device(udev: ["LIBINPUT_CALIBRATION_MATRIX=1 0 0 0 1 0=x"]).udevProperty("LIBINPUT_CALIBRATION_MATRIX") == "1 0 0 0 1 0=x")
        #expect(device(udev: ["ID_INPUT=1"]).udevProperty("ID_INPUT_TOUCHSCREEN") == nil)
    }

    /// 4000 and 2400 units at 16 units/mm: a 250 × 150 mm panel; no resolution, no size.
    @Test func panelSizeFromTheAxesResolution() {
        #expect(device().panelSize == Size(width: 250, height: 150))
        let unknown = AbsoluteAxis(code: EvdevCode.ABS_Y, minimum: 0, maximum: 2399)
        #expect(device(axes: [x, unknown]).panelSize == nil)
    }

    /// Multitouch axes take precedence over ABS_X/ABS_Y; without a slot axis it is protocol A.
    @Test func multitouchAxesAndProtocol() {
        let mtx = AbsoluteAxis(code: EvdevCode.ABS_MT_POSITION_X, minimum: 0, maximum: 799)
        let mty = AbsoluteAxis(code: EvdevCode.ABS_MT_POSITION_Y, minimum: 0, maximum: 479)
        let slot = AbsoluteAxis(code: EvdevCode.ABS_MT_SLOT, minimum: 0, maximum: 9)
        let a = device(axes: [x, y, mtx, mty])
        #expect(a.isMultitouch && a.usesProtocolA)
        #expect(a.positionAxes?.x == mtx)
        #expect(!device(axes: [x, y, mtx, mty, slot]).usesProtocolA)
        #expect(mtx.range == 800)
    }

    @Test func synReportClosesAFrame() {
        #expect(InputEvent(time: 0, type: EvdevCode.EV_SYN, code: EvdevCode.SYN_REPORT, value: 0).isSynReport)
        #expect(!InputEvent(time: 0, type: EvdevCode.EV_SYN, code: EvdevCode.SYN_DROPPED, value: 0).isSynReport)
        #expect(!InputEvent(time: 0, type: EvdevCode.EV_ABS, code: EvdevCode.SYN_REPORT, value: 0).isSynReport)
    }
}
