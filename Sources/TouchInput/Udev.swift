import CInput

/// A libudev context; owns its reference and drops it when released.
public final class Udev {
    let handle: OpaquePointer

    /// Creates a udev context; nil when libudev cannot create one (out of memory).
    public init?() {
        guard let h = udev_new() else { return nil }
        handle = h
    }

    deinit { udev_unref(handle) }

    /// The event devices (`/dev/input/event*`) that udev tags as touchscreens
    /// (`ID_INPUT_TOUCHSCREEN=1`), sorted by device node.
    public func touchscreens() -> [InputDeviceInfo] {
        inputDevices(matchingProperty: "ID_INPUT_TOUCHSCREEN", value: "1")
    }

    /// Event devices of the input subsystem with udev property `property` equal to `value`.
    public func inputDevices(matchingProperty property: String, value: String) -> [InputDeviceInfo] {
        guard let enumerate = udev_enumerate_new(handle) else { return [] }
        defer { udev_enumerate_unref(enumerate) }
        udev_enumerate_add_match_subsystem(enumerate, "input")
        udev_enumerate_add_match_property(enumerate, property, value)
        udev_enumerate_scan_devices(enumerate)
        var out: [InputDeviceInfo] = []
        var entry = udev_enumerate_get_list_entry(enumerate)
        while let e = entry {
            defer { entry = udev_list_entry_get_next(e) }
            guard let syspath = udev_list_entry_get_name(e),
                  let device = udev_device_new_from_syspath(handle, syspath) else { continue }
            defer { udev_device_unref(device) }
            guard let node = udev_device_get_devnode(device).map({ String(cString: $0) }),
                  node.hasPrefix("/dev/input/event") else { continue }
            // The human-readable name lives on the parent `inputN` device.
            let parent = udev_device_get_parent_with_subsystem_devtype(device, "input", nil)
            let name = parent.flatMap { udev_device_get_sysattr_value($0, "name") }.map { String(cString: $0) } ?? ""
            let calibration = udev_device_get_property_value(device, "LIBINPUT_CALIBRATION_MATRIX")
                .map { String(cString: $0) }
            out.append(InputDeviceInfo(deviceNode: node, name: name, calibrationMatrix: calibration))
        }
        return out.sorted { $0.deviceNode < $1.deviceNode }
    }
}

/// An input device as udev describes it.
public struct InputDeviceInfo: Hashable, Sendable {
    /// E.g. `/dev/input/event3`.
    public var deviceNode: String
    /// The kernel's device name, e.g. `ILITEK ILITEK-TP`.
    public var name: String
    /// The `LIBINPUT_CALIBRATION_MATRIX` udev property, when a rule sets one.
    public var calibrationMatrix: String?
}
