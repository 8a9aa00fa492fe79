import Geometry
import Gestures
import Testing

@Suite struct DisplayMappingTests {
    /// A 200×100 picture: where the panel's corners and one inner point land, worked out by
    /// hand from the turned picture (90°: the picture's top-left is at the panel's top-right).
    @Test func panelCornersLandWhereTheTurnedPictureIs() {
        let size = Size(width: 200, height: 100)
        let cases: [(DisplayRotation, topLeft: Point, inner: Point)] = [
            (.degrees0, Point(x: 0, y: 0), Point(x: 50, y: 10)),       // (u 0.25, v 0.1)
            (.degrees90, Point(x: 0, y: 100), Point(x: 20, y: 75)),
            (.degrees180, Point(x: 200, y: 100), Point(x: 150, y: 90)),
            (.degrees270, Point(x: 200, y: 0), Point(x: 180, y: 25)),
        ]
        for (rotation, topLeft, inner) in cases {
            let m = DisplayMapping(size: size, rotation: rotation)
            #expect(m.screenPoint(u: 0, v: 0) == topLeft, "\(rotation)")
            let p = m.screenPoint(u: 0.25, v: 0.1)
            #expect(abs(p.x - inner.x) < 1e-9 && abs(p.y - inner.y) < 1e-9, "\(rotation)")
        }
    }

    @Test(arguments: DisplayRotation.allCases)
    func panelPointInvertsScreenPoint(_ rotation: DisplayRotation) {
        let m = DisplayMapping(size: Size(width: 1024, height: 600), rotation: rotation)
        for (u, v) in [(0.0, 0.0), (1.0, 0.0), (0.3, 0.7), (0.999, 0.25)] {
            let p = m.screenPoint(u: u, v: v)
            let back = m.panelPoint(p)
            #expect(abs(back.u - u) < 1e-12 && abs(back.v - v) < 1e-12)
        }
    }

    @Test func pixelsPerMillimetreAlongThePanelsWidth() {
        let upright = DisplayMapping(size: Size(width: 1000, height: 500))
        #expect(upright.pixelsPerMillimetre(panelSize: Size(width: 250, height: 125)) == 4)
        // Turned a quarter, the panel's 250 mm width carries the picture's 500 px height.
        let turned = DisplayMapping(size: Size(width: 1000, height: 500), rotation: .degrees90)
        #expect(turned.pixelsPerMillimetre(panelSize: Size(width: 250, height: 500)) == 2)
        #expect(upright.pixelsPerMillimetre(panelSize: Size(width: 0, height: 125)) == nil)
        #expect(upright.pixelsPerMillimetre(panelSize: Size(width: .infinity, height: 125)) == nil)
    }
}
