import Foundation
import Testing
import Geometry
import Raster
@testable import KioskUI

/// The home control: shown whenever the chart is away from home, in the header (never over the
/// chart, so it covers no seat: touches in the header go to the header), readable on the
/// header's background with a contrast of at least 3:1 measured on the rendered frame.
@Suite struct HomeControlViewTests {
    static let sizes = [Size(width: 800, height: 480), Size(width: 1024, height: 768), Size(width: 1920, height: 1080),
                        Size(width: 1080, height: 1920), Size(width: 3840, height: 2160)]

    @Test(arguments: sizes)
    func shownAwayFromHomeOnTheHeaderWithContrast(size: Size) {
        let d = KioskDriver(size: size)
        d.run(to: 1.5)
        #expect(d.session.frame(of: .zoomOut) == nil, "at home there is nothing to go back to")
        _ = d.zoomIn()
        guard let home = d.session.frame(of: .zoomOut) else { Issue.record("no home control when zoomed at \(size)"); return }
        let header = d.session.layout.header
        #expect(header.contains(home))
        #expect(d.session.controlHitRect(.zoomOut).map(header.contains) == true, "the hit area reaches out of the header")
        let frame = d.render()
        // What it sits on: the header's background, the same all round it (no chart shows through).
        let ring = [Point(x: home.minX + 1, y: home.minY + 1), Point(x: home.maxX - 1, y: home.minY + 1),
                    Point(x: home.minX + 1, y: home.maxY - 1), Point(x: home.maxX - 1, y: home.maxY - 1),
                    Point(x: home.maxX + 4, y: home.midY)]
        let back = frame.pixel(x: Int(ring[0].x), y: Int(ring[0].y))
        for p in ring { #expect(frame.pixel(x: Int(p.x), y: Int(p.y)) == back, "the background around it varies at \(size)") }
        // Its ink: the pixel inside that stands out most from that background.
        let bg = ChromeLayoutTests.luminance(Double(back.red) / 255, Double(back.green) / 255, Double(back.blue) / 255)
        var best = 1.0
        for y in Int(home.minY)..<Int(home.maxY) {
            for x in Int(home.minX)..<Int(home.maxX) {
                let p = frame.pixel(x: x, y: y)
                let l = ChromeLayoutTests.luminance(Double(p.red) / 255, Double(p.green) / 255, Double(p.blue) / 255)
                best = max(best, ChromeLayoutTests.ratio(l, bg))
            }
        }
        print("HomeControl \(Int(size.width))x\(Int(size.height)): \(home.width) px, contrast \(best) on the header")
        #expect(best >= 3, "home control contrast \(best) at \(size)")
    }

    /// Seats pulled under the header stay out of reach there: every point of the header routes to
    /// the header (or its controls), a tap on it changes no selection, and the home control's
    /// tap goes home.
    @Test(arguments: sizes)
    func aTouchInTheHeaderNeverReachesTheChart(size: Size) {
        let d = KioskDriver(size: size)
        let t = d.zoomIn()
        // Drag the tribune down under the header.
        let from = d.tribunePoint(t)
        let id = d.touchDown(from)
        for k in 1...10 { d.frame(d.now + 0.016, [.init(id: id, location: Point(x: from.x, y: from.y + Double(k) * 30), phase: .moved)]) }
        d.lift(id, at: Point(x: from.x, y: from.y + 300))
        d.run(to: d.now + 2)   // the view settles (it may spring back within its bounds)
        let header = d.session.layout.header
        var points = 0
        for y in stride(from: header.minY + 1, to: header.maxY, by: 5) {
            for x in stride(from: header.minX + 1, to: header.maxX, by: 5) {
                let route = d.session.decideRoute(at: Point(x: x, y: y), time: d.now)
                #expect(route != .chart, "(\(x), \(y)) in the header reaches the chart at \(size)")
                points += 1
            }
        }
        #expect(points > 100)
        let before = d.session.selectedSeats
        let view = d.session.interaction.presentedView
        for x in stride(from: header.minX + 4, to: header.maxX, by: header.width / 13) {
            let p = Point(x: x, y: header.midY)
            if [KioskControl.zoomOut, .cart, .accessibility].contains(where: { d.session.controlHitRect($0)?.contains(p) == true }) { continue }
            d.tap(p)
        }
        #expect(d.session.selectedSeats == before)
        #expect(d.session.interaction.presentedView == view, "a tap in the header moved the chart at \(size)")
        d.run(to: d.now + 2)
        guard let home = d.session.frame(of: .zoomOut) else { Issue.record("no home control at \(size)"); return }
        d.tap(home.center)
        d.run(to: d.now + 2)
        #expect(d.session.frame(of: .zoomOut) == nil, "the home control did not go home at \(size)")
    }
}
