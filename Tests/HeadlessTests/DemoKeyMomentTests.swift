import Foundation
import Geometry
import Gestures
@testable import Headless
@testable import KioskUI
import Recording
import Testing

/// The demo's key frames show the new map (issue 24): the bundled session replayed as
/// `tribune-headless demo` does (60 fps, a box office that holds and sells every seat), with the
/// screens' state read at each key moment — the first display frame at or after it, as the
/// key frames are taken.
@Suite struct DemoKeyMomentTests {
    /// What the screens showed at one key moment.
    struct Seen {
        var name: String
        var atHome: Bool
        var homeControl: Bool
        var tribune: Int?
        var seats: Int
        var callout: Bool
        var purchases: Int
        var phase: KioskPhase
        var partySize: Int?
        var selected: [Int]
        /// The presented view: zoom, rotation (degrees, 0…360), offset (px).
        var zoom: Double
        var rotation: Double
        var offset: Vector
        var stadium: Rect
        var tribuneBox: Rect?
    }

    /// The screens at `moment` as this test notes them.
    static func look(_ s: KioskSession, _ moment: DemoSession.KeyMoment) -> Seen {
        let view = s.interaction.presentedView, venue = s.interaction.chart.venue
        let m = view.chartToScreen
        // A rect's on-screen box: the bounding box of its turned corners (CGRect.applying).
        func box(_ r: Rect) -> Rect { r.applying(m) }
        let degrees = (view.effectiveRotation * 180 / .pi).truncatingRemainder(dividingBy: 360)
        return Seen(name: moment.name, atHome: s.interaction.isAtHome, homeControl: s.frame(of: .zoomOut) != nil,
                    tribune: s.interaction.chart.selectedTribune, seats: s.selectedSeats.count,
                    callout: s.calloutSnapshot() != nil, purchases: s.purchases.count,
                    phase: s.phase, partySize: s.partySize, selected: s.selectedSeats,
                    zoom: view.effectiveZoom, rotation: degrees < 0 ? degrees + 360 : degrees, offset: view.effectiveOffset,
                    stadium: box(Rect(origin: .zero, size: venue.size)),
                    tribuneBox: s.interaction.chart.selectedTribune.map { box(venue.tribunes[$0].bounds) })
    }

