import Foundation
import Geometry
import Testing
@testable import Seating

@Suite struct VenueIndexTests {
    /// The index agrees with brute force (every seat's full path and every tribune's outline
    /// path, tested with `Path.contains`) on 10 000 random points: half near seats, half
    /// anywhere.
    @Test func index_agrees_with_brute_force_on_10000_points() {
        let v = StadiumGenerator.generate(.forSeatCount(3000))
        let index = VenueIndex(venue: v)
        let seatPaths = (0..<v.seatCount).map { v.seatPath($0) }
        let seatBoxes = seatPaths.map { $0.controlPointBounds }
        let tribunePaths = v.tribunes.map(\.path)
        var rng: UInt64 = 2024
        func r() -> Double { rng = rng &* 6364136223846793005 &+ 1442695040888963407; return Double(rng >> 11) / Double(1 << 53) }
        var seatHits = 0, tribuneHits = 0, seatMismatch = 0, tribuneMismatch = 0
        for k in 0..<10_000 {
            let p: Point
            if k % 2 == 0 {
                let s = v.seats[Int(r() * Double(v.seatCount))]
                p = Point(x: s.center.x + (r() - 0.5) * s.size * 1.2, y: s.center.y + (r() - 0.5) * s.size * 1.2)
            } else {
                p = Point(x: r() * v.size.width, y: r() * v.size.height)
            }
            var brute: Int? = nil
            for i in 0..<v.seatCount where seatBoxes[i].contains(p) && seatPaths[i].contains(p) { brute = i; break }
            var bruteT: Int? = nil
            for t in 0..<v.tribunes.count where tribunePaths[t].contains(p) { bruteT = t; break }
            let got = index.seat(at: p, in: v), gotT = index.tribune(at: p, in: v)
            if got != brute { seatMismatch += 1 }
            if gotT != bruteT { tribuneMismatch += 1 }
            if brute != nil { seatHits += 1 }
            if bruteT != nil { tribuneHits += 1 }
            if let got { #expect(v.tribunes[Int(v.seats[got].tribune)].contains(p)) }
        }
        #expect(seatMismatch == 0)
        #expect(tribuneMismatch == 0)
        #expect(seatHits > 2000)     // the test really exercises hits
        #expect(tribuneHits > 4000)
    }

    @Test func a_seat_is_hit_by_its_shape_not_its_box() {
        let v = StadiumGenerator.generate(.forSeatCount(600))
        let index = VenueIndex(venue: v)
        let i = v.tribunes[0].seats.lowerBound
        let s = v.seats[i]
        // Rotation 0 (a north tribune): the square's top-left corner region (local (0.05, 0.05))
        // is inside the box but outside the shape; the squab's middle (0.38, 0.7) is inside.
        #expect(s.rotation == 0)
        let corner = Point(x: s.center.x - 0.45 * s.size, y: s.center.y - 0.45 * s.size)
        let squab = Point(x: s.center.x - s.size / 2 + 0.38 * s.size, y: s.center.y - s.size / 2 + 0.7 * s.size)
        #expect(index.seat(at: corner, in: v) == nil)
        #expect(index.seat(at: squab, in: v) == i)
    }
}
