import Testing
import Geometry
@testable import KioskUI

/// Low reach: every control the visitor needs, and its hit area, lies between 381 and 1219 mm
/// above the floor, computed here from the panel's mounting and size.
@Suite struct KioskSessionLowReachTests {
    struct Mounting: Sendable, CustomTestStringConvertible {
        var size: Size, heightMM: Double, bottomMM: Double
        var testDescription: String { "\(Int(size.width))x\(Int(size.height)) at \(Int(bottomMM)) mm" }
    }

    static let mountings = [
        Mounting(size: Size(width: 1080, height: 1920), heightMM: 597, bottomMM: 700),
        Mounting(size: Size(width: 1920, height: 1080), heightMM: 336, bottomMM: 900),
    ]

    @Test(arguments: mountings) func everyControlIsWithinReach(_ m: Mounting) {
        let ppm = m.size.height / m.heightMM
        // Screen y of a height above the floor: the panel's top edge is bottom + height.
        let top = max(0, (m.bottomMM + m.heightMM - 1219) * ppm), bottom = min(m.size.height, (m.bottomMM + m.heightMM - 381) * ppm)
        let band = Rect(x: 0, y: top - 0.5, width: m.size.width, height: bottom - top + 1)
        func check(_ d: KioskDriver, _ what: String) {
            for c in KioskControl.allCases {
                guard let r = d.session.frame(of: c) else { continue }
                #expect(band.contains(r), "\(c) \(r) outside \(band) on \(what) at \(m.testDescription)")
                if let hit = d.session.controlHitRect(c) {
                    #expect(band.contains(hit), "\(c)'s hit area \(hit) outside \(band) on \(what) at \(m.testDescription)")
                }
            }
        }
        let d = KioskDriver(size: m.size) { c in
            c.pixelsPerMillimetre = ppm
            c.mountBottomMillimetres = m.bottomMM
            c.partySizeFirst = true
        }
        d.run(to: 1.5)
        d.session.setAccessibility(AccessibilityOptions(lowReach: true))
        d.run(to: d.now + 0.5)
        #expect(d.session.layout.header.minY >= top - 0.5)
        check(d, "the picker")
        d.session.choosePartySize(2)
        d.run(to: d.now + 0.5)
        check(d, "the party strip")
        d.tap(.accessibility)
        check(d, "the accessibility card")
        d.tap(.accessibilityClose)
        d.tap(.cart)
        d.run(to: d.now + 0.5)
        check(d, "the cart")
    }
}
