import Animation
import BoxOfficeTestSupport
import Foundation
import Geometry
import KioskUI
import Raster
import Seating
import Testing
@testable import Kiosk

/// `tribune run --preview-at` with a box office that does not answer (a closed loopback port):
/// the preview asks it for real, so at 5 s the kiosk says it is connecting (not the standalone
/// note) and at 40 s, past `out_of_service_after`, it is out of service — each frame the same as
/// a session told so by hand.
@Suite struct KioskRuntimePreviewBoxOfficeTests {
    /// The preview's own loop (60 Hz from a virtual 1000 s) over a session told `news` at their times.
    static func toldByHand(_ configuration: KioskConfiguration, at seconds: Double, news: [(Double, BoxOfficeResponse)],
                           venue: Venue) -> Surface {
        let clock = VirtualClock(start: 1000)
        var c = KioskRuntime.sessionConfiguration(configuration, screen: (800, 480), device: (800, 480), event: nil, venue: venue)
        c.pollInterval = nil   // nothing is asked: only what the test says happens
        let session = KioskSession(venue: venue, configuration: c, clock: clock)
        let surface = Surface(width: 800, height: 480)
        var pending = news
        func tell() { while let first = pending.first, first.0 <= clock.now { session.receive(first.1); pending.removeFirst() } }
        let end = clock.now + seconds
        session.advance(to: clock.now)
        tell()
        _ = session.render(into: surface)
        while clock.now < end {
            clock.set(to: min(end, clock.now + 1.0 / 60))
            session.advance(to: clock.now)
            tell()
            if session.needsDisplay { _ = session.render(into: surface) }
        }
        _ = session.render(into: surface)
        return surface
    }

    static func differing(_ a: Surface, _ b: Surface) -> Int {
        var n = 0
        for y in 0..<a.height {
            let ra = a.row(y), rb = b.row(y)
            for x in 0..<a.width where ra[x] != rb[x] { n += 1 }
        }
        return n
    }

    @Test func anUnreachableBoxOfficeIsConnectingThenOutOfServiceNeverStandalone() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-preview-bo-\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let venue = StadiumGenerator.generate(.design())
        let venuePath = dir + "/stadium.venue.json"
        try VenueFile.write(venue, to: venuePath)
        try "token\n".write(toFile: dir + "/token", atomically: true, encoding: .utf8)
        let port = try #require(LoopbackPort.unused())
        let configuration = try KioskConfiguration.load(file: nil, optional: true, overrides: [
            (key: "venue", value: venuePath), (key: "box_office.url", value: "http://127.0.0.1:\(port)"),
            (key: "box_office.token_file", value: dir + "/token"), (key: "box_office.event_id", value: "evt"),
            (key: "box_office.request_timeout", value: "0.2")])
        // The preview blocks its thread on the box office's answers (as `tribune run` does on its
        // main thread): a thread of its own, not one of Swift concurrency's few.
        let written = await onOwnThread { () -> Bool in
            (try? KioskRuntime.preview(configuration, deviceWidth: 800, deviceHeight: 480, at: 5, to: dir + "/5.png")) != nil
                && (try? KioskRuntime.preview(configuration, deviceWidth: 800, deviceHeight: 480, at: 40, to: dir + "/40.png")) != nil
        }
        try #require(written)
        let early = try Surface(contentsOfPNGFile: dir + "/5.png"), late = try Surface(contentsOfPNGFile: dir + "/40.png")

        let unanswered = BoxOfficeResponse.unanswered(.refreshAvailability, code: "BO-NET")
        let connecting = Self.toldByHand(configuration, at: 5, news: [(1000, unanswered)], venue: venue)
        let outOfService = Self.toldByHand(configuration, at: 40, news: [(1000, unanswered), (1030, .service(code: "BO-NET"))], venue: venue)
        var standaloneSettings = configuration
        standaloneSettings.boxOffice.url = nil
        let standalone = Self.toldByHand(standaloneSettings, at: 5, news: [], venue: venue)

        #expect(Self.differing(early, connecting) == 0)
        #expect(Self.differing(late, outOfService) == 0)
        #expect(Self.differing(early, standalone) > 0)
        #expect(Self.differing(early, late) > 0)
    }
}
