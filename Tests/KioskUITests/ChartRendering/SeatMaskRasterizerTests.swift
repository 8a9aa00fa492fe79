import Foundation
import Testing
import TestFixtures
@testable import KioskUI

/// Masks from the summed-area table against coverage worked out apart from it: rectangles on
/// the fine grid (every pixel's area a multiple of 1/64 px², so the byte is exact) at every
/// width from one pixel to fifteen (the four-pixel groups and the pixel loop after them) and
/// random phases, nothing written outside the returned box; and random convex polygons within
/// one level of the same outline rasterized straight onto the pixel grid.
@Suite struct SeatMaskRasterizerTests {
    static let n = SeatMaskRasterizer.finePerPixel

    /// The mask's bytes for `points` (one contour) at phase (kx, ky), written into a buffer of
    /// sentinels; and the box it returned.
    static func mask(_ points: [SIMD2<Float>], kx: Int, ky: Int, margin: Int, side: Int,
                     sentinel: UInt8) -> ([UInt8], SIMD4<Int>) {
        let r = SeatMaskRasterizer()
        let starts: [Int32] = [0, Int32(points.count)]
        r.prepare(points: points, starts: starts, contours: 1)
        var out = [UInt8](repeating: sentinel, count: side * side)
        let box = out.withUnsafeMutableBufferPointer {
            r.mask(phaseX: kx, phaseY: ky, margin: margin, side: side, into: $0.baseAddress!)
        }
        return (out, box)
    }

    @Test func fineAlignedRectanglesGiveTheirExactAreas() {
        var rng = SeededGenerator(seed: 0x3A5C)
        let margin = 10, side = 40, sentinel: UInt8 = 0xAB
        var compared = 0, partial = 0
        for trial in 0..<600 {
            // Corners in fine units (1/8 px) from the centre; widths 1 … 120 fine units.
            let width = 1 + trial % 120, height = 1 + Int(rng.next() % 40)
            let left = -Int(rng.next() % 64), top = -Int(rng.next() % 32)
            let kx = Int(rng.next() % UInt64(Self.n)), ky = Int(rng.next() % UInt64(Self.n))
            var corners: [SIMD2<Float>] = [(left, top), (left + width, top), (left + width, top + height),
                                           (left, top + height)].map { SIMD2(Float($0.0) / 8, Float($0.1) / 8) }
            if rng.next() % 2 == 0 { corners.reverse() }  // either winding
            let (out, box) = Self.mask(corners, kx: kx, ky: ky, margin: margin, side: side, sentinel: sentinel)
            // Device fine coordinates: the centre at margin + k/8 px.
            let fx0 = Self.n * margin + kx + left, fx1 = fx0 + width
            let fy0 = Self.n * margin + ky + top, fy1 = fy0 + height
            for y in 0..<side {
                for x in 0..<side {
                    let got = out[y * side + x]
                    let inBox = x >= box.x && x < box.z && y >= box.y && y < box.w
                    let ox = max(0, min(fx1, Self.n * (x + 1)) - max(fx0, Self.n * x))
                    let oy = max(0, min(fy1, Self.n * (y + 1)) - max(fy0, Self.n * y))
                    let area = Double(ox * oy) / Double(Self.n * Self.n)
                    let expected = UInt8((min(area, 1) * 255 + 0.5).rounded(.down))
                    if !inBox {
                        #expect(got == sentinel, "pixel (\(x), \(y)) outside the box \(box) was written")
                        #expect(expected == 0, "pixel (\(x), \(y)) is covered but outside the box \(box)")
                        continue
                    }
                    #expect(got == expected, "rectangle \(width)×\(height) fine at phase (\(kx), \(ky)): pixel (\(x), \(y))")
                    compared += 1
                    if expected != 0 && expected != 255 { partial += 1 }
                }
            }
        }
        #expect(compared > 15_000 && partial > 8_000)
    }

