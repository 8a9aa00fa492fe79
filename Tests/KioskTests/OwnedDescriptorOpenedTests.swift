import Descriptors
import Testing
@testable import Kiosk
#if canImport(Glibc)
import Glibc
#endif

/// Kiosk's `OwnedDescriptor.opened(_:by:on:)`: a −1 from an opening call becomes a
/// `SystemCallError` naming the call, the subject and the errno.
@Suite struct OwnedDescriptorOpenedTests {
    @Test func aFailedOpenThrowsTheCallAndErrno() {
        let path = "/nonexistent-tribune-directory/x"
        #expect(throws: SystemCallError(call: "open", subject: path, errno: .noSuchFileOrDirectory)) {
            _ = try OwnedDescriptor.opened(open(path, O_RDONLY), by: "open", on: path)
        }
    }

    @Test func anOpenedDescriptorIsAdopted() throws {
        let fd = open("/dev/null", O_RDONLY | O_CLOEXEC)
        let owned = try OwnedDescriptor.opened(fd, by: "open", on: "/dev/null")
        #expect(owned.rawValue == fd)
        #expect(fcntl(owned.rawValue, F_GETFD) >= 0)
    }
}
