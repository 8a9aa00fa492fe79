import Evdev
import Foundation
import Geometry
import Gestures
import KioskUI
import Recording
import Seating

/// The bundled demo: a visitor's session on a generated 10,000-seat stadium at 1920×1080 — a
/// party of three, tap a tribune, pinch, rotate, one tap places the three seats, Best seats,
/// home, the cart, Buy, the review's Confirm, the receipt's Done — then a second visitor's
/// accessible-mode purchase by the seat list and speech (`DemoSession+Accessible`) — as a
/// `libinput record` file the project makes itself (`demo/demo-session.yaml`, written by
/// `tribune-headless demo --make-session`).
///
/// The touches are scripted from the screen layout, not from fixed coordinates: the script runs
/// the kiosk's screens (`KioskReplay`) step by step and aims each touch at where the screens
/// put things at that moment — a tribune's centre and seats through the chart's view state,
/// Buy and Ok through `KioskSession.frame(of:)`.
public enum DemoSession {
    /// The logical screen, px.
    public static let screenSize = Size(width: 1920, height: 1080)
    /// Seats in the generated stadium (about).
    public static let seatCount = 10_000
    /// The virtual panel: 480×270 mm, 10 axis units per pixel, 40 units per mm (4 px/mm).
    public static let unitsPerPixel = 10
    public static let unitsPerMillimetre: Int32 = 40
    /// Touch reports per second while fingers move.
    public static let reportRate = 120.0

    /// One moment the demo captures as a key frame: the first display frame at or after `time`.
    public struct KeyMoment: Sendable, Hashable {
        /// Seconds on the session's clock.
        public var time: Double
        /// File name stem (`01-stadium`).
        public var name: String
        /// What the frame shows.
        public var caption: String
    }

    /// The script's timing, s. Each step starts when the previous one's animations are over.
    enum Time {
        static let party = 1.3, tribune = 1.8, pinch = 3.5, rotate = 4.8, seat = 6.1, best = 6.9, home = 8.4
        static let cart = 9.9, cartClose = 10.8, buy = 11.2, confirm = 12.4, ok = 13.8, end = 15.3
    }

    /// The key frames, in order: the first visitor's, then the accessible-mode sequence's.
    public static let keyMoments: [KeyMoment] = mapKeyMoments + accessibleKeyMoments

    /// The first visitor's key frames (the map).
    static let mapKeyMoments: [KeyMoment] = [
        KeyMoment(time: 1.2, name: "01-stadium", caption: "the stadium, and first: how many seats?"),
        KeyMoment(time: 1.7, name: "02-party-size", caption: "a party of three: Best seats and wheelchair access appear"),
        KeyMoment(time: 3.3, name: "03-tribune", caption: "tap on a tribune: fitted to the screen"),
        KeyMoment(time: 4.6, name: "04-pinch", caption: "pinch: closer, rows and seat numbers"),
        KeyMoment(time: 5.9, name: "05-rotate", caption: "rotate: the labels stay upright"),
        KeyMoment(time: 6.7, name: "06-party-seats", caption: "one tap: three seats side by side, held"),
        KeyMoment(time: 8.2, name: "07-best-seats", caption: "Best seats: the best three, flown to"),
        KeyMoment(time: 9.7, name: "08-home", caption: "home: the whole stadium, north up"),
        KeyMoment(time: 10.6, name: "09-cart", caption: "the cart: each seat, its price, the total"),
        KeyMoment(time: 12.2, name: "10-review", caption: "Buy: the seats, prices and total to check"),
        KeyMoment(time: 13.6, name: "11-receipt", caption: "Confirm: the receipt with the order code"),
        KeyMoment(time: 15.2, name: "12-done", caption: "Done: back to the stadium"),
    ]

    /// The generated stadium.
    public static func venue() -> Venue { StadiumGenerator.generate(.forSeatCount(seatCount)) }

    /// The kiosk configuration of the demo (prices from the venue's categories).
    public static func configuration(venue: Venue, eventName: String = "Tribune Demo Match") -> KioskSession.Configuration {
        var c = KioskSession.Configuration(screenSize: screenSize, pixelsPerMillimetre: Double(unitsPerMillimetre) / Double(unitsPerPixel))
        c.eventName = eventName
        c.boxOfficeConfigured = true
        c.partySizeFirst = true
        for category in venue.categories { c.prices[category.id] = Int(category.priceMinor) }
        c.currency = venue.categories.first?.currency ?? "EUR"
        return c
    }

