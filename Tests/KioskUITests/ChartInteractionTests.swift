import Foundation
import Testing
import Animation
import Geometry
import Gestures
import Seating
@testable import KioskUI

@Suite struct ChartInteractionTests {
    let size = Size(width: 800, height: 600)

    func make() -> (ChartInteraction, VirtualClock) {
        let clock = VirtualClock()
        let chart = SeatingChart(venue: StadiumGenerator.generate(.design()), viewSize: size)
        return (ChartInteraction(chart: chart, animator: Animator(clock: clock)), clock)
    }

    func step(_ i: ChartInteraction, _ clock: VirtualClock, to t: Double) {
        clock.set(to: t); i.animator.advance(to: t)
    }

    func rectTribune(_ venue: Venue) -> Int { venue.tribunes.firstIndex { $0.kind == .rect }! }

    @Test func tapOnTribuneZoomsWithLinkedAnimationThenSeatTogglesThenTapOutsideZoomsOut() {
        let (i, clock) = make()
        let venue = i.chart.venue
        let t = rectTribune(venue)
        let tapPoint = i.presentedView.screenPoint(fromChart: Point(x: venue.tribunes[t].bounds.midX, y: venue.tribunes[t].bounds.midY))
        i.handle(.tap(location: tapPoint, count: 1, time: 0))
        #expect(i.lastOutcome == .tribuneSelected(t))
        #expect(i.chart.view.zoom == ChartViewState.tribuneZoom)
        // Mid-zoom (ease-in-out, 0.35 of 0.7 s = half way): zoom halfway between 1.25 and 25.
        step(i, clock, to: 0.35)
        #expect(abs(i.presentedView.zoom - (1.25 + 25) / 2) < 1e-6)
        #expect(i.seatReveal == 0)
        // Zoom done at 0.7 s; the seats reveal over the next 0.3 s.
        step(i, clock, to: 0.7)
        #expect(i.presentedView.zoom == 25)
        step(i, clock, to: 0.85)
        #expect(abs(i.seatReveal - 0.5) < 1e-6)
        step(i, clock, to: 1.0)
        #expect(i.seatReveal == 1)
        #expect(!i.isAnimating)

        // A seat of the selected tribune, where it is now drawn.
        let seat = venue.tribunes[t].seats.lowerBound + venue.tribunes[t].seats.count / 2
        // The middle of the seat's squab: in the seat's square (side h) the squab spans
        // x 0…h − skewShift (skewShift = h/3 − h/10), y h/2…h − h/10, so its middle is
        // (−0.35h/3, 0.2h) from the centre, turned by the seat's rotation (y down).
        let s = venue.seats[seat]
        let dx = -(s.size / 3 - s.size / 10) / 2, dy = 0.2 * s.size
        let c = cos(s.rotation), sn = sin(s.rotation)
        let inSquab = Point(x: s.center.x + dx * c - dy * sn, y: s.center.y + dx * sn + dy * c)
        let seatPoint = i.presentedView.screenPoint(fromChart: inSquab)
        i.handle(.tap(location: seatPoint, count: 1, time: 1.2))
        #expect(i.lastOutcome == .seatSelected(seat))
        #expect(i.chart.selection.seats == [seat])
        i.handle(.tap(location: seatPoint, count: 1, time: 1.4))
        #expect(i.lastOutcome == .seatDeselected(seat))
        i.handle(.tap(location: seatPoint, count: 1, time: 1.6))

        // A corner of the screen at zoom 25 is far outside every tribune? Use the field centre.
        let fieldPoint = i.presentedView.screenPoint(fromChart: Point(x: venue.field.midX, y: venue.field.midY))
        step(i, clock, to: 2)
        i.handle(.tap(location: fieldPoint, count: 1, time: 2))
        #expect(i.lastOutcome == .zoomedOut)
        // Reversed link: seats go first (0.3 s), then the zoom (0.7 s).
        step(i, clock, to: 2.3)
        #expect(i.seatReveal == 0)
        #expect(i.presentedView.zoom == 25)
        step(i, clock, to: 3.0)
        #expect(i.presentedView.zoom == ChartViewState.restingZoom)
        #expect(i.chart.selection.seats == [seat])  // selected seats stay selected
    }

    @Test func transformDrivesAndCommitsTheView() {
        let (i, _) = make()
        let v = PanZoomRotate(time: 0.1, translation: Vector(dx: 30, dy: -10), magnification: 2, rotation: .pi / 6,
                              focalPoint: Point(x: 430, y: 290), startFocalPoint: Point(x: 400, y: 300),
                              transform: .identity, step: .identity, velocity: .zero, touchCount: 2)
        i.handle(.transformChanged(v))
        #expect(i.presentedView.effectiveZoom == 2.5)
        #expect(i.presentedView.effectiveOffset == Vector(dx: 30, dy: -10))
        i.handle(.transformEnded(v, fling: nil))
        #expect(i.chart.view.zoom == 2.5 && i.chart.view.manualZoom == 1)
        #expect(i.presentedView.zoom == 2.5)
        #expect(abs(i.chart.view.rotation - (.pi / 2 + .pi / 6)) < 1e-12)
        #expect(i.presentedView.offset == Vector(dx: 30, dy: -10))
        i.handle(.transformChanged(v))
        i.handle(.cancelled(.transform, time: 0.2))
        #expect(i.chart.view.drag == .zero && i.presentedView.effectiveZoom == 2.5)
    }
}
