import Foundation
import Geometry
import Gestures
import Raster
import Recording
import Seating
@testable import KioskUI

/// What the bounded-view tests measure, from what is on screen only: rectangles of the venue
/// through the presented `chartToScreen`, the layout's safe area, and rendered pixels. None of
/// it asks the view state what its bounds, home or fit are, so the tests check those from the
/// outside.
enum ViewBounds {
    /// The axis-aligned screen box (px) of `rect` (chart units) through `m`: the extremes of
    /// its four corners, each mapped as x' = a·x + c·y + tx, y' = b·x + d·y + ty.
    static func screenBox(of rect: Rect, through m: Geometry.AffineTransform) -> Rect {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for (x, y) in [(rect.minX, rect.minY), (rect.maxX, rect.minY), (rect.minX, rect.maxY), (rect.maxX, rect.maxY)] {
            let sx = m.a * x + m.c * y + m.tx, sy = m.b * x + m.d * y + m.ty
            minX = min(minX, sx); maxX = max(maxX, sx); minY = min(minY, sy); maxY = max(maxY, sy)
        }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The whole venue (`Rect(origin: .zero, size: venue.size)`, which the generator's outer
    /// ring fills) on screen as presented now, px.
    static func stadiumBox(_ session: KioskSession) -> Rect {
        let venue = session.interaction.chart.venue
        return screenBox(of: Rect(origin: .zero, size: venue.size), through: session.interaction.presentedView.chartToScreen)
    }

    /// The rest rule along one axis: the box's span [lo, hi] lies inside the safe area's
    /// [safeLo, safeHi] or covers it, each within `tolerance` px.
    static func axisRests(_ lo: Double, _ hi: Double, in safeLo: Double, _ safeHi: Double, tolerance: Double = 1) -> Bool {
        let inside = lo >= safeLo - tolerance && hi <= safeHi + tolerance
        let covers = lo <= safeLo + tolerance && hi >= safeHi - tolerance
        return inside || covers
    }

    /// nil when `box` rests in `safe` along x and along y; otherwise which axis fails and how.
    static func restViolation(_ box: Rect, safe: Rect, tolerance: Double = 1) -> String? {
        var failed: [String] = []
        if !axisRests(box.minX, box.maxX, in: safe.minX, safe.maxX, tolerance: tolerance) { failed.append("x \(span(box.minX, box.maxX)) vs safe \(span(safe.minX, safe.maxX))") }
        if !axisRests(box.minY, box.maxY, in: safe.minY, safe.maxY, tolerance: tolerance) { failed.append("y \(span(box.minY, box.maxY)) vs safe \(span(safe.minY, safe.maxY))") }
        return failed.isEmpty ? nil : failed.joined(separator: "; ")
    }

    /// True when `inner` lies inside `outer` grown by `tolerance` px on every side.
    static func contains(_ outer: Rect, _ inner: Rect, tolerance: Double = 1) -> Bool {
        inner.minX >= outer.minX - tolerance && inner.maxX <= outer.maxX + tolerance
            && inner.minY >= outer.minY - tolerance && inner.maxY <= outer.maxY + tolerance
    }

    static func span(_ lo: Double, _ hi: Double) -> String { String(format: "%.1f…%.1f", lo, hi) }

    /// The share of the pixels of `area` (px, clipped to the surface) within `tolerance` per
    /// channel of `first` and of `second` (opaque colours), sampled on every `step`-th column
    /// of every `step`-th row (a regular grid: for regions tens of pixels across, within a
    /// fraction of a per cent of counting every pixel, at 1/step² of the time in a debug build).
    static func fractions(of first: Color, _ second: Color, in surface: Surface, area: Rect, tolerance: Int = 8, step: Int = 2) -> (Double, Double) {
        let x0 = max(0, Int(area.minX.rounded())), x1 = min(surface.width, Int(area.maxX.rounded()))
        let y0 = max(0, Int(area.minY.rounded())), y1 = min(surface.height, Int(area.maxY.rounded()))
        guard x1 > x0, y1 > y0 else { return (0, 0) }
        // Opaque: the premultiplied pixel is the colour itself. Per channel, the lowest and
        // highest value that still counts.
        let p = first.premultiplied, q = second.premultiplied
        let lo1 = (Int(p.red) - tolerance, Int(p.green) - tolerance, Int(p.blue) - tolerance)
        let lo2 = (Int(q.red) - tolerance, Int(q.green) - tolerance, Int(q.blue) - tolerance)
        let span = UInt(2 * tolerance)
        var n1 = 0, n2 = 0, total = 0
        for y in stride(from: y0, to: y1, by: step) {
            let row = surface.row(y)
            for x in stride(from: x0, to: x1, by: step) {
                let v = row[x]
                let r = Int((v >> 16) & 0xFF), g = Int((v >> 8) & 0xFF), b = Int(v & 0xFF)
                total += 1
                // A channel counts when 0 ≤ value − low ≤ 2·tolerance (one unsigned compare).
                if UInt(bitPattern: r - lo1.0) <= span && UInt(bitPattern: g - lo1.1) <= span && UInt(bitPattern: b - lo1.2) <= span { n1 += 1 }
                else if UInt(bitPattern: r - lo2.0) <= span && UInt(bitPattern: g - lo2.1) <= span && UInt(bitPattern: b - lo2.2) <= span { n2 += 1 }
            }
        }
        return (Double(n1) / Double(total), Double(n2) / Double(total))
    }

    /// A session of `venue` at `size` (4 px/mm, standalone: no box office, so Buy never leaves
    /// the chart) inside a replay, on a virtual clock at 0.
    static func replay(venue: Venue, size: Size, pixelsPerMillimetre: Double = 4, renders: Bool = false) -> KioskReplay {
        var c = KioskSession.Configuration(screenSize: size, pixelsPerMillimetre: pixelsPerMillimetre)
        c.boxOfficeConfigured = false
        c.eventName = venue.name
        c.takePrices(from: venue)
        return KioskReplay(venue: venue, configuration: c, options: .init(timing: false, renders: renders))
    }

    /// Plays `frames` through `replay` from its clock's time at 60 display frames per second,
    /// then on until it settles (at most `settleLimit` s past the last frame). True when it
    /// settled.
    @discardableResult
    static func play(_ frames: [TouchFrame], through replay: KioskReplay, settleLimit: Double = 10) -> Bool {
        var target = replay
        let start = replay.clock.now
        ReplayTimeline(frames: frames, frameRate: 60, start: start, end: frames.last?.timestamp ?? start, settleLimit: settleLimit).run(&target)
        return replay.session.isSettled
    }

    /// The seat in the middle of `tribune`'s seat range (its middle row's, for a tribune of
    /// equal rows).
    static func middleSeat(of tribune: Tribune) -> Int { tribune.seats.lowerBound + tribune.seats.count / 2 }

    /// The demo's stadium (10,000 seats) and a 60,000-seat one, made once.
    static let demoVenue = StadiumGenerator.generate(.forSeatCount(10_000))
    static let bigVenue = StadiumGenerator.generate(.forSeatCount(60_000))
}