    /// The virtual touchscreen the session is recorded on (multitouch protocol B, 10 slots).
    public static var device: InputDevice {
        let w = Int32(screenSize.width) * Int32(unitsPerPixel), h = Int32(screenSize.height) * Int32(unitsPerPixel)
        return InputDevice(
            name: "Tribune demo touchscreen",
            id: .init(bustype: 0x06, vendor: 0x7472, product: 0x0001, version: 1),
            codes: [EvdevCode.EV_KEY: [EvdevCode.BTN_TOUCH]],
            axes: [
                AbsoluteAxis(code: EvdevCode.ABS_X, minimum: 0, maximum: w - 1, resolution: unitsPerMillimetre),
                AbsoluteAxis(code: EvdevCode.ABS_Y, minimum: 0, maximum: h - 1, resolution: unitsPerMillimetre),
                AbsoluteAxis(code: EvdevCode.ABS_MT_SLOT, minimum: 0, maximum: 9),
                AbsoluteAxis(code: EvdevCode.ABS_MT_POSITION_X, minimum: 0, maximum: w - 1, resolution: unitsPerMillimetre),
                AbsoluteAxis(code: EvdevCode.ABS_MT_POSITION_Y, minimum: 0, maximum: h - 1, resolution: unitsPerMillimetre),
                AbsoluteAxis(code: EvdevCode.ABS_MT_TRACKING_ID, minimum: 0, maximum: 65535),
            ],
            properties: [EvdevCode.INPUT_PROP_DIRECT],
            udevProperties: ["ID_INPUT=1", "ID_INPUT_TOUCHSCREEN=1"],
            node: "/dev/input/event0")
    }

    /// Why the script could not be made (the screens did not show what a step needs).
    public struct ScriptError: Error, CustomStringConvertible {
        public var description: String
    }

    /// Scripts the session against the screens and returns the recording.
    public static func makeRecording(venue: Venue) throws -> InputRecording {
        var script = Script(venue: venue)
        // How many: three (the picker is on screen from the start).
        guard let sizes = script.replay.session.frame(of: .partySize) else { throw ScriptError(description: "no party size picker at the start") }
        try script.tap(at: Point(x: sizes.minX + sizes.width * 2.5 / 8, y: sizes.midY), time: Time.party, until: Time.tribune)
        guard script.replay.session.partySize == 3 else { throw ScriptError(description: "the picker's third button did not choose 3 seats") }

        // Tap the middle of the tribune nearest the screen's centre.
        let view0 = script.view
        let centre = Point(x: screenSize.width / 2, y: screenSize.height / 2)
        let tribune = venue.tribunes.min { a, b in
            view0.screenPoint(fromChart: Point(x: a.bounds.midX, y: a.bounds.midY)).distance(to: centre)
                < view0.screenPoint(fromChart: Point(x: b.bounds.midX, y: b.bounds.midY)).distance(to: centre)
        }
        guard let tribune else { throw ScriptError(description: "the venue has no tribunes") }
        try script.tap(at: view0.screenPoint(fromChart: Point(x: tribune.bounds.midX, y: tribune.bounds.midY)), time: Time.tribune, until: Time.pinch)

        // Pinch out 1.4× about the centre, then turn 25° clockwise.
        script.fingers(time: Time.pinch, duration: 0.6, until: Time.rotate) { t in
            let d = 130 + 52 * t
            return [Point(x: centre.x - d, y: centre.y), Point(x: centre.x + d, y: centre.y)]
        }
        script.fingers(time: Time.rotate, duration: 0.6, until: Time.seat) { t in
            let a = 25 * Double.pi / 180 * t, r = 160.0
            return [Point(x: centre.x - r * cos(a), y: centre.y - r * sin(a)), Point(x: centre.x + r * cos(a), y: centre.y + r * sin(a))]
        }

        // One tap on a seat near the centre, clear of the controls: the party of three sits there.
        let seat = try pickSeats(script: script, tribune: tribune, centre: centre)[1]
        try script.tap(at: script.view.screenPoint(fromChart: aim(at: seat, chart: script.replay.session.interaction.chart)),
                       time: Time.seat, until: Time.best)
        let placed = script.replay.session.selectedSeats
        guard placed.count == 3, placed.contains(seat) else {
            throw ScriptError(description: "tapping seat \(venue.seatIDs[seat]) selected \(placed.map { venue.seatIDs[$0] })")
        }
        // Best seats: the best three of the event, flown to; then home.
        try script.tap(control: .bestSeats, time: Time.best, until: Time.home)
        guard script.replay.session.selectedSeats.count == 3 else { throw ScriptError(description: "Best seats chose no three seats") }
        try script.tap(control: .zoomOut, time: Time.home, until: Time.cart)
        // The cart, closed again; Buy, the review's Confirm, the receipt's Done.
        try script.tap(control: .cart, time: Time.cart, until: Time.cartClose)
        try script.tap(control: .cartClose, time: Time.cartClose, until: Time.buy)
        try script.tap(control: .buy, time: Time.buy, until: Time.confirm)
        try script.tap(control: .reviewConfirm, time: Time.confirm, until: Time.ok)
        try script.tap(control: .dialogOK, time: Time.ok, until: Time.end)
        // A second visitor buys in accessible mode (`DemoSession+Accessible`).
        try scriptAccessibleSequence(&script)
        return script.recording
    }

