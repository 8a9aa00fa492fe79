import Foundation
import Geometry
import Raster
import Seating
import Testing
@testable import KioskUI

/// The session's polls, retries and patience (`BoxOfficeWatch`) on a virtual clock, with the
/// box office's answers given by hand. Times below are written out from the documented
/// schedule (poll every 3 s; retries after 1, 2, 4, 8, 8, … s; out of service after 30 s).
/// TRIBUNE_GALLERY=DIR writes the reconnecting frames.
@Suite struct BoxOfficeWatchTests {
    static func driver(_ configure: (inout KioskSession.Configuration) -> Void = { _ in }) -> KioskDriver {
        KioskDriver { c in
            c.pollInterval = 3
            c.outOfServiceAfter = 30
            configure(&c)
        }
    }

    /// Runs to `t` one quarter second at a time (timers fire at their exact times), answering
    /// every poll with `answer` (nil: the poll is dropped); returns the times polls were asked.
    static func polls(_ d: KioskDriver, until t: Double, answer: BoxOfficeResponse? = .availability([])) -> [Double] {
        var times: [Double] = []
        while d.now < t - 1e-9 {
            d.run(to: min(t, d.now + 0.25))
            for r in d.session.takeRequests() where r == .refreshAvailability {
                times.append(d.session.watch.lastPollAt ?? -1)
                if let answer { d.session.receive(answer) }
            }
        }
        return times
    }

    @Test func pollsEveryIntervalWhileTheChartIsShownAndNotWhileBlanked() {
        let d = Self.driver { $0.blankAfter = 20 }
        #expect(Self.polls(d, until: 19.9) == [0, 3, 6, 9, 12, 15, 18])
        #expect(Self.polls(d, until: 40) == [])   // blanked at 20: nobody looks at seats
        #expect(d.session.isBlanked)
    }

    @Test func aSlowPollDelaysTheNextInsteadOfPilingUp() {
        let d = Self.driver()
        #expect(Self.polls(d, until: 10, answer: nil) == [0])
        d.session.receive(.availability([]))
        // The answer came at 10; the next poll was due at 3, so it goes at once, then every 3 s.
        #expect(Self.polls(d, until: 16) == [10, 13, 16])
    }

    @Test func availabilityChangesTheSeatsLookAndATapOnItGetsTheToast() {
        let d = Self.driver()
        let t = d.zoomIn()
        let (a, b) = d.middleSeats(t)
        _ = Self.polls(d, until: d.now + 3.1)
        d.session.receive(.availability([SeatStatusChange(seatID: d.venue.seatIDs[a], status: "sold"),
                                         SeatStatusChange(seatID: d.venue.seatIDs[b], status: "held")]))
        #expect(d.session.interaction.chart.availability.status(a) == .sold)
        #expect(d.session.interaction.chart.availability.status(b) == .held(hold: "", until: .infinity))
        #expect(d.session.needsDisplay)
        let surface = d.render()
        let px = surface.pixel(x: Int(d.seatPoint(a).x), y: Int(d.seatPoint(a).y))
        // The sold look: its fill with a light ✕ — the pixel is the fill, the glyph or a blend of the two.
        #expect(KioskSessionTests.blends(px, MapStyle.sold.fill, MapStyle.sold.glyphColor), "\(px)")
        d.tap(d.seatPoint(a))
        #expect(d.session.selectedSeats.isEmpty)
        #expect(d.session.toastText != nil)
    }

    @Test func aFailedHoldKeepsTheSeatRetriesWithBackoffAndGoesOutOfServiceOnlyAfterThePatience() {
        let d = Self.driver()
        let t = d.zoomIn()
        let (seat, _) = d.middleSeats(t)
        let id = d.venue.seatIDs[seat]
        // The first poll is answered: the box office was there.
        #expect(d.session.takeRequests() == [.refreshAvailability])
        d.session.receive(.availability([]))
        d.tap(d.seatPoint(seat))
        #expect(d.session.takeRequests() == [.holdSeat(id)])
        let failedAt = d.now
        d.session.receive(.unanswered(.holdSeat(id), code: "BO-NET"))
        #expect(d.session.selectedSeats == [seat])
        #expect(d.session.isReconnecting && !d.session.canBuy)
        // Retries at 1, 3, 7, 15, 23 s after the failure: the waiting hold, nothing else.
        for offset in [1.0, 3, 7, 15, 23] {
            d.run(to: failedAt + offset - 0.001)
            #expect(d.session.takeRequests() == [], "before \(offset)")
            d.run(to: failedAt + offset)
            #expect(d.session.takeRequests() == [.holdSeat(id)], "at \(offset)")
            d.session.receive(.unanswered(.holdSeat(id), code: "BO-503"))
            #expect(d.session.phase == .zoomed && d.session.selectedSeats == [seat])
        }
        d.run(to: failedAt + 29.999)
        #expect(d.session.phase == .zoomed && d.session.outOfServiceCode == nil)
        d.run(to: failedAt + 30)
        #expect(d.session.phase == .outOfService && d.session.outOfServiceCode == "BO-503")
        #expect(d.session.selectedSeats == [seat])
        // The next retry is answered: back to the chart with the seat, held now.
        d.run(to: failedAt + 31)
        #expect(d.session.takeRequests() == [.holdSeat(id)])
        d.session.receive(.seatHeld(id, expiresAt: d.now + 600))
        #expect(d.session.phase == .zoomed && d.session.selectedSeats == [seat])
        #expect(!d.session.isReconnecting && d.session.canBuy && d.session.holdExpiresAt == d.now + 600)
        // Polling resumes at once (the seat view is open and nothing is in flight).
        let back = d.now
        #expect(Self.polls(d, until: back + 0.25) == [back])
    }

