import Geometry
import Testing

@Suite struct DisplayRotationTests {
    @Test func degreesNormalizeAndRejectOddAngles() {
        #expect(DisplayRotation(degrees: 450) == .degrees90)
        #expect(DisplayRotation(degrees: -90) == .degrees270)
        #expect(DisplayRotation(degrees: 45) == nil)
        #expect(DisplayRotation.degrees90.followed(by: .degrees270) == .degrees0)
        #expect(DisplayRotation.degrees180.followed(by: .degrees180) == .degrees0)
    }

    @Test func clockwiseQuarterTurnMovesCornersByHand() {
        // A 4×2 logical image on a 2×4 panel, turned 90° clockwise: top-left → top-right,
        // top-right → bottom-right, bottom-left → top-left.
        let r = DisplayRotation.degrees90
        #expect(r.logicalSize(deviceWidth: 2, deviceHeight: 4) == (4, 2))
        #expect(r.devicePoint(x: 0, y: 0, logicalWidth: 4, logicalHeight: 2) == (1, 0))
        #expect(r.devicePoint(x: 3, y: 0, logicalWidth: 4, logicalHeight: 2) == (1, 3))
        #expect(r.devicePoint(x: 0, y: 1, logicalWidth: 4, logicalHeight: 2) == (0, 0))
        #expect(DisplayRotation.degrees270.devicePoint(x: 0, y: 0, logicalWidth: 4, logicalHeight: 2) == (0, 3))
        #expect(DisplayRotation.degrees180.devicePoint(x: 0, y: 0, logicalWidth: 4, logicalHeight: 2) == (3, 1))
    }

    @Test func fourQuarterTurnsAreTheIdentity() {
        // Applying the 90° map four times (sizes swapping each time) returns every pixel home.
        var w = 5, h = 3
        var pts = [(0, 0), (4, 2), (1, 2), (3, 0)]
        let original = pts
        for _ in 0..<4 {
            pts = pts.map { DisplayRotation.degrees90.devicePoint(x: $0.0, y: $0.1, logicalWidth: w, logicalHeight: h) }
            swap(&w, &h)
        }
        #expect(pts.map { [$0.0, $0.1] } == original.map { [$0.0, $0.1] })
    }

    @Test func panelOrientationNames() {
        #expect(DisplayRotation(panelOrientation: "Normal") == .degrees0)
        #expect(DisplayRotation(panelOrientation: "Upside Down") == .degrees180)
        #expect(DisplayRotation(panelOrientation: "Left Side Up") == .degrees270)
        #expect(DisplayRotation(panelOrientation: "Right Side Up") == .degrees90)
        #expect(DisplayRotation(panelOrientation: "garbage") == .degrees0)
    }
}