    /// A point (chart units) well inside `seat` for the chart's hit test: of a 15×15 grid over its
    /// bounds, the point nearest the centre whose neighbours a tenth of the seat away also hit it.
    /// (The centre itself lies on the rod between back and squab, so a finger there — after
    /// the recording's rounding to device units — may miss.)
    static func aim(at seat: Int, chart: SeatingChart) -> Point {
        let venue = chart.venue
        let record = venue.seats[seat]
        let tribune = Int(record.tribune)
        let box = venue.seatPath(seat).boundingRect
        let margin = 0.1 * min(box.width, box.height)
        func hits(_ p: Point) -> Bool { chart.index.seat(at: p, inTribune: tribune, of: venue) == seat }
        var best = record.center, bestDistance = Double.infinity
        for i in 0...14 {
            for j in 0...14 {
                let p = Point(x: box.minX + box.width * Double(i) / 14, y: box.minY + box.height * Double(j) / 14)
                let d = p.distance(to: record.center)
                guard d < bestDistance, hits(p) else { continue }
                let ring = [Point(x: p.x - margin, y: p.y), Point(x: p.x + margin, y: p.y),
                            Point(x: p.x, y: p.y - margin), Point(x: p.x, y: p.y + margin)]
                if ring.allSatisfy(hits) { best = p; bestDistance = d }
            }
        }
        return best
    }

    /// Seats of the zoomed tribune on screen, the one nearest the centre and two row neighbours.
    static func pickSeats(script: Script, tribune: Tribune, centre: Point) throws -> [Int] {
        let view = script.view
        let session = script.replay.session
        let controls = [KioskControl.buy, .zoomOut, .cart].compactMap { session.frame(of: $0) }
        let venue = script.venue
        func usable(_ s: Int) -> Bool {
            let p = view.screenPoint(fromChart: venue.seats[s].center)
            guard p.x > 200, p.x < screenSize.width - 200, p.y > 200, p.y < screenSize.height - 200 else { return false }
            return !controls.contains { r in p.x > r.minX - 30 && p.x < r.maxX + 30 && p.y > r.minY - 30 && p.y < r.maxY + 30 }
        }
        let candidates = tribune.seats.filter(usable).sorted { a, b in
            let da = view.screenPoint(fromChart: venue.seats[a].center).distance(to: centre)
            let db = view.screenPoint(fromChart: venue.seats[b].center).distance(to: centre)
            return da != db ? da < db : a < b
        }
        for s in candidates {
            let row = venue.rows[Int(venue.seats[s].row)].seats
            for start in [s - 1, s, s - 2] where start >= row.lowerBound && start + 2 < row.upperBound {
                let three = [start, start + 1, start + 2]
                if three.allSatisfy(usable) { return three }
            }
        }
        throw ScriptError(description: "no three neighbouring seats of tribune \(tribune.label) are on screen clear of the controls")
    }

    /// The script under construction: the evdev events so far and the screens replaying them.
    struct Script {
        let venue: Venue
        let replay: KioskReplay
        var events: [InputEvent] = []
        var nextTrackingID: Int32 = 1
        /// Touch frames already fed to the replay.
        var fed = 0
        var clockTime = 0.0

        init(venue: Venue) {
            self.venue = venue
            replay = KioskReplay(venue: venue, configuration: DemoSession.configuration(venue: venue),
                                 options: .init(timing: false), responder: LayoutResponder())
        }

        /// The chart's view as the screens show it now.
        var view: ChartViewState { replay.session.interaction.presentedView }

        var recording: InputRecording {
            var frames: [EvdevFrame] = []
            var current: [InputEvent] = []
            for e in events {
                current.append(e)
                if e.isSynReport { frames.append(EvdevFrame(time: e.time, events: current)); current.removeAll() }
            }
            return InputRecording(device: DemoSession.device, frames: frames, format: .libinputRecord, path: "demo-session.yaml")
        }

        static func units(_ v: Double) -> Int32 { Int32((v * Double(DemoSession.unitsPerPixel)).rounded()) }

