import Foundation
import Testing
import Geometry
import Raster
import Seating
@testable import KioskUI

/// The new map (issue 24) against reviewed PNGs in `Golden/`: the overview, a zoomed straight
/// tribune, a zoomed arc tribune and a seat's callout, at 1920×1080, 1080×1920 and 800×480, each
/// reached by taps as a visitor would and left to settle, compared by `GoldenImages` (at most 2
/// per channel; `TRIBUNE_UPDATE_GOLDEN=1` rewrites them in the source tree: review them by eye).
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

    @Test(arguments: scenes) func matchesGolden(_ scene: String) throws {
        for (orientation, size) in Self.sizes {
            try GoldenImages.check(Self.screen(scene, size: size), against: "map-\(scene)-\(orientation).png")
        }
    }
}
