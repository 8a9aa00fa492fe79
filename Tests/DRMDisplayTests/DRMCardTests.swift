import CDRM
import Foundation
import SystemPackage
import Testing
@testable import DRMDisplay

/// libdrm links and its calls fail cleanly on machines without (or with inaccessible) DRM devices.
@Suite struct DRMCardTests {
    @Test func libdrmLinksAndAnswers() {
        // drmAvailable() probes the kernel's DRM support: 0 or 1, never a crash.
        let available = drmAvailable()
        #expect(available == 0 || available == 1)
    }

    @Test func drmGetVersionOnANonDRMDescriptorReturnsNil() throws {
        let fd = try FileDescriptor.open("/dev/null", .readWrite)
        defer { try? fd.close() }
        #expect(drmGetVersion(fd.rawValue) == nil)
    }

    @Test func openingAMissingCardGivesATypedError() {
        #expect {
            _ = try DRMCard(path: "/dev/dri/card99")
        } throws: { error in
            guard let e = error as? DRMError else { return false }
            return e.errno == .noSuchFileOrDirectory && e.call == "open" && e.path == "/dev/dri/card99"
                && e.description.contains("/dev/dri/card99")
        }
    }

    @Test func nonDRMNodeFailsInDriverQuery() throws {
        // /dev/null opens, but the DRM version ioctl fails on it: an error naming the call.
        let card = try DRMCard(path: "/dev/null")
        #expect(throws: DRMError.self) { _ = try card.driverName() }
        #expect(throws: DRMError.self) { _ = try card.connectors() }
    }

    @Test func cardPathsAreNumericallySortedCardNodesOnly() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("dri-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        for name in ["card10", "card2", "card0", "renderD128", "cardX", "by-path"] {
            _ = FileManager.default.createFile(atPath: dir.appendingPathComponent(name).path, contents: Data())
        }
        #expect(DRMCard.cardPaths(directory: dir.path) == ["card0", "card2", "card10"].map { dir.path + "/" + $0 })
        #expect(DRMCard.cardPaths(directory: "/nonexistent/dri").isEmpty)
    }
}
