import Foundation
import Testing
import Geometry
@testable import KioskUI

/// Every chart label's text lies inside the visible chart — between the party's panel (the
/// picker, then the strip) and the bottom bar — at home: on a 7" panel both ways (where the
/// west and east names beside the stadium ran under the party's panel), full HD both ways and
/// 4K, with and without large text. The area is worked out from the panel's and the bar's
/// rectangles.
@Suite struct ChartLabelsChartAreaTests {
    struct Panel: Sendable, CustomTestStringConvertible {
        var size: Size, pixelsPerMillimetre: Double
        var testDescription: String { "\(Int(size.width))x\(Int(size.height))" }
    }

    static let panels = [Panel(size: Size(width: 800, height: 480), pixelsPerMillimetre: 800 / 154.0),
                         Panel(size: Size(width: 480, height: 800), pixelsPerMillimetre: 800 / 154.0),
                         Panel(size: Size(width: 1920, height: 1080), pixelsPerMillimetre: 1080 / 336.0),
                         Panel(size: Size(width: 1080, height: 1920), pixelsPerMillimetre: 1080 / 336.0),
                         Panel(size: Size(width: 3840, height: 2160), pixelsPerMillimetre: 2160 / 398.0)]

    @Test(arguments: panels) func insideTheChart(_ p: Panel) throws {
        for largeText in [false, true] {
            for picked in [false, true] {
                let d = KioskDriver(size: p.size) { c in
                    c.pixelsPerMillimetre = p.pixelsPerMillimetre
                    c.partySizeFirst = true
                }
                d.run(to: 1.5)
                if largeText { d.session.setAccessibility(AccessibilityOptions(largeText: true)) }
                if picked { d.session.choosePartySize(2) }
                d.run(to: d.now + 3)
                let picture = d.render()
                let at = "\(p.testDescription)\(largeText ? ", large text" : "")\(picked ? ", party strip" : ", picker")"
                let layout = d.session.layout
                let top = max(layout.header.maxY, d.session.partyPanel?.maxY ?? 0)
                let area = Rect(x: 0, y: top, width: p.size.width, height: layout.bottomBar.minY - top)
                guard let labels = d.session.frameCache.labels else {
                    Issue.record("no labels at \(at)")
                    continue
                }
                #expect(!labels.placed.isEmpty, "labels at \(at)")
                for l in labels.placed {
                    #expect(area.insetBy(dx: -0.5, dy: -0.5).contains(l.box),
                            "'\(labels.spriteText[Int(l.sprite)])' \(l.box) outside the chart \(area) at \(at)")
                }
                if let out = ProcessInfo.processInfo.environment["TRIBUNE_GALLERY"] {
                    try picture.writePNG(to: "\(out)/labels-area-\(p.testDescription)\(largeText ? "-large" : "")\(picked ? "-strip" : "-picker").png",
                                         opaque: true)
                }
            }
        }
    }
}
