import Gestures

/// One libinput event as the frame builder needs it, copied out of libinput (or made up by a
/// test's fake source). Times are the kernel's `CLOCK_MONOTONIC` timestamps in microseconds
/// (`libinput_event_*_get_time_usec`).
public enum TouchSourceEvent: Hashable, Sendable {
    /// LIBINPUT_EVENT_DEVICE_ADDED. The device's role is decided by the builder.
    case deviceAdded(TouchDevice)
    /// LIBINPUT_EVENT_DEVICE_REMOVED, noticed at `time` (libinput gives no time; the source
    /// reads the monotonic clock).
    case deviceRemoved(deviceID: Int, time: UInt64)
    /// TOUCH_DOWN at normalized, calibrated panel coordinates (u, v): `get_x_transformed(e, 1)`,
    /// `get_y_transformed(e, 1)`. `slot` is the kernel slot (−1 on single-touch devices),
    /// `seatSlot` libinput's seat-wide slot.
    case touchDown(deviceID: Int, slot: Int, seatSlot: Int, u: Double, v: Double, time: UInt64)
    /// TOUCH_MOTION, like `touchDown`.
    case touchMotion(deviceID: Int, slot: Int, seatSlot: Int, u: Double, v: Double, time: UInt64)
    case touchUp(deviceID: Int, slot: Int, seatSlot: Int, time: UInt64)
    case touchCancel(deviceID: Int, slot: Int, seatSlot: Int, time: UInt64)
    /// TOUCH_FRAME: the end of one kernel frame's touch events.
    case touchFrame(deviceID: Int, time: UInt64)
    /// POINTER_MOTION: relative motion in libinput's (accelerated) pixels.
    case pointerMotion(deviceID: Int, dx: Double, dy: Double, time: UInt64)
    /// POINTER_MOTION_ABSOLUTE: a position normalized over the device's range (0…1), taken
    /// to be over the upright picture (absolute pointers such as a VM's tablet follow the screen).
    case pointerMotionAbsolute(deviceID: Int, x: Double, y: Double, time: UInt64)
    /// POINTER_BUTTON: `button` is the evdev code (BTN_LEFT = 0x110).
    case pointerButton(deviceID: Int, button: UInt32, pressed: Bool, time: UInt64)
    /// Anything else (keys, tablet, gestures, switches): ignored.
    case other
}

/// Where a `TouchFrameBuilder` takes its events from: the libinput context on a kiosk, an
/// array in a test.
public protocol TouchEventSource {
    /// The next pending event, or nil when none is pending right now.
    mutating func nextEvent() -> TouchSourceEvent?
}

/// What the live touch path reports to the kiosk.
public enum TouchInputEvent: Hashable, Sendable {
    case frame(TouchFrame)
    case deviceAdded(TouchDevice)
    case deviceRemoved(TouchDevice)
}