    @Test func convexPolygonsMatchTheDirectRasterization() {
        var rng = SeededGenerator(seed: 0x51DE)
        let margin = 8, side = 32
        var compared = 0
        for _ in 0..<300 {
            // A convex polygon: 3 … 12 points on an ellipse at increasing angles, rotated.
            let count = 3 + Int(rng.next() % 10)
            let a = 1 + Double(rng.next() % 600) / 100, b = 1 + Double(rng.next() % 600) / 100
            let turn = Double(rng.next() % 628) / 100
            let points: [SIMD2<Float>] = (0..<count).map { i in
                let t = turn + Double(i) * 2 * .pi / Double(count)
                return SIMD2(Float(a * cos(t)), Float(b * sin(t)))
            }
            let kx = Int(rng.next() % UInt64(Self.n)), ky = Int(rng.next() % UInt64(Self.n))
            let (out, box) = Self.mask(points, kx: kx, ky: ky, margin: margin, side: side, sentinel: 0)
            let direct = SeatMaskRasterizer()
            var reference = [UInt8](repeating: 0, count: side * side)
            let starts: [Int32] = [0, Int32(count)]
            reference.withUnsafeMutableBufferPointer {
                direct.rasterize(points: points, starts: starts, contours: 1,
                                 dx: Double(margin) + Double(kx) / Double(Self.n), dy: Double(margin) + Double(ky) / Double(Self.n),
                                 width: side, height: side, into: $0.baseAddress!)
            }
            for y in 0..<side {
                for x in 0..<side {
                    let got = Int(out[y * side + x]), want = Int(reference[y * side + x])
                    #expect(abs(got - want) <= 1, "polygon of \(count) at phase (\(kx), \(ky)), box \(box): pixel (\(x), \(y)) \(got) against \(want)")
                    if want != 0 { compared += 1 }
                }
            }
        }
        #expect(compared > 5_000)
    }

    /// The direct rasterization (seats too large for a table) against exact areas: rectangles
    /// with corners on the 1/8 px grid (exact in binary, so the bytes are exact) in grids of
    /// every width from 1 to 15 px (the four-pixel groups and the pixel loop after them), either
    /// winding, one rasterizer reused throughout (its cells must come back zeroed), every byte
    /// written (0 around the rectangle, where the sweep skips the rows and columns it does not reach).
    @Test func directRasterizationGivesExactRectangleAreas() {
        var rng = SeededGenerator(seed: 0xD1EC)
        let direct = SeatMaskRasterizer()
        var compared = 0, partial = 0
        for trial in 0..<450 {
            let width = 1 + trial % 15, height = 1 + Int(rng.next() % 12)
            // Fine corners (1/8 px) inside the grid.
            let fx0 = Int(rng.next() % UInt64(8 * width)), fy0 = Int(rng.next() % UInt64(8 * height))
            let fx1 = fx0 + 1 + Int(rng.next() % UInt64(8 * width - fx0))
            let fy1 = fy0 + 1 + Int(rng.next() % UInt64(8 * height - fy0))
            var corners: [SIMD2<Float>] = [(fx0, fy0), (fx1, fy0), (fx1, fy1), (fx0, fy1)]
                .map { SIMD2(Float($0.0) / 8, Float($0.1) / 8) }
            if rng.next() % 2 == 0 { corners.reverse() }
            // No shift: the corners lie within [0, width] × [0, height], the right and bottom
            // sides possibly on the grid's edges.
            var out = [UInt8](repeating: 0xAB, count: width * height)
            let starts: [Int32] = [0, 4]
            out.withUnsafeMutableBufferPointer {
                direct.rasterize(points: corners, starts: starts, contours: 1, dx: 0, dy: 0,
                                 width: width, height: height, into: $0.baseAddress!)
            }
            for y in 0..<height {
                for x in 0..<width {
                    let ox = max(0, min(fx1, 8 * (x + 1)) - max(fx0, 8 * x))
                    let oy = max(0, min(fy1, 8 * (y + 1)) - max(fy0, 8 * y))
                    let expected = UInt8((Double(ox * oy) / 64 * 255 + 0.5).rounded(.down))
                    #expect(out[y * width + x] == expected,
                            "rectangle [\(fx0), \(fx1)) × [\(fy0), \(fy1)) fine in \(width)×\(height): pixel (\(x), \(y))")
                    compared += 1
                    if expected != 0 && expected != 255 { partial += 1 }
                }
            }
        }
        #expect(compared > 20_000 && partial > 2_000, "\(compared) pixels, \(partial) partial")
    }
}
