import Foundation
import Geometry
import Testing
@testable import Seating

@Suite struct SeatShapeTests {
    @Test func seat_shape_follows_the_recipe() {
        // Square (10, 20, 30, 30): vs = 3, back from y = 23 to 30 − 3 + 20 = … (h/3 = 10 → 30),
        // squab from y = 35 to 35 + 12 = 47; the squab's left edge is at x = 10.
        let p = SeatShape.path(in: Rect(x: 10, y: 20, width: 30, height: 30), rotation: 0)
        let b = p.boundingRect
        #expect(abs(b.minY - 23) < 1e-9)
        #expect(abs(b.maxY - 47) < 1e-9)
        #expect(abs(b.minX - 10) < 1e-9)
        #expect(b.maxX <= 40)
        // Three subpaths: back, squab, rod (an open line from (25, 30) to (25 − 3.5, 35)).
        #expect(p.verbs.filter { $0 == .move }.count == 3)
        #expect(p.points.suffix(2) == [Point(x: 25, y: 30), Point(x: 25 - 3.5, y: 35)])
        // Turned by π/2 about the centre (25, 35): (x, y) → (25 − (y − 35), 35 + (x − 25)).
        let q = SeatShape.path(in: Rect(x: 10, y: 20, width: 30, height: 30), rotation: .pi / 2).boundingRect
        #expect(abs(q.minY - 20) < 1e-9)   // from minX = 10
        #expect(abs(q.maxX - 37) < 1e-9)   // from minY = 23
        #expect(abs(q.minX - 13) < 1e-9)   // from maxY = 47
    }

    @Test func contains_matches_the_rotated_path() {
        let rect = Rect(x: -5, y: 7, width: 10, height: 10)
        for rotation in [0.0, 0.7, -.pi / 2, 2.5] {
            let path = SeatShape.path(in: rect, rotation: rotation)
            var agree = 0
            for i in 0..<40 {
                for j in 0..<40 {
                    let p = Point(x: -6 + Double(i) * 0.3 + 0.013, y: 6 + Double(j) * 0.3 + 0.017)
                    if SeatShape.contains(p, center: rect.center, size: 10, rotation: rotation) == path.contains(p) { agree += 1 }
                }
            }
            #expect(agree == 1600, "rotation \(rotation)")
        }
    }

    @Test func field_markings_are_rect_midline_and_centre_circle() {
        let f = Rect(x: 100, y: 50, width: 400, height: 200)
        let p = FieldMarkings.path(for: f)
        #expect(p.verbs.filter { $0 == .move }.count == 3)
        #expect(p.boundingRect == f)
        // Centre circle: diameter width / 4 = 100, centred at (300, 150).
        #expect(FieldMarkings.centerCircle(for: f) == Rect(x: 250, y: 100, width: 100, height: 100))
        #expect(p.contains(Point(x: 300, y: 150)))
    }
}
