import Testing
import Geometry
@testable import KioskUI

/// A panel's mounting for the low-reach tests, and its reach band worked out here from the
/// mounting alone (not by `ReachBand`): 15 to 48 inches above the floor (ADA 308), in screen px.
struct LowReachMounting: Sendable, CustomTestStringConvertible {
    var size: Size
    /// The active area's height, and its bottom edge above the floor, mm.
    var heightMM: Double, bottomMM: Double
    var testDescription: String { "\(Int(size.width))x\(Int(size.height)) (\(Int(heightMM)) mm) at \(Int(bottomMM)) mm" }

    var pixelsPerMillimetre: Double { size.height / heightMM }

    /// The band, px, half a pixel of slack at either edge (rects are not rounded to the pixel).
    var band: Rect {
        let panelTop = bottomMM + heightMM
        // Screen y of a height above the floor: 0 at the panel's top edge, px downwards.
        func y(inches: Double) -> Double { (panelTop - inches * 25.4) * pixelsPerMillimetre }
        let top = max(0, y(inches: 48)), bottom = min(size.height, y(inches: 15))
        return Rect(x: 0, y: top - 0.5, width: size.width, height: bottom - top + 1)
    }

    /// A 27" portrait panel, its bottom edge at 700 mm: the band cuts off its top.
    static let portrait = LowReachMounting(size: Size(width: 1080, height: 1920), heightMM: 597, bottomMM: 700)
    /// A 15.6" landscape panel at 900 mm: the band cuts off its top.
    static let landscape = LowReachMounting(size: Size(width: 1920, height: 1080), heightMM: 336, bottomMM: 900)
    /// The portrait panel mounted low (250 mm): the band cuts off its bottom.
    static let portraitLow = LowReachMounting(size: Size(width: 1080, height: 1920), heightMM: 597, bottomMM: 250)
    /// The landscape panel mounted low (300 mm): the band cuts off its bottom.
    static let landscapeLow = LowReachMounting(size: Size(width: 1920, height: 1080), heightMM: 336, bottomMM: 300)
    static let all = [portrait, landscape, portraitLow, landscapeLow]

    /// A session on this panel with low reach on (and large text when `largeText`), at rest on the
    /// stadium; `party`: party size first.
    func driver(largeText: Bool = false, party: Bool = false) -> KioskDriver {
        let d = KioskDriver(size: size) { c in
            c.pixelsPerMillimetre = pixelsPerMillimetre
            c.mountBottomMillimetres = bottomMM
            c.partySizeFirst = party
        }
        d.run(to: 1.5)
        d.session.setAccessibility(AccessibilityOptions(largeText: largeText, lowReach: true))
        d.run(to: d.now + 1)
        return d
    }
}
