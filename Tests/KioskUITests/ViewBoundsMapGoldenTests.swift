import Foundation
import Testing
import Geometry
import Raster
import Seating
@testable import KioskUI

/// The new map (issue 24) against reviewed PNGs in `Golden/`: the overview, a zoomed straight
/// tribune, a zoomed arc tribune and a seat's callout, at 1920×1080, 1080×1920 and 800×480, each
/// reached by taps as a visitor would and left to settle. A pixel may differ by at most 2 per
/// channel, as in `KioskGoldenTests`; `TRIBUNE_UPDATE_GOLDEN=1 swift test --filter
/// ViewBoundsMapGoldenTests` rewrites them in the source tree (review them by eye first).
@Suite struct ViewBoundsMapGoldenTests {
    static let sizes: [(String, Size)] = [("landscape", Size(width: 1920, height: 1080)), ("portrait", Size(width: 1080, height: 1920)),
                                          ("small", Size(width: 800, height: 480))]
    static let scenes = ["overview", "straight", "arc", "callout"]

    /// Long enough for any zoom, reveal and callout to finish, s.
    static let settle = 3.0

    /// `scene` at `size`, settled.
    static func screen(_ scene: String, size: Size) -> Surface {
        let d = KioskDriver(size: size)
        d.run(to: Self.settle)
        let arc = d.venue.tribunes.firstIndex { $0.kind == .arc } ?? 0
        switch scene {
        case "straight", "callout":
            let t = d.rectTribune
            d.tap(Self.inside(t, d))
            d.run(to: d.now + Self.settle)
            if scene == "callout" {
                d.tap(d.seatPoint(d.middleSeats(t).0))
                d.run(to: d.now + Self.settle)
            }
        case "arc":
            d.tap(Self.inside(arc, d))
            d.run(to: d.now + Self.settle)
        default:
            break
        }
        return d.render()
    }

    /// On screen now, the centre of tribune `t`'s middle seat: inside the tribune's shape (for
    /// an arc the bounds' centre may lie outside it).
    static func inside(_ t: Int, _ d: KioskDriver) -> Point {
        d.session.interaction.presentedView.screenPoint(fromChart: d.venue.seats[ViewBounds.middleSeat(of: d.venue.tribunes[t])].center)
    }

    /// The largest difference of any channel of any pixel, and how many pixels differ by more
    /// than `tolerance`.
    static func difference(_ a: Surface, _ b: Surface, tolerance: Int) -> (worst: Int, over: Int) {
        var worst = 0, over = 0
        for y in 0..<a.height {
            let p = a.row(y), q = b.row(y)
            for x in 0..<a.width where p[x] != q[x] {
                let u = PremultipliedPixel(rawValue: p[x]), v = PremultipliedPixel(rawValue: q[x])
                let d = max(abs(Int(u.red) - Int(v.red)), abs(Int(u.green) - Int(v.green)),
                            abs(Int(u.blue) - Int(v.blue)), abs(Int(u.alpha) - Int(v.alpha)))
                worst = max(worst, d)
                if d > tolerance { over += 1 }
            }
        }
        return (worst, over)
    }

    @Test(arguments: scenes) func matchesGolden(_ scene: String) throws {
        for (orientation, size) in Self.sizes {
            let surface = Self.screen(scene, size: size)
            let file = "map-\(scene)-\(orientation).png"
            if KioskGoldenTests.updating {
                try FileManager.default.createDirectory(atPath: KioskGoldenTests.sourceGolden, withIntermediateDirectories: true)
                try surface.writePNG(to: KioskGoldenTests.sourceGolden + "/" + file, opaque: true)
                continue
            }
            let url = try #require(Bundle.module.resourceURL?.appendingPathComponent("Golden/" + file),
                                   "no golden \(file); run with TRIBUNE_UPDATE_GOLDEN=1")
            let golden = try Surface(contentsOfPNGFile: url.path)
            try #require(golden.width == surface.width && golden.height == surface.height, "\(file): size")
            let (worst, over) = Self.difference(surface, golden, tolerance: 2)
            #expect(worst <= 2, "\(file): \(over) pixels differ by more than 2 (worst \(worst))")
        }
    }
}
