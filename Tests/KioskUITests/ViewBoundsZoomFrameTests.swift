import Foundation
import Geometry
import Raster
import Seating
import Testing
@testable import KioskUI

/// Fitted, smooth zoom (issue 24) frame by frame: a tap on a straight and on an arc tribune of
/// the demo's 10,000-seat stadium, then the zoom-out control, rendered at 60 fps through the
/// session at 1920×1080, 1080×1920 and 800×480 (4 px/mm).
///
/// * At the end of the zoom the tribune is fitted: seats between 9 and 25 mm on the panel, and
///   either the tribune spans 80–100 % of the safe area along one axis, or seats are 9 mm
///   (±3 %) because fitting the tribune would make them smaller.
/// * In every frame of both animations the tapped tribune's on-screen box (its bounds' corners
///   through the presented view) lies inside the safe area (±1 px); when the 9-mm rule
///   applies the tribune is larger than the safe area, and the tapped point stays inside it.
/// * Pitch and empty screens: in every frame, of the safe area's pixels (every second row and
///   column), at most 50 % have the field's colour and at most 50 % the background's (each
///   ±8 per channel). The overview itself is mostly background in landscape (the stadium
///   fills the height; the sides and the gaps between tribunes are background), so the
///   background's bound is the larger of 50 % and the two rest frames' share + 2 points: no
///   frame of the animation is emptier than where it starts or ends.
@Suite struct ViewBoundsZoomFrameTests {
    struct Case: CustomStringConvertible, Sendable {
        var size: Size
        var kind: Tribune.Kind
        var description: String { "\(kind) tribune at \(Int(size.width))×\(Int(size.height))" }
    }

    static let cases = [Size(width: 1920, height: 1080), Size(width: 1080, height: 1920), Size(width: 800, height: 480)]
        .flatMap { s in [Case(size: s, kind: .rect), Case(size: s, kind: .arc)] }

    static let pixelsPerMillimetre = 4.0

    /// What the frames of one animation showed.
    struct Watch {
        var frames = 0
        /// Frames with the tribune's box, or the tapped point, outside the safe area.
        var tribuneOutside = 0, pointOutside = 0
        var maxField = 0.0, maxBackground = 0.0
        var firstProblem: String?
        var phase = "in"
    }

    /// `TRIBUNE_ZOOM_FRAMES=DIR` writes each animation's frame with the most pitch or background
    /// there, to look at.
    static let worstFrames = ProcessInfo.processInfo.environment["TRIBUNE_ZOOM_FRAMES"]

    /// Of the tribunes of `kind`, the one whose middle seat is nearest the safe area's centre on
    /// screen now, and that seat's centre (chart units): a point inside the tribune's shape.
    static func target(_ kind: Tribune.Kind, session: KioskSession) -> (Int, Point) {
        let venue = session.interaction.chart.venue, view = session.interaction.presentedView
        let safe = session.layout.safeArea
        let centre = Point(x: safe.midX, y: safe.midY)
        let candidates = venue.tribunes.indices.filter { venue.tribunes[$0].kind == kind }.map { t -> (Int, Point) in
            (t, venue.seats[ViewBounds.middleSeat(of: venue.tribunes[t])].center)
        }
        let best = candidates.min { a, b in
            let da = view.screenPoint(fromChart: a.1).distance(to: centre), db = view.screenPoint(fromChart: b.1).distance(to: centre)
            return da != db ? da < db : a.0 < b.0
        }
        return best ?? (0, .zero)
    }

