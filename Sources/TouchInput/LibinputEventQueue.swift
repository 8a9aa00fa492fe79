import CInput
import Geometry
import Gestures
import Glibc

/// The pending events of a libinput context as `TouchSourceEvent`s: every value is copied out
/// and the libinput event destroyed at once. Keeps the table of devices (a reference on each
/// until it is removed) and applies a configured calibration matrix to touch devices as they
/// are added.
struct LibinputEventQueue: TouchEventSource {
    let context: OpaquePointer
    let calibration: CalibrationMatrix?
    private(set) var devices: [(handle: OpaquePointer, id: Int)] = []
    private var nextDeviceID = 0
    /// Calibration could not be applied to these devices (name: reason).
    private(set) var warnings: [String] = []

    init(context: OpaquePointer, calibration: CalibrationMatrix?) {
        self.context = context
        self.calibration = calibration
    }

    mutating func nextEvent() -> TouchSourceEvent? {
        guard let event = libinput_get_event(context) else { return nil }
        defer { libinput_event_destroy(event) }
        let type = libinput_event_get_type(event)
        let handle = libinput_event_get_device(event)!
        switch type {
        case LIBINPUT_EVENT_DEVICE_ADDED:
            return .deviceAdded(add(handle))
        case LIBINPUT_EVENT_DEVICE_REMOVED:
            guard let index = devices.firstIndex(where: { $0.handle == handle }) else { return .other }
            let id = devices[index].id
            libinput_device_unref(devices.remove(at: index).handle)
            return .deviceRemoved(deviceID: id, time: Self.monotonicMicroseconds())
        case LIBINPUT_EVENT_TOUCH_DOWN, LIBINPUT_EVENT_TOUCH_MOTION, LIBINPUT_EVENT_TOUCH_UP,
             LIBINPUT_EVENT_TOUCH_CANCEL, LIBINPUT_EVENT_TOUCH_FRAME:
            let touch = libinput_event_get_touch_event(event)!
            let device = id(of: handle)
            let time = libinput_event_touch_get_time_usec(touch)
            if type == LIBINPUT_EVENT_TOUCH_FRAME { return .touchFrame(deviceID: device, time: time) }
            let slot = Int(libinput_event_touch_get_slot(touch))
            let seatSlot = Int(libinput_event_touch_get_seat_slot(touch))
            switch type {
            case LIBINPUT_EVENT_TOUCH_UP: return .touchUp(deviceID: device, slot: slot, seatSlot: seatSlot, time: time)
            case LIBINPUT_EVENT_TOUCH_CANCEL: return .touchCancel(deviceID: device, slot: slot, seatSlot: seatSlot, time: time)
            default:
                // Normalized over the axis range, exactly as the replay's emulation computes it:
                // (x − min) / (max − min + 1), calibration applied; the display mapping scales it.
                let u = libinput_event_touch_get_x_transformed(touch, 1)
                let v = libinput_event_touch_get_y_transformed(touch, 1)
                if type == LIBINPUT_EVENT_TOUCH_DOWN {
                    return .touchDown(deviceID: device, slot: slot, seatSlot: seatSlot, u: u, v: v, time: time)
                }
                return .touchMotion(deviceID: device, slot: slot, seatSlot: seatSlot, u: u, v: v, time: time)
            }
        case LIBINPUT_EVENT_POINTER_MOTION:
            let pointer = libinput_event_get_pointer_event(event)!
            return .pointerMotion(deviceID: id(of: handle), dx: libinput_event_pointer_get_dx(pointer),
                                  dy: libinput_event_pointer_get_dy(pointer), time: libinput_event_pointer_get_time_usec(pointer))
        case LIBINPUT_EVENT_POINTER_MOTION_ABSOLUTE:
            let pointer = libinput_event_get_pointer_event(event)!
            return .pointerMotionAbsolute(deviceID: id(of: handle),
                                          x: libinput_event_pointer_get_absolute_x_transformed(pointer, 1),
                                          y: libinput_event_pointer_get_absolute_y_transformed(pointer, 1),
                                          time: libinput_event_pointer_get_time_usec(pointer))
        case LIBINPUT_EVENT_POINTER_BUTTON:
            let pointer = libinput_event_get_pointer_event(event)!
            return .pointerButton(deviceID: id(of: handle), button: libinput_event_pointer_get_button(pointer),
                                  pressed: libinput_event_pointer_get_button_state(pointer) == LIBINPUT_BUTTON_STATE_PRESSED,
                                  time: libinput_event_pointer_get_time_usec(pointer))
        default:
            return .other
        }
    }

    /// Releases the references on the devices still present.
    mutating func releaseDevices() {
        for d in devices { libinput_device_unref(d.handle) }
        devices.removeAll()
    }

    private func id(of handle: OpaquePointer) -> Int {
        devices.first { $0.handle == handle }?.id ?? -1
    }

    private mutating func add(_ handle: OpaquePointer) -> TouchDevice {
        libinput_device_ref(handle)
        let id = nextDeviceID
        nextDeviceID += 1
        devices.append((handle, id))
        let hasTouch = libinput_device_has_capability(handle, LIBINPUT_DEVICE_CAP_TOUCH) != 0
        let hasPointer = libinput_device_has_capability(handle, LIBINPUT_DEVICE_CAP_POINTER) != 0
        var device = TouchDevice(
            id: id, name: String(cString: libinput_device_get_name(handle)),
            sysname: String(cString: libinput_device_get_sysname(handle)),
            hasTouch: hasTouch, hasPointer: hasPointer,
            hasLeftButton: hasPointer && libinput_device_pointer_has_button(handle, UInt32(TouchFrameBuilder.leftButton)) == 1,
            hasKeyboard: libinput_device_has_capability(handle, LIBINPUT_DEVICE_CAP_KEYBOARD) != 0)
        var width = 0.0, height = 0.0
        if libinput_device_get_size(handle, &width, &height) == 0, width > 0, height > 0 {
            device.physicalSize = Size(width: width, height: height)
        }
        if hasTouch, let m = calibration {
            if libinput_device_config_calibration_has_matrix(handle) == 0 {
                warnings.append("\(device.name): the device does not support a calibration matrix; the configured one is not applied")
            } else {
                let values: [Float] = [Float(m.a), Float(m.b), Float(m.c), Float(m.d), Float(m.e), Float(m.f)]
                let status = values.withUnsafeBufferPointer { libinput_device_config_calibration_set_matrix(handle, $0.baseAddress) }
                if status != LIBINPUT_CONFIG_STATUS_SUCCESS {
                    warnings.append("\(device.name): libinput refused the calibration matrix \(values)")
                }
            }
        }
        return device
    }

    static func monotonicMicroseconds() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) * 1_000_000 + UInt64(ts.tv_nsec) / 1_000
    }
}
