import CUdev

extension UdevContext {
    /// Event devices (`/dev/input/event*`) of the input subsystem whose udev property
    /// `property` equals `value`, sorted by device node; empty when udev knows none.
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
