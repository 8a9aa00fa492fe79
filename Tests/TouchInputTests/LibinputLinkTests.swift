import CInput
import Testing
@testable import TouchInput
import Udev

/// libinput links, creates contexts, and fails cleanly on missing devices; udev finds touchscreens.
@Suite struct LibinputLinkTests {
    @Test func pathContextWithAnInterfaceIsCreated() {
        var interface = libinput_interface(
            open_restricted: { _, _, _ in -2 },  // -ENOENT: nothing may be opened in this test
            close_restricted: { _, _ in })
        let context = withUnsafePointer(to: &interface) { libinput_path_create_context($0, nil) }
        #expect(context != nil)
        if let context {
            // A device the interface refuses to open is not added, and nothing crashes.
            #expect(libinput_path_add_device(context, "/dev/input/event-does-not-exist") == nil)
            #expect(libinput_unref(context) == nil)
        }
    }

    @Test func touchscreensAreEventNodes() throws {
        for device in try UdevContext().touchscreens() {
            #expect(device.deviceNode.hasPrefix("/dev/input/event"))
        }
    }
}
