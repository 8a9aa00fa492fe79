import Raster
import Testing
@testable import DRMDisplay

@Suite struct DRMRotationTests {
    @Test func degreesNormalizeAndRejectOddAngles() {
        #expect(DRMRotation(degrees: 450) == .r90)
        #expect(DRMRotation(degrees: -90) == .r270)
        #expect(DRMRotation(degrees: 45) == nil)
        #expect(DRMRotation.r90.followed(by: .r270) == .r0)
        #expect(DRMRotation.r180.followed(by: .r180) == .r0)
    }

    @Test func clockwiseQuarterTurnMovesCornersByHand() {
        // A 4×2 logical image on a 2×4 panel, turned 90° clockwise: top-left → top-right,
        // top-right → bottom-right, bottom-left → top-left.
        let r = DRMRotation.r90
        #expect(r.logicalSize(deviceWidth: 2, deviceHeight: 4) == (4, 2))
        #expect(r.devicePoint(x: 0, y: 0, logicalWidth: 4, logicalHeight: 2) == (1, 0))
        #expect(r.devicePoint(x: 3, y: 0, logicalWidth: 4, logicalHeight: 2) == (1, 3))
        #expect(r.devicePoint(x: 0, y: 1, logicalWidth: 4, logicalHeight: 2) == (0, 0))
        #expect(DRMRotation.r270.devicePoint(x: 0, y: 0, logicalWidth: 4, logicalHeight: 2) == (0, 3))
        #expect(DRMRotation.r180.devicePoint(x: 0, y: 0, logicalWidth: 4, logicalHeight: 2) == (3, 1))
    }

    @Test func deviceRectIsTheImageOfEveryPixel() {
        let lw = 7, lh = 5
        let rect = PixelRect(x: 2, y: 1, width: 3, height: 4)
        for r in DRMRotation.allCases {
            let d = r.deviceRect(rect, logicalWidth: lw, logicalHeight: lh)
            var seen = Set<Int>()
            for y in rect.minY..<rect.maxY {
                for x in rect.minX..<rect.maxX {
                    let p = r.devicePoint(x: x, y: y, logicalWidth: lw, logicalHeight: lh)
                    #expect(p.x >= d.minX && p.x < d.maxX && p.y >= d.minY && p.y < d.maxY)
                    seen.insert(p.y * 100 + p.x)
                }
            }
            #expect(seen.count == d.width * d.height, "\(r): a bijection onto the device rect")
        }
    }

    @Test func fourQuarterTurnsAreTheIdentity() {
        // Applying the 90° map four times (sizes swapping each time) returns every pixel home.
        var w = 5, h = 3
        var pts = [(0, 0), (4, 2), (1, 2), (3, 0)]
        let original = pts
        for _ in 0..<4 {
            pts = pts.map { DRMRotation.r90.devicePoint(x: $0.0, y: $0.1, logicalWidth: w, logicalHeight: h) }
            swap(&w, &h)
        }
        #expect(pts.map { [$0.0, $0.1] } == original.map { [$0.0, $0.1] })
    }

    @Test func panelOrientationNames() {
        #expect(DRMRotation(panelOrientation: "Normal") == .r0)
        #expect(DRMRotation(panelOrientation: "Upside Down") == .r180)
        #expect(DRMRotation(panelOrientation: "Left Side Up") == .r270)
        #expect(DRMRotation(panelOrientation: "Right Side Up") == .r90)
        #expect(DRMRotation(panelOrientation: "garbage") == .r0)
    }
}
