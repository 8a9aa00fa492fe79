import Foundation
import Geometry
import Testing
@testable import Raster

/// The order in which `fillByParts` draws a batch's units: by the direction of each unit's
/// first edge (`Rasterizer.directionKey`), listed order within a direction.
struct RasterizerPartsTests {
    typealias T = RasterTestSupport

    /// The key of a direction θ (radians from +y towards +x) a long way out, in 24.8 units.
    static func key(_ theta: Double) -> Int {
        let dx = Int32((10_000 * sin(theta)).rounded()), dy = Int32((10_000 * cos(theta)).rounded())
        return Rasterizer.directionKey(of: SIMD4(1_000, 2_000, 1_000 &+ dx, 2_000 &+ dy))
    }

    /// Keys follow the angle: the axes at quarter turns (+y, +x, −y, −x: 0, 256, 512, 768),
    /// never decreasing over a turn in 0.1° steps, opposite directions half a turn (512) apart,
    /// and within 13 keys (4.6°) of θ · 1024 / 2π: within a quarter turn the key is
    /// 256 · sin φ / (sin φ + cos φ), which strays up to 11.6 keys from 256 · φ / (π / 2)
    /// (17.4° from either axis), and the integer division truncates by less than 1 more.
    @Test func directionKeysFollowTheAngle() {
        #expect([0.0, 0.5, 1.0, 1.5].map { Self.key($0 * .pi) } == [0, 256, 512, 768])
        var last = -1, worst = 0.0
        for step in 0..<3600 {
            let theta = Double(step) / 3600 * 2 * .pi
            let k = Self.key(theta)
            #expect((0..<RasterParts.directionKeys).contains(k))
            #expect(k >= last, "key \(k) after \(last) at step \(step)")
            last = k
            worst = max(worst, abs(Double(k) - theta / (2 * .pi) * 1024))
            if step % 900 != 0 { #expect((Self.key(theta + .pi) - k + 1024) % 1024 == 512, "step \(step)") }
        }
        #expect(worst <= 13, "worst \(worst)")
    }

    /// A zero edge (a resolver's emptied slot) has a key too.
    @Test func aZeroEdgeHasAKey() {
        #expect(Rasterizer.directionKey(of: SIMD4(5, 5, 5, 5)) == 256)
    }

    /// After a batch of 400 seats turned every way is drawn by parts, `drawOrder` holds every
    /// unit once, sorted by key, in listed order within a key: the order a stable sort of
    /// (key, unit) pairs gives.
    @Test func unitsAreDrawnOnceEachByKey() throws {
        let w = 640, h = 200
        var rng = T.Random(seed: 7)
        var batch = Path()
        for i in 0..<400 {
            let r = Rect(x: 4 + Double(i % 40) * 15.5 + rng.unit(), y: 4 + Double(i / 40) * 19 + rng.unit(),
                         width: 8, height: 8)
            batch.addPath(T.seat(in: r, rotation: rng.range(-3.2, 3.2)))
        }
        let context = DrawingContext(surface: Surface(width: w, height: h))
        context.fill(batch.flattened(tolerance: 0.1), with: .solid(Color(red: 0.3, green: 0.69, blue: 0.31)))
        let parts = context.rasterizer.parts
        let n = parts.unitCount
        #expect(n >= 400)
        let keys = (0..<n).map { Int(parts.unitKey[$0]) }
        let expected = (0..<n).sorted { (keys[$0], $0) < (keys[$1], $1) }
        #expect((0..<n).map { Int(parts.drawOrder[$0]) } == expected)
        // The seats are turned every way: the keys spread over the turn.
        #expect(Set(keys.map { $0 / 128 }).count == 8)
    }
}
