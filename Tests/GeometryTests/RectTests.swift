import Testing
@testable import Geometry

@Suite struct RectTests {
    @Test func nullAndEmpty() {
        #expect(Rect.null.isNull && Rect.null.isEmpty)
        #expect(Rect.zero.isEmpty && !Rect.zero.isNull)
        #expect(Rect(x: 0, y: 0, width: 5, height: 0).isEmpty)
        #expect(!Rect(x: 0, y: 0, width: 5, height: 1).isEmpty)
    }

    @Test func unionWithNullIsTheOtherRect() {
        let r = Rect(x: 1, y: 2, width: 3, height: 4)
        #expect(r.union(.null) == r && Rect.null.union(r) == r)
        #expect(r.union(Rect(x: 10, y: -1, width: 1, height: 1)) == Rect(x: 1, y: -1, width: 10, height: 7))
    }

    @Test func intersection() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10)
        #expect(a.intersection(Rect(x: 20, y: 20, width: 5, height: 5)).isNull)
        #expect(a.intersection(Rect(x: 5, y: -5, width: 10, height: 10)) == Rect(x: 5, y: 0, width: 5, height: 5))
        // Touching edges meet in a zero-width rect, which is empty but not null (CGRect).
        let touch = a.intersection(Rect(x: 10, y: 0, width: 5, height: 5))
        #expect(!touch.isNull && touch.isEmpty && touch == Rect(x: 10, y: 0, width: 0, height: 5))
        #expect(!a.intersects(Rect(x: 10, y: 0, width: 5, height: 5)))
    }

    @Test func standardizedAndEdges() {
        let r = Rect(x: 10, y: 10, width: -4, height: -6)
        #expect(r.minX == 6 && r.maxX == 10 && r.minY == 4 && r.maxY == 10)
        #expect(r.width == 4 && r.height == 6)
        #expect(r.standardized == Rect(x: 6, y: 4, width: 4, height: 6))
        #expect(r.center == Point(8, 7))
    }

    @Test func insetBy() {
        let r = Rect(x: 0, y: 0, width: 10, height: 6)
        #expect(r.insetBy(dx: 1, dy: 2) == Rect(x: 1, y: 2, width: 8, height: 2))
        #expect(r.insetBy(dx: -1, dy: -1) == Rect(x: -1, y: -1, width: 12, height: 8))
        #expect(r.insetBy(dx: 6, dy: 0).isNull)
        // Works on the standardized rect.
        #expect(Rect(x: 10, y: 6, width: -10, height: -6).insetBy(dx: 1, dy: 1) == Rect(x: 1, y: 1, width: 8, height: 4))
    }

    @Test func containsIsHalfOpen() {
        let r = Rect(x: 0, y: 0, width: 10, height: 10)
        #expect(r.contains(Point(0, 0)) && r.contains(Point(9.999, 9.999)))
        #expect(!r.contains(Point(10, 5)) && !r.contains(Point(5, 10)) && !r.contains(Point(-0.001, 5)))
        #expect(!Rect.null.contains(Point(0, 0)))
        #expect(r.contains(Rect(x: 0, y: 0, width: 10, height: 10)))
        #expect(!r.contains(Rect(x: 5, y: 5, width: 10, height: 1)))
    }
}