    @Test func aSeatLetGoDuringTheOutageIsNotHeldWhenTheBoxOfficeReturns() {
        let d = Self.driver()
        let t = d.zoomIn()
        let (seat, _) = d.middleSeats(t)
        let id = d.venue.seatIDs[seat]
        d.tap(d.seatPoint(seat))
        _ = d.session.takeRequests()
        d.session.receive(.unanswered(.holdSeat(id), code: "BO-NET"))
        d.tap(d.seatPoint(seat))   // let go again
        #expect(d.session.selectedSeats.isEmpty)
        #expect(d.session.takeRequests() == [.releaseSeat(id)])
        d.session.receive(.seatReleased(id))   // answered: the outage is over
        #expect(!d.session.isReconnecting)
        d.run(to: d.now + 10)
        #expect(!d.session.takeRequests().contains(.holdSeat(id)))
    }

    @Test func standaloneSaysSoAndAnUnreachableBoxOfficeIsNeverMistakenForIt() {
        let standalone = Self.driver { $0.boxOfficeConfigured = false }
        let inService = Self.driver()
        let unreachable = Self.driver()
        for d in [standalone, inService, unreachable] { d.run(to: 2) }
        #expect(standalone.session.takeRequests().isEmpty)   // no box office: nothing is asked, ever
        #expect(inService.session.takeRequests() == [.refreshAvailability])
        inService.session.receive(.availability([]))
        #expect(unreachable.session.takeRequests() == [.refreshAvailability])
        unreachable.session.receive(.unanswered(.refreshAvailability, code: "BO-NET"))
        #expect(!standalone.session.isReconnecting && !inService.session.isReconnecting && unreachable.session.isReconnecting)
        #expect(standalone.session.snapshot().bar.reconnecting == false)
        #expect(unreachable.session.snapshot().bar.reconnecting == true)
        // Each note is drawn in the note box: standalone's, none, reconnecting's — three different pictures there.
        let box = standalone.session.layout.noteBox
        func note(_ d: KioskDriver) -> [UInt32] {
            let s = d.render()
            var out: [UInt32] = []
            for y in Int(box.minY)..<Int(box.maxY) { for x in Int(box.minX)..<Int(box.maxX) { out.append(s.pixel(x: x, y: y).rawValue) } }
            return out
        }
        let (a, b, c) = (note(standalone), note(inService), note(unreachable))
        #expect(a != b && b != c && a != c)
        #expect(KioskStrings.english.reconnecting != KioskStrings.english.purchasesUnavailable)
    }

    /// A visitor with a seat while the box office is away, seats around it sold and held
    /// elsewhere: on every panel the reconnecting note is drawn in the note box and Buy is grey.
    @Test(arguments: [(Size(width: 800, height: 480), 5.0), (Size(width: 1920, height: 1080), 4.0),
                      (Size(width: 1080, height: 1920), 4.0), (Size(width: 3840, height: 2160), 8.0)])
    func theReconnectingNoteIsDrawnOnEveryPanel(size: Size, pixelsPerMillimetre: Double) throws {
        let d = KioskDriver(size: size) { c in
            c.pixelsPerMillimetre = pixelsPerMillimetre
            c.pollInterval = 3
        }
        let t = d.zoomIn()
        let (seat, next) = d.middleSeats(t)
        d.session.receive(.availability([SeatStatusChange(seatID: d.venue.seatIDs[next], status: "sold"),
                                         SeatStatusChange(seatID: d.venue.seatIDs[next + 1], status: "held")]))
        d.tap(d.seatPoint(seat))
        for r in d.session.takeRequests() { d.session.receive(.unanswered(r, code: "BO-NET")) }
        d.run(to: d.now + 0.5)
        #expect(d.session.isReconnecting && !d.session.canBuy && d.session.selectedSeats == [seat])
        let surface = d.render()
        let box = d.session.layout.noteBox
        let background = surface.pixel(x: Int(d.session.layout.bottomBar.maxX) - 2, y: Int(d.session.layout.bottomBar.maxY) - 2)
        var inked = 0
        for y in Int(box.minY)..<Int(box.maxY) { for x in Int(box.minX)..<Int(box.maxX) where surface.pixel(x: x, y: y) != background { inked += 1 } }
        #expect(inked > 50, "note box \(box) has \(inked) inked pixels")
        if let out = ProcessInfo.processInfo.environment["TRIBUNE_GALLERY"] {
            try? FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
            try surface.writePNG(to: "\(out)/reconnecting-\(Int(size.width))x\(Int(size.height)).png", opaque: true)
        }
    }
}