    @Test func theKeyFramesShowPartySizeBestSeatsTheCartTheReviewAndTheReceipt() throws {
        let watcher = try KeyMomentWatcher(look: Self.look)
        let replay = watcher.replay, venue = replay.session.interaction.chart.venue
        let seen = watcher.seen
        try #require(seen.count == DemoSession.keyMoments.count)
        let byName = Dictionary(uniqueKeysWithValues: seen.map { ($0.name, $0) })
        func at(_ name: String) throws -> Seen { try #require(byName[name], "no key moment \(name)") }
        let safe = replay.session.layout.safeArea
        func inside(_ r: Rect) -> Bool { r.minX >= safe.minX - 1 && r.maxX <= safe.maxX + 1 && r.minY >= safe.minY - 1 && r.maxY <= safe.maxY + 1 }
        for s in seen {
            print(String(format: "DemoKeyMoment %@: home %@, home control %@, tribune %@, %d seats, callout %@, zoom %.2f, rotation %.1f°, offset (%.0f, %.0f)",
                         s.name, "\(s.atHome)", "\(s.homeControl)", s.tribune.map { venue.tribunes[$0].label } ?? "none", s.seats, "\(s.callout)",
                         s.zoom, s.rotation, s.offset.dx, s.offset.dy))
        }

        let stadium = try at("01-stadium")
        #expect(stadium.atHome && !stadium.homeControl && stadium.tribune == nil && !stadium.callout)
        #expect(stadium.partySize == nil, "the picker comes first")
        #expect(inside(stadium.stadium), "the overview fits the safe area: \(stadium.stadium) in \(safe)")
        let party = try at("02-party-size")
        #expect(party.partySize == 3 && party.seats == 0 && party.atHome)

        let tribune = try at("03-tribune")
        #expect(tribune.tribune != nil && tribune.homeControl && !tribune.atHome)
        #expect(tribune.tribuneBox.map(inside) == true, "the tapped tribune is fitted into the safe area")

        let pinch = try at("04-pinch"), rotate = try at("05-rotate")
        #expect(pinch.zoom > tribune.zoom * 1.2)
        let turned = abs(rotate.rotation - pinch.rotation)
        #expect(turned > 15 && turned < 35, "the rotate step turns about 25°: \(turned)")

        // One tap: three adjacent seats of one row, with the callout.
        let placed = try at("06-party-seats")
        #expect(placed.seats == 3 && placed.callout, "three seats and the callout")
        func oneRun(_ seats: [Int]) -> Bool {
            let sorted = seats.sorted()
            guard let first = sorted.first else { return false }
            return sorted == Array(first..<(first + seats.count)) && sorted.allSatisfy(venue.rows[Int(venue.seats[first].row)].seats.contains)
        }
        #expect(oneRun(placed.selected))
        let best = try at("07-best-seats")
        #expect(best.seats == 3 && oneRun(best.selected) && best.callout && best.tribune != nil)
        #expect(best.tribune == Int(venue.seats[best.selected[0]].tribune), "flown to the best seats' tribune")

        let home = try at("08-home")
        #expect(home.atHome && !home.homeControl && home.tribune == nil)
        #expect(home.rotation < 0.01 || home.rotation > 359.99, "north up: \(home.rotation)°")
        #expect(home.seats == 3, "home keeps the chosen seats")
        #expect(home.stadium == stadium.stadium, "home is where the overview was")

        #expect(try at("09-cart").phase == .cart)
        let review = try at("10-review")
        #expect(review.phase == .review && review.purchases == 0 && review.seats == 3, "the review shows the seats still held, nothing bought yet")
        #expect(try at("11-receipt").purchases == 1)
        let done = try at("12-done")
        #expect(done.atHome && done.seats == 0 && done.stadium == stadium.stadium && done.partySize == nil)
    }
}

/// The bundled session replayed as `tribune-headless demo` replays it (60 fps, to the last key
/// moment) against a box office that holds and sells every seat, noting `look`'s view of the
/// screens at each key moment — the first display frame at or after it, as the key frames are
/// taken — and calling `everyFrame` after each display frame.
final class KeyMomentWatcher<Seen>: ReplayTarget {
    let replay: KioskReplay
    private let look: (KioskSession, DemoSession.KeyMoment) -> Seen
    private let everyFrame: (KioskReplay) -> Void
    private(set) var seen: [Seen] = []

    init(look: @escaping (KioskSession, DemoSession.KeyMoment) -> Seen, everyFrame: @escaping (KioskReplay) -> Void = { _ in }) throws {
        self.look = look
        self.everyFrame = everyFrame
        let venue = DemoSession.venue()
        replay = KioskReplay(venue: venue, configuration: DemoSession.configuration(venue: venue), options: .init(timing: false),
                             responder: LayoutResponder())
        let path = try #require(Demo.bundledSessionPath())
        let touches = try RecordingReader.read(path: path).touchFrames(mapping: DisplayMapping(size: DemoSession.screenSize))
        var target = self
        ReplayTimeline(frames: touches, frameRate: Demo.frameRate, start: 0, end: DemoSession.keyMoments.last?.time ?? 0).run(&target)
    }

    func handle(_ frame: TouchFrame) { replay.handle(frame) }
    var nextDeadline: Double? { replay.nextDeadline }
    func advance(to time: Double) { replay.advance(to: time) }
    var isSettled: Bool { replay.isSettled && seen.count >= DemoSession.keyMoments.count }
    func displayFrame(index: Int, time: Double) {
        replay.displayFrame(index: index, time: time)
        everyFrame(replay)
        let moments = DemoSession.keyMoments
        guard seen.count < moments.count, time >= moments[seen.count].time - 1e-6 else { return }
        seen.append(look(replay.session, moments[seen.count]))
    }
}
