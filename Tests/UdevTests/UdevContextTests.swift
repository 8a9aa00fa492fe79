import Testing
import Udev

/// libudev links, and its enumeration and monitor behave where udev is absent too (containers).
@Suite struct UdevContextTests {
    @Test func enumeratesOnlyEventNodesSorted() throws {
        let udev = try UdevContext()
        let devices = udev.inputDevices(matchingProperty: "ID_INPUT", value: "1")
        #expect(devices.allSatisfy { $0.deviceNode.hasPrefix("/dev/input/event") })
        #expect(devices.map(\.deviceNode) == devices.map(\.deviceNode).sorted())
        // A property no device has yields nothing.
        #expect(udev.inputDevices(matchingProperty: "TRIBUNE_NO_SUCH_PROPERTY", value: "1").isEmpty)
    }

    @Test func monitorOpensOrFailsWithTheCallNamed() throws {
        let udev = try UdevContext()
        do {
            let monitor = try UdevMonitor(subsystem: "drm", context: udev)
            #expect(monitor.fileDescriptor >= 0)
            #expect(monitor.receiveEvents(properties: ["HOTPLUG"]).isEmpty)   // nothing queued right after opening
        } catch {
            #expect(error.call.hasPrefix("udev_monitor_"))
        }
    }
}
