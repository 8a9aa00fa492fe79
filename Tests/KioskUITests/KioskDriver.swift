import Foundation
import Animation
import Geometry
import Gestures
import Raster
import Seating
@testable import KioskUI

/// Drives a `KioskSession` the way the kiosk runtime does, on a virtual clock: synthetic touch
/// frames, timers fired at `nextDeadline` exactly, answers from the box office by hand.
final class KioskDriver {
    let clock = VirtualClock()
    let session: KioskSession
    let venue: Venue
    private var nextTouch = 1

    static let design = StadiumGenerator.generate(.design())

    init(size: Size = Size(width: 1920, height: 1080), configure: (inout KioskSession.Configuration) -> Void = { _ in }) {
        venue = Self.design
        var c = KioskSession.Configuration(screenSize: size, pixelsPerMillimetre: 4)
        c.eventName = "SportFan Cup Final"
        c.prices = ["CAT1": 6500, "CAT2": 4500, "CAT3": 2900, "WHEEL": 2900]
        configure(&c)
        session = KioskSession(venue: venue, configuration: c, clock: clock)
    }

    var now: Double { clock.now }

    /// Moves time to `t`, firing every timer on the way at its exact time (as a runtime with a
    /// timerfd set to `nextDeadline` does).
    func run(to t: Double) {
        while let d = session.nextDeadline, d <= t, d >= clock.now {
            clock.set(to: d)
            session.advance(to: d)
            if let again = session.nextDeadline, again <= d { break }
        }
        clock.set(to: t)
        session.advance(to: t)
    }

    func frame(_ t: Double, _ touches: [TouchFrame.Touch]) {
        run(to: t)
        session.handle(TouchFrame(timestamp: t, touches: touches))
    }

    /// A one-finger tap at `p`: down now + `after`, up 50 ms later.
    func tap(_ p: Point, after: Double = 0.1) {
        let id = nextTouch; nextTouch += 1
        let t = now + after
        frame(t, [.init(id: id, location: p, phase: .began)])
        frame(t + 0.05, [.init(id: id, location: p, phase: .ended)])
    }

    /// A finger down at `p` (returns its id); `lift` ends it.
    func touchDown(_ p: Point, after: Double = 0.1) -> Int {
        let id = nextTouch; nextTouch += 1
        frame(now + after, [.init(id: id, location: p, phase: .began)])
        return id
    }

    func lift(_ id: Int, at p: Point, after: Double = 0.05) {
        frame(now + after, [.init(id: id, location: p, phase: .ended)])
    }

    /// Two fingers about `centre`, horizontally apart from `from` to `to` px in `steps` frames.
    func pinch(centre: Point, from: Double, to: Double, steps: Int = 10) {
        let a = nextTouch, b = nextTouch + 1; nextTouch += 2
        func touches(_ span: Double, _ phase: TouchFrame.Touch.Phase) -> [TouchFrame.Touch] {
            [.init(id: a, location: Point(x: centre.x - span / 2, y: centre.y), phase: phase),
             .init(id: b, location: Point(x: centre.x + span / 2, y: centre.y), phase: phase)]
        }
        var t = now + 0.1
        frame(t, touches(from, .began))
        for k in 1...steps {
            t += 0.016
            frame(t, touches(from + (to - from) * Double(k) / Double(steps), .moved))
        }
        frame(t + 0.016, touches(to, .ended))
    }

    /// A visitor's touch that changes nothing on screen: a tap on the header's title (the
    /// idle prompt only follows a visitor's touch).
    func touchHeader() {
        let b = session.layout.eventNameBox
        tap(Point(x: b.midX, y: b.midY))
    }

    func tap(_ control: KioskControl) {
        guard let r = session.frame(of: control) else { return }
        tap(r.center)
    }

    /// A full render of the session's state into a fresh surface, with the chart picture
    /// dropped, leaving the session's record of its own surface (last target, snapshot, toast)
    /// as it was.
    func fullRender() -> Surface {
        let cache = session.frameCache
        let kept = (cache.lastTarget, cache.lastFrame, cache.lastToastBox)
        cache.chartKey = nil
        let size = session.configuration.screenSize
        let fresh = Surface(width: Int(size.width), height: Int(size.height))
        session.render(into: fresh)
        (cache.lastTarget, cache.lastFrame, cache.lastToastBox) = kept
        return fresh
    }

    func render() -> Surface {
        let s = Surface(width: Int(session.configuration.screenSize.width), height: Int(session.configuration.screenSize.height))
        session.render(into: s)
        return s
    }

    // MARK: Venue places

    var rectTribune: Int { venue.tribunes.firstIndex { $0.kind == .rect }! }

    /// The screen point of the middle of tribune `t` as presented now.
    func tribunePoint(_ t: Int) -> Point {
        let b = venue.tribunes[t].bounds
        return session.interaction.presentedView.screenPoint(fromChart: Point(x: b.midX, y: b.midY))
    }

    /// The middle of seat `seat`'s squab on screen now: in the seat's square (side h) the squab
    /// spans x 0…h − skewShift (skewShift = h/3 − h/10), y h/2…h − h/10, so its middle is
    /// (−0.35h/3, 0.2h) from the centre, turned by the seat's rotation (y down).
    func seatPoint(_ seat: Int) -> Point {
        let s = venue.seats[seat]
        let dx = -(s.size / 3 - s.size / 10) / 2, dy = 0.2 * s.size
        let c = cos(s.rotation), sn = sin(s.rotation)
        let inSquab = Point(x: s.center.x + dx * c - dy * sn, y: s.center.y + dx * sn + dy * c)
        return session.interaction.presentedView.screenPoint(fromChart: inSquab)
    }

    /// A seat in the middle of tribune `t`, and its right-hand neighbour.
    func middleSeats(_ t: Int) -> (Int, Int) {
        let seats = venue.tribunes[t].seats
        let s = seats.lowerBound + seats.count / 2
        return (s, s + 1)
    }

    /// Zooms into the first rect tribune after the trace-in; returns when all animations are done.
    func zoomIn() -> Int {
        run(to: max(now, 1.2))
        let t = rectTribune
        tap(tribunePoint(t))
        run(to: now + 1.1)
        return t
    }
}
