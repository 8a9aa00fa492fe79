import Testing
import Geometry
import Raster
import Seating
@testable import KioskUI

/// Frames left in the back buffer (`ChartFrameRenderer.renderPicture`): where the view's
/// content lies in one piece of the buffer the picture is a window onto it and the surface
/// given is not written; elsewhere the frame is copied as `render` copies it. Every picture is
/// compared with a second renderer taken through the same frames by `render` (the copying
/// path), byte for byte.
@Suite struct ChartFrameRendererPictureTests {
    typealias Base = ChartFrameRendererTests
    static let sentinel = PremultipliedPixel(rawValue: 0xFF12_3456)

    /// Equal pixels (a Bool: a failed `==` of two pixel arrays has swift-testing diff them, for minutes).
    static func same(_ a: Surface, _ b: Surface) -> Bool { Base.same(a, b) }

    /// A surface of the test size filled with `sentinel`.
    static func marked() -> Surface {
        let s = Surface(width: Int(Base.size.width), height: Int(Base.size.height))
        s.fill(s.bounds, with: sentinel)
        return s
    }

    /// `chart`'s first frame twice: `reference` copied it into `copied` (`render`), `renderer`
    /// left it in place (`first`, the window it returned) with `given` (`marked`) unwritten.
    static func firstFrames(_ chart: SeatingChart) -> (reference: ChartFrameRenderer, copied: Surface,
                                                       renderer: ChartFrameRenderer, given: Surface, first: Surface) {
        let (reference, copied) = Base.firstFrame(chart)
        let renderer = ChartFrameRenderer(venue: chart.venue, size: Base.size)
        let given = marked()
        let (_, first) = renderer.renderPicture(chart, view: chart.view, into: given)
        return (reference, copied, renderer, given, first)
    }

    @Test func aNewFrameIsLeftInTheBackBuffer() {
        let chart = Base.scene(deviceSeat: 7)
        let (_, copied) = Base.firstFrame(chart)
        let renderer = ChartFrameRenderer(venue: chart.venue, size: Base.size)
        let given = Self.marked()
        let (damage, picture) = renderer.renderPicture(chart, view: chart.view, into: given)
        #expect(renderer.lastFrame.mode == .full)
        #expect(damage == [given.bounds])
        #expect(picture !== given && picture.width == given.width && picture.height == given.height)
        // The window starts at the buffer's origin (a frame drawn anew has no pan) with its stride.
        #expect(picture.baseAddress == renderer.grid.buffer.baseAddress && picture.stride == renderer.grid.buffer.stride)
        #expect(Self.same(picture, copied))
        #expect(Self.same(given, Self.marked()))
    }

    /// A seat on screen, away from the edges, that is available.
    static func seatOnScreen(_ chart: SeatingChart) -> Int {
        let m = chart.view.chartToScreen
        return chart.venue.seats.indices.first { i in
            let p = chart.venue.seats[i].center.applying(m)
            return p.x > 40 && p.y > 40 && p.x < Base.size.width - 40 && p.y < Base.size.height - 40
                && { if case .free = SeatLook.Status(chart, seat: i, now: 0) { true } else { false } }()
        } ?? 0
    }

    /// A seat sold elsewhere: only its tiles change, in the same window; a frame with nothing
    /// new changes nothing.
    @Test func aToggleChangesTheWindowsTilesOnly() {
        var chart = Base.scene(deviceSeat: 7)
        let (reference, copied, renderer, given, first) = Self.firstFrames(chart)
        let before = Base.bytes(first)
        let (none, same) = renderer.renderPicture(chart, view: chart.view, into: given)
        #expect(none.isEmpty && same === first && renderer.lastFrame.mode == .unchanged)
        chart.availability.set(Self.seatOnScreen(chart), .sold)
        let (damage, picture) = renderer.renderPicture(chart, view: chart.view, into: given)
        let expected = reference.render(chart, view: chart.view, into: copied)
        #expect(renderer.lastFrame.mode == .tiles && damage == expected && !damage.isEmpty)
        #expect(picture === first)
        let after = Base.bytes(picture)
        #expect(Self.same(picture, copied) && after.elementsEqual(before) == false)
        // Outside the damage nothing moved.
        let w = given.width
        let outside = zip(before, after).enumerated().filter { i, p in
            let x = i % w, y = i / w
            return p.0 != p.1 && !damage.contains { $0.minX <= x && x < $0.maxX && $0.minY <= y && y < $0.maxY }
        }
        #expect(outside.isEmpty, "\(outside.count) pixels changed outside the damage")
        #expect(Self.same(given, Self.marked()))
    }

    /// A pan whose window stays inside the buffer is a window further in; one that would wrap
    /// (content moved right or down past the buffer's edge) is copied whole into the surface.
    @Test func pansAreWindowsUntilTheRingWraps() {
        let chart = Base.scene(deviceSeat: 7)
        let (reference, copied, renderer, given, _) = Self.firstFrames(chart)
        var left = chart.view
        left.offset.dx -= 7; left.offset.dy -= 5
        let (damage, window) = renderer.renderPicture(chart, view: left, into: given)
        reference.render(chart, view: left, into: copied)
        #expect(renderer.lastFrame.mode == .pan && damage == [given.bounds] && window !== given)
        let buffer = renderer.grid.buffer
        #expect(window.baseAddress == buffer.baseAddress + 5 * buffer.stride + 7 * 4)
        #expect(Self.same(window, copied))
        #expect(Self.same(given, Self.marked()))

        var right = chart.view
        right.offset.dx += 7
        let (whole, picture) = renderer.renderPicture(chart, view: right, into: given)
        reference.render(chart, view: right, into: copied)
        #expect(renderer.lastFrame.mode == .pan && whole == [given.bounds])
        #expect(picture === given && Self.same(given, copied))
    }

    /// After a frame left in place, `render` into the surface that frame was given copies the
    /// whole frame: that surface never received the one before.
    @Test func theSurfaceGivenIsRefilledAfterAFrameLeftInPlace() {
        var chart = Base.scene(deviceSeat: 7)
        let (reference, copied, renderer, given, _) = Self.firstFrames(chart)
        chart.availability.set(Self.seatOnScreen(chart), .sold)
        let damage = renderer.render(chart, view: chart.view, into: given)
        reference.render(chart, view: chart.view, into: copied)
        #expect(damage == [given.bounds])
        #expect(Self.same(given, copied))
    }

    /// A frame resampled into a target is there, not in a window.
    @Test func aResampledFrameIsInItsTarget() {
        let chart = Base.scene(deviceSeat: 7)
        let renderer = ChartFrameRenderer(venue: chart.venue, size: Base.size)
        let given = Self.marked(), screen = Self.marked()
        _ = renderer.renderPicture(chart, view: chart.view, into: given)
        var pinch = chart.view
        pinch.zoom *= 1.2
        let (_, picture) = renderer.renderPicture(chart, view: pinch, viewInMotion: true, into: given, resampledInto: screen)
        #expect(renderer.lastFrame.mode == .resampled && picture === screen)
        #expect(!Self.same(screen, Self.marked()))
    }
}
