import Foundation
import Testing
import Geometry
import Gestures
import Raster
import Recording
import Seating
import TestFixtures
@testable import KioskUI

@Suite struct KioskReplayTests {
    /// A tap on a tribune, then (after the zoom) a drag: synthetic touch frames.
    static func session(_ venue: Venue, size: Size) -> [TouchFrame] {
        let view = homeView(venue, size: size)
        let t = venue.tribunes.firstIndex { $0.kind == .rect }!
        let p = view.screenPoint(fromChart: Point(x: venue.tribunes[t].bounds.midX, y: venue.tribunes[t].bounds.midY))
        var frames = [TouchFrame(timestamp: 0.1, touches: [.init(id: 0, location: p, phase: .began)]),
                      TouchFrame(timestamp: 0.18, touches: [.init(id: 0, location: p, phase: .ended)])]
        for k in 0...20 {
            let q = Point(x: 100 + Double(k) * 6, y: 100)
            frames.append(TouchFrame(timestamp: 1.5 + Double(k) * 0.01,
                                     touches: [.init(id: 1, location: q, phase: k == 0 ? .began : k == 20 ? .ended : .moved)]))
        }
        return frames
    }

    /// The chart at home as the session starts it: the stadium fitted into the layout's safe
    /// area (4 px/mm) at the resting rotation.
    static func homeView(_ venue: Venue, size: Size) -> ChartViewState {
        var view = ChartViewState(viewSize: size, chartSize: venue.size)
        view.safeArea = KioskLayout(size: size, pixelsPerMillimetre: 4).safeArea
        view.homeRotation = KioskSession.restingRotation(for: size)
        view.goHome()
        return view
    }

    func replay(_ frames: [TouchFrame], directory: String?, size: Size, rotation: DisplayRotation = .degrees0) -> (ReplayReport, [Data]) {
        let venue = StadiumGenerator.generate(.design())
        var configuration = KioskSession.Configuration(screenSize: size, pixelsPerMillimetre: 4)
        configuration.boxOfficeConfigured = false
        let replay = KioskReplay(venue: venue, configuration: configuration,
                                 options: .init(framesDirectory: directory, every: 15, timing: true, rotation: rotation))
        var target = replay
        ReplayTimeline(frames: frames, start: 0).run(&target)
        var pngs: [Data] = []
        if let directory {
            for name in ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted() {
                pngs.append(FileManager.default.contents(atPath: directory + "/" + name) ?? Data())
            }
        }
        return (replay.report(), pngs)
    }

    @Test func replayingTwiceGivesIdenticalReportsAndFrames() throws {
        let size = Size(width: 320, height: 240)
        let frames = Self.session(StadiumGenerator.generate(.design()), size: size)
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("tribune-replay-\(getpid())").path
        let a = base + "/a", b = base + "/b"
        for d in [a, b] { try FileManager.default.createDirectory(atPath: d, withIntermediateDirectories: true) }
        defer { try? FileManager.default.removeItem(atPath: base) }
        let (r1, f1) = replay(frames, directory: a, size: size)
        let (r2, f2) = replay(frames, directory: b, size: size)
        #expect(r1.withoutTiming.json() == r2.withoutTiming.json())
        #expect(f1 == f2)
        // Ticks at 0, 1/60 … until the drag ends at 1.7 s and the view settles: frames 0…102.
        #expect(r1.frames == 103)
        #expect(f1.count == 7)  // 0, 15, …, 90
        #expect(r1.taps == 1)
        #expect(r1.zoom > ChartViewState.restingZoom)  // the tapped tribune fitted
        // 20 steps of 6 px, but a lifting finger stops contributing in the frame it lifts
        // (the gestures' rule), so the drag is 19 × 6 px. (Where it leaves the view depends on
        // the bounds: ViewBounds* check those.)
        #expect(abs(r1.translation.x - 114) < 1e-9 && r1.translation.y == 0)
        #expect(r1.renderMax > 0)
    }

    @Test func recordedScrollReplaysDeterministically() throws {
        let path = try Recordings.devices("touchscreens/EP0430M09.2-finger-scroll-down.events")
        let size = Size(width: 1280, height: 768)
        let frames = try RecordingReader.read(path: path).touchFrames(mapping: DisplayMapping(size: size))
        let (r1, _) = replay(frames, directory: nil, size: size)
        let (r2, _) = replay(frames, directory: nil, size: size)
        #expect(r1 == r2)
        #expect(r1.renderMax == 0 && r1.framesWritten == 0)
        #expect(abs(r1.translation.y) > 100 && abs(r1.translation.x) < abs(r1.translation.y) / 4)  // a two-finger vertical scroll
    }

    /// A box office that holds every seat for 10 minutes and sells whatever is bought.
    final class SellingResponder: BoxOfficeResponder {
        var performed: [BoxOfficeRequest] = []
        func respond(to request: BoxOfficeRequest, now: Double) -> [BoxOfficeResponse] {
            performed.append(request)
            switch request {
            case .holdSeat(let id): return [.seatHeld(id, expiresAt: now + 600)]
            case .releaseSeat(let id): return [.seatReleased(id)]
            case .buy(let seats, _): return [.purchased(orderID: "ORD-\(performed.count)", seats: seats)]
            case .releaseAll: return []
            case .refreshAvailability: return [.availability([])]
            case .extendHold: return [.holdExtended(expiresAt: now + 600)]
            }
        }
    }

