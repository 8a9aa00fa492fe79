#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import Geometry

/// The seed's seat shape (SportFan `SeatShape.path(in:)`), built with the library's API.
struct SeedSeat {
    let rect: Rect
    var w: Double { rect.width }
    var h: Double { rect.height }
    var vs: Double { h * 0.1 }
    var seatBackHeight: Double { h / 3 - vs }
    var squabHeight: Double { h / 2 - vs }
    let skewAngle = Double.pi / 4
    var skewShift: Double { seatBackHeight / tan(skewAngle) }
    var seatWidth: Double { w - skewShift }
    var skew: AffineTransform { AffineTransform(a: 1, b: 0, c: -cos(skewAngle), d: 1, tx: skewShift + vs, ty: 0) }

    /// The unrotated shape in the rect's own coordinates (origin at 0, 0).
    var localPath: Path {
        var p = Path()
        let corner = Size(w / 15, h / 15)
        p.move(to: Point(w / 2, h / 3))
        p.addLine(to: Point(w / 2 - skewShift / 2, h / 2))
        p.addRoundedRect(in: Rect(x: 0, y: vs, width: seatWidth, height: seatBackHeight), cornerSize: corner, transform: skew)
        p.addRoundedRect(in: Rect(x: 0, y: h / 2, width: seatWidth, height: squabHeight), cornerSize: corner)
        return p
    }

    /// Rotation by r about the rect's centre, then the move to the rect's origin (the seed).
    func transform(_ r: Double) -> AffineTransform {
        let cx = w / 2, cy = h / 2
        return AffineTransform(translationX: cx, y: cy).rotated(by: r).translatedBy(x: -cx, y: -cy)
            .concatenating(AffineTransform(translationX: rect.minX, y: rect.minY))
    }

    /// The same without the centring translations: rotation about the local origin.
    func uncentredTransform(_ r: Double) -> AffineTransform {
        AffineTransform(rotationAngle: r).concatenating(AffineTransform(translationX: rect.minX, y: rect.minY))
    }

    func path(_ r: Double) -> Path { localPath.applying(transform(r)) }
}

func centroid(_ pts: [Point]) -> Point {
    Point(pts.map(\.x).reduce(0, +) / Double(pts.count), pts.map(\.y).reduce(0, +) / Double(pts.count))
}

@Suite struct SeatShapeTests {
    let seat = SeedSeat(rect: Rect(x: 37, y: 53, width: 30, height: 24))
    var angles: [Double] { (0..<40).map { Double($0) * .pi / 20 } }

    @Test func skewByHand() {
        // h = 24: vs = 2.4, seat back 8 − 2.4 = 5.6, tan(π/4) = 1 so the shift is 5.6 too.
        #expect(close(seat.vs, 2.4) && close(seat.seatBackHeight, 5.6) && close(seat.skewShift, 5.6, 1e-12))
        // x' = x − cos(π/4)·y + 5.6 + 2.4: the back's top-left corner (0, 2.4) moves to
        // (8 − 2.4·√½, 2.4), its bottom-left (0, 8) to (8 − 8·√½, 8).
        let h = 0.5.squareRoot()
        #expect(close(Point(0, 2.4).applying(seat.skew), Point(8 - 2.4 * h, 2.4)))
        #expect(close(Point(0, 8).applying(seat.skew), Point(8 - 8 * h, 8)))
        // Three subpaths: the open rod, the skewed back, the squab.
        #expect(seat.localPath.verbs.filter { $0 == .move }.count == 3)
        #expect(seat.localPath.verbs.filter { $0 == .close }.count == 2)
    }

    @Test func rotationKeepsTheCentreInPlace() {
        let centre = seat.rect.center
        for r in angles {
            // The rotation centre maps to the rect's centre for every angle.
            #expect(close(Point(seat.w / 2, seat.h / 2).applying(seat.transform(r)), centre, 1e-12))
            // The path's points turn about the centre: same distance from it as unrotated.
            let c0 = centroid(seat.path(0).points), cr = centroid(seat.path(r).points)
            #expect(close(c0.distance(to: centre), cr.distance(to: centre), 1e-9))
            // …and by the angle r: the centroid is the unrotated one turned about the centre.
            let turned = Point(centre.x + (c0.x - centre.x) * cos(r) - (c0.y - centre.y) * sin(r),
                               centre.y + (c0.x - centre.x) * sin(r) + (c0.y - centre.y) * cos(r))
            #expect(close(cr, turned, 1e-9))
        }
        // Averaged over a full turn the centroids sit exactly at the centre.
        let mean = centroid(angles.map { centroid(seat.path($0).points) })
        #expect(close(mean, centre, 1e-9))
    }

    @Test func withoutCentringTheSeatWanders() {
        let centre = seat.rect.center
        var maxDrift = 0.0
        for r in angles {
            // Rotation about the local origin: the rect's centre (15, 12) goes to
            // (15cos r − 12 sin r, 15 sin r + 12 cos r) + origin.
            let moved = Point(seat.w / 2, seat.h / 2).applying(seat.uncentredTransform(r))
            let expected = Point(37 + 15 * cos(r) - 12 * sin(r), 53 + 15 * sin(r) + 12 * cos(r))
            #expect(close(moved, expected, 1e-12))
            maxDrift = max(maxDrift, moved.distance(to: centre))
        }
        // The centre swings on a circle of radius |(15, 12)| about the origin (37, 53): at r = π
        // it is 2·√(15² + 12²) away from where it belongs.
        #expect(close(maxDrift, 2 * (15.0 * 15 + 12 * 12).squareRoot(), 1e-9))
        let mean = centroid(angles.map { Point(seat.w / 2, seat.h / 2).applying(seat.uncentredTransform($0)) })
        #expect(close(mean, Point(37, 53), 1e-9))
    }

    @Test func rotatedSeatHitTesting() {
        // The squab's centre is inside and the gap between back and squab is outside, for every
        // rotation (the rod is an open line: implicitly closed it has no area).
        let squabCentre = Point(seat.seatWidth / 2, seat.h / 2 + seat.squabHeight / 2)
        let gap = Point(seat.seatWidth / 2 - 4, seat.h * 0.42)
        for r in angles {
            let t = seat.transform(r)
            #expect(seat.path(r).contains(squabCentre.applying(t)))
            #expect(!seat.path(r).contains(gap.applying(t)))
            // Its bounds stay centred on the same point up to rotation: the bounds contain the
            // rotation centre's image.
            #expect(seat.path(r).boundingRect.contains(seat.rect.center))
        }
    }
}