    @Test(arguments: cases) func theTappedTribuneStaysInTheSafeAreaAndNoFrameIsMostlyPitchOrEmpty(_ c: Case) throws {
        let replay = ViewBounds.replay(venue: ViewBounds.demoVenue, size: c.size, pixelsPerMillimetre: Self.pixelsPerMillimetre, renders: true)
        let session = replay.session
        let safe = session.layout.safeArea
        let venue = session.interaction.chart.venue
        ViewBounds.play([], through: replay)   // the trace-in
        let (t, inside) = Self.target(c.kind, session: session)
        let tribune = venue.tribunes[t]
        #expect(tribune.contains(inside))
        func shares(_ picture: Surface) -> (field: Double, background: Double) {
            ViewBounds.fractions(of: session.renderer.field, session.renderer.background, in: picture, area: safe)
        }
        let overview = shares(replay.picture())

        var watch = Watch()
        replay.onFrame = { _, time, picture in
            watch.frames += 1
            let m = session.interaction.presentedView.chartToScreen
            let box = ViewBounds.screenBox(of: tribune.bounds, through: m)
            let point = inside.applying(m)
            if !ViewBounds.contains(safe, box) {
                watch.tribuneOutside += 1
                if watch.firstProblem == nil { watch.firstProblem = String(format: "t %.3f s: tribune x %@ y %@", time, ViewBounds.span(box.minX, box.maxX), ViewBounds.span(box.minY, box.maxY)) }
            }
            if !ViewBounds.contains(safe, Rect(x: point.x, y: point.y, width: 0, height: 0)) { watch.pointOutside += 1 }
            let f = shares(picture)
            if let dir = Self.worstFrames, max(f.field, f.background) > max(watch.maxField, watch.maxBackground) {
                try? picture.writePNG(to: "\(dir)/\(c.kind)-\(Int(c.size.width))x\(Int(c.size.height))-\(watch.phase).png", opaque: true)
            }
            watch.maxField = max(watch.maxField, f.field); watch.maxBackground = max(watch.maxBackground, f.background)
        }
        func tap(_ p: Point, id: Int) -> Bool {
            let start = replay.clock.now + 0.1
            return ViewBounds.play([.init(timestamp: start, touches: [.init(id: id, location: p, phase: .began)]),
                                    .init(timestamp: start + 0.08, touches: [.init(id: id, location: p, phase: .ended)])], through: replay)
        }

        // Zoom in: a tap on the tribune.
        #expect(tap(session.interaction.presentedView.screenPoint(fromChart: inside), id: 1))
        #expect(session.interaction.chart.selectedTribune == t)
        let zoomIn = watch
        let m = session.interaction.presentedView.chartToScreen
        let scale = (abs(m.a * m.d - m.b * m.c)).squareRoot()   // px per chart unit
        let seatMM = venue.seats[tribune.seats.lowerBound].size * scale / Self.pixelsPerMillimetre
        let box = ViewBounds.screenBox(of: tribune.bounds, through: m)
        let fill = max(box.width / safe.width, box.height / safe.height)
        let point = inside.applying(m)
        let zoomed = shares(replay.picture())

        // Zoom out: the control.
        watch = Watch(phase: "out")
        let out = try #require(session.frame(of: .zoomOut), "no zoom-out control while zoomed")
        #expect(tap(Point(x: out.midX, y: out.midY), id: 2))
        let zoomOut = watch
        let home = ViewBounds.stadiumBox(session)

        let nineMM = abs(seatMM - 9) <= 9 * 0.03
        let bound = max(0.5, max(overview.background, zoomed.background) + 0.02)
        print(String(format: "ViewBounds zoom %@: fitted seats %.1f mm%@, tribune %.0f %% of the safe area along its long axis, tapped point %.0f px from the safe area's centre; "
                     + "rest frames: overview field %.1f %% background %.1f %%, zoomed field %.1f %% background %.1f %%; "
                     + "in: %d frames, tribune outside in %d, tapped point outside in %d, max field %.1f %%, max background %.1f %%; "
                     + "out: %d frames, tribune outside in %d, tapped point outside in %d, max field %.1f %%, max background %.1f %%",
                     c.description, seatMM, nineMM ? " (the 9-mm rule)" : "", 100 * fill, point.distance(to: Point(x: safe.midX, y: safe.midY)),
                     100 * overview.field, 100 * overview.background, 100 * zoomed.field, 100 * zoomed.background,
                     zoomIn.frames, zoomIn.tribuneOutside, zoomIn.pointOutside, 100 * zoomIn.maxField, 100 * zoomIn.maxBackground,
                     zoomOut.frames, zoomOut.tribuneOutside, zoomOut.pointOutside, 100 * zoomOut.maxField, 100 * zoomOut.maxBackground))
        for (name, w) in [("zoom in", zoomIn), ("zoom out", zoomOut)] {
            #expect(w.frames > 10, "\(name): the zoom is animated")
            if nineMM {
                #expect(w.pointOutside == 0, "\(name): the tapped point left the safe area in \(w.pointOutside) frames")
            } else {
                #expect(w.tribuneOutside == 0, "\(name): \(w.firstProblem ?? "")")
            }
            #expect(w.maxField <= 0.5, "\(name): a frame is \(100 * w.maxField) % pitch")
            #expect(w.maxBackground <= bound, "\(name): a frame is \(100 * w.maxBackground) % empty background")
        }
        #expect(seatMM >= 9 * 0.97 && seatMM <= 25 * 1.03, "seats \(seatMM) mm")
        if !nineMM { #expect(fill >= 0.8 && fill <= 1.001, "the fitted tribune spans \(fill) of the safe area") }
        // Back home: the whole stadium in the safe area, spanning it along one axis.
        #expect(ViewBounds.contains(safe, home), "home: stadium \(home) vs safe area \(safe)")
        #expect(home.width >= safe.width - 2 || home.height >= safe.height - 2, "home: stadium \(home) is not fitted to \(safe)")
    }
}
