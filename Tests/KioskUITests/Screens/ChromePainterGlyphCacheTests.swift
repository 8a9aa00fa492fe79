import Testing
import Geometry
import Raster
import Seating
@testable import KioskUI

/// The text caches stop growing on a kiosk that draws the same screens for months: a pressed
/// button's label (grown by the eased press scale at whatever times frames fall) and the seat
/// callout (shrunk to fit each seat's lines) come in a few sizes, so their glyph masks and
/// layouts are made once.
@Suite struct ChromePainterGlyphCacheTests {
    /// The press feedback's scale `t` s into a press (ease-out from 1 to the pressed scale over
    /// the press's duration), as the animator eases it.
    static func pressScale(at t: Double) -> Double {
        let x = min(1, max(0, t / KioskSession.pressDuration))
        return 1 + (KioskSession.pressedScale - 1) * (1 - (1 - x) * (1 - x))
    }

    @Test func pressedLabelsStopAddingGlyphMasks() throws {
        let d = KioskDriver(size: Size(width: 800, height: 480))
        let painter = d.session.painter
        let renderer = try #require(painter.text.renderer)
        let surface = Surface(width: 800, height: 480)
        let context = DrawingContext(surface: surface)
        let button = Rect(x: 300, y: 200, width: 220, height: 64)
        var generator = SplitMix(seed: 26)
        var masks: [Int: Int] = [:]
        // 50 presses; each draws its frames at 60 Hz from a random start within the first frame,
        // as a kiosk's frames fall relative to a touch.
        for press in 1...50 {
            var t = Double(generator.next() % 1000) / 1000 / 60
            while t < KioskSession.pressDuration + 1.0 / 60 {
                painter.drawButton(in: button, title: "Best seats", enabled: true, scale: Self.pressScale(at: t), in: context)
                t += 1.0 / 60
            }
            masks[press] = renderer.glyphCache.count
        }
        // Every size and sub-pixel phase of the label was made by press 20 (7 scales in 1/32
        // steps); each eased scale made new masks before.
        #expect(masks[50] == masks[20], "glyph masks after 20 / 50 presses: \(masks[20] ?? 0) / \(masks[50] ?? 0)")
    }

    @Test func calloutTextComesInWholePixelSizes() throws {
        let d = KioskDriver(size: Size(width: 800, height: 480))
        let s = d.session
        let ppm = s.configuration.pixelsPerMillimetre
        let safe = s.layout.safeArea
        var bodies = Set<Double>()
        // Every 7th seat of the venue tapped mid-chart: their lines differ in length.
        for seat in stride(from: 0, to: d.venue.seats.count, by: 7) {
            let p = Point(x: safe.midX, y: safe.midY)
            let lines = s.calloutLines(for: .init(seat: seat, finger: p, outcome: .selected))
            guard let c = SeatCalloutView.callout(lines: lines, seat: p, seatRadius: 4 * ppm, finger: p,
                                                  fingerRadius: 10 * ppm, pixelsPerMillimetre: ppm, painter: s.painter)
            else { continue }
            bodies.insert(c.bodySize)
        }
        let natural = max(28 * s.layout.chromeUnit, s.layout.textFloor)
        #expect(!bodies.isEmpty)
        for b in bodies {
            #expect(b == natural || b == s.layout.textFloor || b == b.rounded(.down), "body size \(b) px")
        }
        // Between the floor and the natural size there are only as many whole pixels as that.
        #expect(bodies.count <= Int(natural - s.layout.textFloor) + 3)
    }
}

/// A small deterministic generator (SplitMix64), so the test's frame times are the same each run.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
