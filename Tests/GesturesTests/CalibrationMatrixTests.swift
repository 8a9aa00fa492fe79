import Gestures
import Testing

@Suite struct CalibrationMatrixTests {
    @Test func parsesUdevsSixNumbers() {
        #expect(CalibrationMatrix(udevValue: "1 0 0 0 1 0")?.isIdentity == true)
        #expect(CalibrationMatrix(udevValue: "\"0 -1 1\t1 0 0\"") == CalibrationMatrix(a: 0, b: -1, c: 1, d: 1, e: 0, f: 0))
    }

    @Test func refusesAnythingButSixFiniteNumbers() {
        #expect(CalibrationMatrix(udevValue: "1 0 0 0 1") == nil)
        #expect(CalibrationMatrix(udevValue: "1 0 0 0 1 0 0") == nil)
        #expect(CalibrationMatrix(udevValue: "1 0 0 0 1 x") == nil)
        #expect(CalibrationMatrix(udevValue: "1 0 0 0 1 nan") == nil)
        #expect(CalibrationMatrix(udevValue: "") == nil)
    }

    /// udev's documented 90° matrix sends the panel's top-left to its top-right and keeps the centre.
    @Test func appliesTheTwoRows() {
        let m = CalibrationMatrix(a: 0, b: -1, c: 1, d: 1, e: 0, f: 0)
        #expect(m.apply(x: 0, y: 0) == (1, 0))
        #expect(m.apply(x: 0.5, y: 0.5) == (0.5, 0.5))
        #expect(CalibrationMatrix(a: 2, b: 3, c: 4, d: 5, e: 6, f: 7).apply(x: 1, y: 10) == (36, 72))
    }
}
