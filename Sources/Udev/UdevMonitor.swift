import CUdev
import SystemPackage

/// A udev netlink monitor on one subsystem: `fileDescriptor` becomes readable when udev has
/// processed an event of a device in it (add, remove, change); `receiveEvents()` drains them.
/// Owns the monitor and keeps its context alive; both are dropped in `deinit`.
public final class UdevMonitor {
    /// One device event: udev's action and the properties the caller asked for.
    public struct Event: Hashable, Sendable {
        /// `add`, `remove`, `change`, `bind`, …; nil when udev gives none.
        public var action: String?
        /// The requested properties the device has, by name.
        public var properties: [String: String]
    }

    private let context: UdevContext
    private let monitor: OpaquePointer
    /// Poll this for readability.
    public let fileDescriptor: Int32

    /// Starts receiving events of `subsystem` (e.g. `drm`) from udev (not the raw kernel).
    public init(subsystem: String, context: UdevContext) throws(UdevError) {
        guard let m = udev_monitor_new_from_netlink(context.handle, "udev") else {
            throw UdevError(call: "udev_monitor_new_from_netlink", errno: .current)
        }
        udev_monitor_filter_add_match_subsystem_devtype(m, subsystem, nil)
        guard udev_monitor_enable_receiving(m) >= 0 else {
            let errno = Errno.current
            udev_monitor_unref(m)
            throw UdevError(call: "udev_monitor_enable_receiving", errno: errno)
        }
        self.context = context
        monitor = m
        fileDescriptor = udev_monitor_get_fd(m)
    }

    deinit { udev_monitor_unref(monitor) }

    /// Drains the queued events, each with those of `properties` its device has.
    public func receiveEvents(properties: [String] = []) -> [Event] {
        var events: [Event] = []
        while let device = udev_monitor_receive_device(monitor) {
            var found: [String: String] = [:]
            for name in properties {
                if let value = udev_device_get_property_value(device, name) { found[name] = String(cString: value) }
            }
            events.append(Event(action: udev_device_get_action(device).map { String(cString: $0) }, properties: found))
            udev_device_unref(device)
        }
        return events
    }
}