        /// One evdev frame: `slots` maps slot → position (nil lifts it); `began` slots get a new tracking id.
        mutating func frame(time: Double, slots: [(slot: Int32, point: Point?, began: Bool)], touching: Bool?) {
            let t = Int64((time * 1_000_000).rounded())
            for s in slots {
                events.append(InputEvent(time: t, type: EvdevCode.EV_ABS, code: EvdevCode.ABS_MT_SLOT, value: s.slot))
                if s.began {
                    events.append(InputEvent(time: t, type: EvdevCode.EV_ABS, code: EvdevCode.ABS_MT_TRACKING_ID, value: nextTrackingID))
                    nextTrackingID += 1
                }
                if let p = s.point {
                    events.append(InputEvent(time: t, type: EvdevCode.EV_ABS, code: EvdevCode.ABS_MT_POSITION_X, value: Self.units(p.x)))
                    events.append(InputEvent(time: t, type: EvdevCode.EV_ABS, code: EvdevCode.ABS_MT_POSITION_Y, value: Self.units(p.y)))
                } else {
                    events.append(InputEvent(time: t, type: EvdevCode.EV_ABS, code: EvdevCode.ABS_MT_TRACKING_ID, value: -1))
                }
            }
            if let touching { events.append(InputEvent(time: t, type: EvdevCode.EV_KEY, code: EvdevCode.BTN_TOUCH, value: touching ? 1 : 0)) }
            // The single-touch axes follow the first slot, as kernels report them.
            if let first = slots.first, first.slot == 0, let p = first.point {
                events.append(InputEvent(time: t, type: EvdevCode.EV_ABS, code: EvdevCode.ABS_X, value: Self.units(p.x)))
                events.append(InputEvent(time: t, type: EvdevCode.EV_ABS, code: EvdevCode.ABS_Y, value: Self.units(p.y)))
            }
            events.append(InputEvent(time: t, type: EvdevCode.EV_SYN, code: EvdevCode.SYN_REPORT, value: 0))
        }

        /// A tap (80 ms, no motion); the screens then run until `until`.
        mutating func tap(at p: Point, time: Double, until: Double) throws {
            guard p.x >= 0, p.y >= 0, p.x < DemoSession.screenSize.width, p.y < DemoSession.screenSize.height else {
                throw ScriptError(description: "a tap at \(p) is off the screen")
            }
            frame(time: time, slots: [(0, p, true)], touching: true)
            frame(time: time + 0.08, slots: [(0, nil, false)], touching: false)
            try run(until: until)
        }

        /// A tap on `control` where the screens show it now; an error naming it when they do not.
        mutating func tap(control: KioskControl, time: Double, until: Double) throws {
            guard let r = replay.session.frame(of: control) else {
                throw ScriptError(description: "no \(control.rawValue) on the \(replay.session.phase.rawValue) screen at \(time) s")
            }
            try tap(at: Point(x: r.midX, y: r.midY), time: time, until: until)
        }

        /// Fingers along `path(t)` (one point per finger, slots in order), t 0…1 eased in and
        /// out over `duration`, held still 0.1 s, then lifted; the screens then run until `until`.
        mutating func fingers(time: Double, duration: Double, until: Double, path: (Double) -> [Point]) {
            let start = path(0)
            let slots = (0..<Int32(start.count))
            frame(time: time, slots: slots.map { ($0, start[Int($0)], true) }, touching: true)
            let steps = Int((duration * DemoSession.reportRate).rounded())
            for k in 1...steps {
                let u = Double(k) / Double(steps)
                let now = path(u * u * (3 - 2 * u))
                frame(time: time + Double(k) / DemoSession.reportRate, slots: slots.map { ($0, now[Int($0)], false) }, touching: nil)
            }
            let lift = time + duration + 0.1
            frame(time: lift, slots: slots.map { ($0, nil, false) }, touching: false)
            try? run(until: until)
        }

        /// Feeds the touch frames not yet replayed and runs the screens' clock to `until`.
        mutating func run(until: Double) throws {
            let all = try recording.touchFrames(mapping: DisplayMapping(size: DemoSession.screenSize))
            let new = Array(all[fed...])
            fed = all.count
            var target = replay
            ReplayTimeline(frames: new, frameRate: 60, start: clockTime, end: until, settleLimit: 0).run(&target)
            clockTime = until
        }
    }
}

/// Answers the script's requests the way a box office with every seat free would, so the script
/// can see the screens that follow (held seats, the confirmation dialog). Only the script uses
/// it; the demo itself buys from the real box office.
final class LayoutResponder: BoxOfficeResponder {
    func respond(to request: BoxOfficeRequest, now: Double) -> [BoxOfficeResponse] {
        switch request {
        case .holdSeat(let seat): [.seatHeld(seat, expiresAt: now + 480)]
        case .releaseSeat(let seat): [.seatReleased(seat)]
        case .buy(let seats, _): [.purchased(orderID: "script", seats: seats)]
        case .releaseAll: []
        case .refreshAvailability: [.availability([])]
        case .extendHold: [.holdExtended(expiresAt: now + 480)]
        }
    }
}
