import Foundation
import Raster
import Seating
import Testing
@testable import Kiosk

/// `tribune run --preview-at`: what an untouched kiosk shows. Issue 24 saw "Still there?" at
/// 100 s on a kiosk nobody had touched; an untouched kiosk must show the same stadium at 100 s
/// (past the 90 s idle timeout) as at 5 s.
@Suite struct KioskRuntimePreviewTests {
    @Test func anUntouchedKioskShowsTheStadiumPastTheIdleTimeout() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-preview-\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let venuePath = dir + "/stadium.venue.json"
        try VenueFile.write(StadiumGenerator.generate(.design()), to: venuePath)
        let configuration = try KioskConfiguration.load(file: nil, optional: true,
                                                        overrides: [(key: "venue", value: venuePath), (key: "idle.timeout", value: "90")])
        try KioskRuntime.preview(configuration, deviceWidth: 800, deviceHeight: 480, at: 5, to: dir + "/5.png")
        try KioskRuntime.preview(configuration, deviceWidth: 800, deviceHeight: 480, at: 100, to: dir + "/100.png")
        let early = try Surface(contentsOfPNGFile: dir + "/5.png"), late = try Surface(contentsOfPNGFile: dir + "/100.png")
        var differing = 0
        for y in 0..<early.height {
            let a = early.row(y), b = late.row(y)
            for x in 0..<early.width where a[x] != b[x] { differing += 1 }
        }
        #expect(differing == 0, "\(differing) pixels changed between 5 s and 100 s")
    }
}
