import CInput
#if canImport(Glibc)
import Glibc
#endif

/// A udev monitor on the `drm` subsystem: its `fileDescriptor` becomes readable when a
/// connector is plugged or unplugged or a mode list changes; `readEvents()` then says whether
/// any of the queued events was a `change` of a card. The kernel marks real hotplugs with
/// `HOTPLUG=1`, but connector-specific and synthetic events differ between kernels, and a
/// re-probe costs little: any change makes the caller look at its connector again.
public final class DRMHotplugMonitor {
    private let udev: OpaquePointer
    private let monitor: OpaquePointer
    /// Poll this for readability together with the DRM fd.
    public let fileDescriptor: Int32

    public init() throws(DRMError) {
        guard let u = udev_new() else { throw DRMError(call: "udev_new", path: "udev", errno: .current) }
        guard let m = udev_monitor_new_from_netlink(u, "udev") else {
            udev_unref(u); throw DRMError(call: "udev_monitor_new_from_netlink", path: "udev", errno: .current)
        }
        udev_monitor_filter_add_match_subsystem_devtype(m, "drm", nil)
        guard udev_monitor_enable_receiving(m) >= 0 else {
            udev_monitor_unref(m); udev_unref(u)
            throw DRMError(call: "udev_monitor_enable_receiving", path: "udev", errno: .current)
        }
        udev = u; monitor = m
        fileDescriptor = udev_monitor_get_fd(m)
    }

    deinit { udev_monitor_unref(monitor); udev_unref(udev) }

    /// Drains the queued events; true when one was a change of a DRM card (a hotplug, a
    /// connector or mode-list change).
    public func readEvents() -> Bool {
        var changed = false
        while let dev = udev_monitor_receive_device(monitor) {
            let action = udev_device_get_action(dev).map { String(cString: $0) }
            if let v = udev_device_get_property_value(dev, "HOTPLUG"), String(cString: v) == "1" { changed = true }
            if action == "change" { changed = true }
            udev_device_unref(dev)
        }
        return changed
    }
}
