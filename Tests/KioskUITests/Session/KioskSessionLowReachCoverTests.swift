import Foundation
import Testing
import Geometry
import Raster
@testable import KioskUI

/// Low reach on a panel whose reach band cuts the screen: nothing of the chart shows outside the
/// band — on a rendered frame every pixel above the band's top (and below its bottom, on a panel
/// mounted low) is the header's colour, with a tribune zoomed in and dragged up under the header,
/// at 800×480 with large text (where the chart's area is about 180 px) and on the full HD panels;
/// and a touch there moves nothing. The band is worked out from the mounting (`LowReachMounting`).
@Suite struct KioskSessionLowReachCoverTests {
    static let mountings = [LowReachMounting(size: Size(width: 800, height: 480), heightMM: 86, bottomMM: 1150)]
        + LowReachMounting.all

    @Test(arguments: mountings) func theChartShowsOnlyInsideTheBand(_ m: LowReachMounting) throws {
        for largeText in [true, false] {
            let d = m.driver(largeText: largeText)
            let t = d.zoomIn()
            #expect(d.session.phase == .zoomed, "\(m.testDescription)")
            // The tribune dragged up and held there (a finger still down: no spring back yet).
            let start = d.tribunePoint(t)
            let id = d.touchDown(start)
            for k in 1...10 {
                d.frame(d.now + 0.016, [.init(id: id, location: Point(x: start.x, y: start.y - Double(k) * 30), phase: .moved)])
            }
            let picture = d.render()
            let band = m.band, background = d.session.chromePalette.headerBackground.premultiplied
            let outside = (0..<picture.height).filter { Double($0) + 1 < band.minY || Double($0) > band.maxY }
            #expect(!outside.isEmpty, "the band cuts the screen at \(m.testDescription)")
            var wrong = 0, first: (Int, Int)?
            for y in outside {
                for x in 0..<picture.width where picture.pixel(x: x, y: y) != background {
                    wrong += 1
                    if first == nil { first = (x, y) }
                }
            }
            #expect(wrong == 0, "\(wrong) pixels not the header's colour outside \(band), first at \(String(describing: first)), at \(m.testDescription)\(largeText ? ", large text" : "")")
            if let out = ProcessInfo.processInfo.environment["TRIBUNE_GALLERY"] {
                try picture.writePNG(to: "\(out)/low-reach-cover-\(Int(m.size.width))x\(Int(m.size.height))-at-\(Int(m.bottomMM))\(largeText ? "-large" : "").png",
                                     opaque: true)
            }
            // A drag starting outside the band moves nothing.
            d.lift(id, at: Point(x: start.x, y: start.y - 300))
            d.run(to: d.now + 2)
            guard let y = outside.first else { continue }
            let before = d.session.interaction.chart.view
            let p = Point(x: m.size.width / 2, y: Double(y))
            let finger = d.touchDown(p)
            for k in 1...10 { d.frame(d.now + 0.016, [.init(id: finger, location: Point(x: p.x + Double(k) * 20, y: p.y), phase: .moved)]) }
            d.lift(finger, at: Point(x: p.x + 200, y: p.y))
            d.run(to: d.now + 2)
            #expect(d.session.interaction.chart.view == before, "a drag at \(p) outside the band moved the chart at \(m.testDescription)")
        }
    }
}