    @Test func responderAnswersSynchronouslyAndThePurchaseIsReported() {
        let size = Size(width: 960, height: 540)
        let venue = StadiumGenerator.generate(.design())
        var configuration = KioskSession.Configuration(screenSize: size, pixelsPerMillimetre: 4)
        configuration.prices = ["CAT1": 6500, "CAT2": 4500, "CAT3": 2900, "WHEEL": 2900]
        let responder = SellingResponder()
        let replay = KioskReplay(venue: venue, configuration: configuration, options: .init(every: 30, timing: false), responder: responder)
        var rendered: [Int] = []
        replay.onFrame = { index, _, picture in
            if picture.width == 960 && picture.height == 540 { rendered.append(index) }
        }
        // Tap a tribune; after the zoom, a seat; then Buy.
        let t = venue.tribunes.firstIndex { $0.kind == .rect }!
        let p = Self.homeView(venue, size: size).screenPoint(fromChart: Point(x: venue.tribunes[t].bounds.midX, y: venue.tribunes[t].bounds.midY))
        var frames = [TouchFrame(timestamp: 1.2, touches: [.init(id: 1, location: p, phase: .began)]),
                      TouchFrame(timestamp: 1.25, touches: [.init(id: 1, location: p, phase: .ended)])]
        var target = replay
        ReplayTimeline(frames: frames, start: 0).run(&target)
        let seat = venue.tribunes[t].seats.lowerBound + venue.tribunes[t].seats.count / 2
        let s = venue.seats[seat]
        // The middle of the seat's squab (its centre lies between back and squab): in the seat's
        // square of side h, (−0.35h/3, 0.2h) from the centre, turned with the seat.
        let dx = -(s.size / 3 - s.size / 10) / 2, dy = 0.2 * s.size
        let squab = Point(x: s.center.x + dx * cos(s.rotation) - dy * sin(s.rotation), y: s.center.y + dx * sin(s.rotation) + dy * cos(s.rotation))
        let q = replay.session.interaction.presentedView.screenPoint(fromChart: squab)
        let buy = replay.session.frame(of: .buy)!.center
        frames = [TouchFrame(timestamp: 3.0, touches: [.init(id: 2, location: q, phase: .began)]),
                  TouchFrame(timestamp: 3.05, touches: [.init(id: 2, location: q, phase: .ended)]),
                  TouchFrame(timestamp: 3.5, touches: [.init(id: 3, location: buy, phase: .began)]),
                  TouchFrame(timestamp: 3.55, touches: [.init(id: 3, location: buy, phase: .ended)])]
        ReplayTimeline(frames: frames, start: 3.0).run(&target)
        // Buy opened the review: Confirm places the order.
        let confirm = replay.session.frame(of: .reviewConfirm)!.center
        frames = [TouchFrame(timestamp: 4.0, touches: [.init(id: 4, location: confirm, phase: .began)]),
                  TouchFrame(timestamp: 4.05, touches: [.init(id: 4, location: confirm, phase: .ended)])]
        ReplayTimeline(frames: frames, start: 4.0).run(&target)
        let id = venue.seatIDs[seat]
        let price = configuration.prices[venue.categories[Int(s.category)].id]!
        #expect(responder.performed == [.holdSeat(id), .buy(seats: [id], expectedTotal: price)])
        #expect(replay.session.phase == .confirmation)
        #expect(replay.report().purchases == 1)
        #expect(replay.report().selectedSeats == [id])
        // Every 30th display frame of both runs went to the callback, none to files.
        #expect(!rendered.isEmpty && rendered.allSatisfy { $0 % 30 == 0 } && replay.framesWritten == 0)
    }

    @Test func framesAreWrittenTurnedIntoThePanelsOrientation() throws {
        let size = Size(width: 320, height: 180)
        let frames = Self.session(StadiumGenerator.generate(.design()), size: size)
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("tribune-replay-rot-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: base) }
        for r in ["0", "90", "270"] { try FileManager.default.createDirectory(atPath: base + "/" + r, withIntermediateDirectories: true) }
        _ = replay(frames, directory: base + "/0", size: size)
        _ = replay(frames, directory: base + "/90", size: size, rotation: .degrees90)
        _ = replay(frames, directory: base + "/270", size: size, rotation: .degrees270)
        let upright = try Surface(contentsOfPNGFile: base + "/0/frame-000030.png")
        let r90 = try Surface(contentsOfPNGFile: base + "/90/frame-000030.png")
        let r270 = try Surface(contentsOfPNGFile: base + "/270/frame-000030.png")
        #expect(r90.width == 180 && r90.height == 320 && r270.width == 180 && r270.height == 320)
        // Turned 90° clockwise: the picture's top-left corner is at the panel's top-right,
        // upright (x, y) at panel (H − 1 − y, x); 270°: at (y, W − 1 − x).
        var same90 = true, same270 = true
        for y in stride(from: 0, to: 180, by: 7) {
            for x in stride(from: 0, to: 320, by: 5) {
                let p = upright.pixel(x: x, y: y)
                if r90.pixel(x: 179 - y, y: x) != p { same90 = false }
                if r270.pixel(x: y, y: 319 - x) != p { same270 = false }
            }
        }
        #expect(same90 && same270)
    }
}
