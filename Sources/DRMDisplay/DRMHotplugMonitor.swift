import SystemPackage
import Udev

/// A udev monitor on the `drm` subsystem: its `fileDescriptor` becomes readable when a
/// connector is plugged or unplugged or a mode list changes; `readEvents()` then says whether
/// any of the queued events was a `change` of a card. The kernel marks real hotplugs with
/// `HOTPLUG=1`, but connector-specific and synthetic events differ between kernels, and a
/// re-probe costs little: any change makes the caller look at its connector again.
public final class DRMHotplugMonitor {
    private let monitor: UdevMonitor
    /// Poll this for readability together with the DRM fd.
    public var fileDescriptor: Int32 { monitor.fileDescriptor }

    /// Starts listening. Throws a `DRMError` naming the libudev call when udev cannot be reached.
    public init() throws(DRMError) {
        do {
            monitor = try UdevMonitor(subsystem: "drm", context: UdevContext())
        } catch {
            throw DRMError(call: error.call, path: "udev", errno: error.errno)
        }
    }

    /// Drains the queued events; true when one was a change of a DRM card (a hotplug, a
    /// connector or mode-list change).
    public func readEvents() -> Bool {
        monitor.receiveEvents(properties: ["HOTPLUG"]).contains { $0.properties["HOTPLUG"] == "1" || $0.action == "change" }
    }
}
