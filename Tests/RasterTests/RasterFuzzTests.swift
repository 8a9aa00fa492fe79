import Testing
import Geometry
@testable import Raster

/// Seeded random abuse on every run: hostile coordinates and transforms, degenerate surfaces and
/// odd strides. Nothing may crash, and canary bytes around and between the rows must survive.
struct RasterFuzzTests {
    typealias T = RasterTestSupport
    static let canary: UInt8 = 0x5C
    static let guardBytes = 256

    /// A surface wrapping memory with canaries before, after and in the row padding.
    final class GuardedSurface {
        let raw: UnsafeMutableRawPointer
        let total: Int
        let surface: Surface
        init(width: Int, height: Int, padding: Int) {
            let stride = width * 4 + padding
            total = stride * height + 2 * RasterFuzzTests.guardBytes
            raw = .allocate(byteCount: max(total, 1), alignment: 16)
            raw.initializeMemory(as: UInt8.self, repeating: RasterFuzzTests.canary, count: total)
            surface = Surface(wrapping: raw + RasterFuzzTests.guardBytes, width: width, height: height, stride: stride)
            for y in 0..<height { surface.row(y).update(repeating: 0xFFFF_FFFF, count: width) }
        }
        deinit { raw.deallocate() }
        /// Offsets of canary bytes that changed.
        func damagedCanaries() -> [Int] {
            var bad: [Int] = []
            let s = surface
            for i in 0..<total {
                let inside = i >= RasterFuzzTests.guardBytes && i < total - RasterFuzzTests.guardBytes
                if inside {
                    let off = i - RasterFuzzTests.guardBytes
                    if off % s.stride < s.width * 4 { continue }
                }
                if raw.load(fromByteOffset: i, as: UInt8.self) != RasterFuzzTests.canary { bad.append(i) }
            }
            return bad
        }
    }

    static func hostileValue(_ rng: inout T.Random, _ size: Double) -> Double {
        switch rng.int(12) {
        case 0: return .nan
        case 1: return .infinity
        case 2: return -.infinity
        case 3: return 1e9 * (rng.int(2) == 0 ? 1 : -1)
        case 4: return rng.range(-1e6, 1e6)
        case 5: return Double(rng.int(Int(size) + 2))
        case 6: return .greatestFiniteMagnitude
        case 7: return 1e306 * (rng.int(2) == 0 ? 1 : -1)
        case 8: return rng.range(-1e-300, 1e-300)
        default: return rng.range(-size, 2 * size)
        }
    }

    static func hostilePath(_ rng: inout T.Random, _ size: Double) -> Path {
        var p = Path()
        for _ in 0..<rng.int(30) {
            let a = Point(x: hostileValue(&rng, size), y: hostileValue(&rng, size))
            let b = Point(x: hostileValue(&rng, size), y: hostileValue(&rng, size))
            let c = Point(x: hostileValue(&rng, size), y: hostileValue(&rng, size))
            switch rng.int(6) {
            case 0: p.move(to: a)
            case 1: p.addQuadCurve(to: a, control: b)
            case 2: p.addCurve(to: a, control1: b, control2: c)
            case 3: p.closeSubpath()
            default: p.addLine(to: a)
            }
        }
        return p
    }

    static func hostileTransform(_ rng: inout T.Random) -> AffineTransform {
        switch rng.int(6) {
        case 0: return AffineTransform(a: 1e300, b: 0, c: 0, d: 1e300, tx: 0, ty: 0)
        case 1: return AffineTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0)
        case 2: return AffineTransform(a: 0, b: 0, c: 0, d: 0, tx: 3, ty: 3)
        case 3: return AffineTransform(rotationAngle: rng.range(-7, 7)).scaledBy(x: rng.range(-3, 3), y: rng.range(-3, 3))
        default: return .identity
        }
    }

    @Test func hostileInputNeverCrashesOrWritesOutside() {
        var rng = T.Random(seed: 0xF022)
        for iteration in 0..<400 {
            let w = [0, 1, 1, 2, 7, 33, 64, 130][rng.int(8)]
            let h = [0, 1, 1, 3, 9, 40, 70][rng.int(7)]
            let guarded = GuardedSurface(width: w, height: h, padding: [0, 1, 3, 4, 9][rng.int(5)] * 4 + rng.int(4))
            let ctx = DrawingContext(surface: guarded.surface)
            let size = Double(max(w, h))
            for _ in 0..<6 {
                ctx.transform = Self.hostileTransform(&rng)
                ctx.blendMode = [.sourceOver, .copy, .clear][rng.int(3)]
                let path = Self.hostilePath(&rng, size)
                let color = Color(red: rng.unit(), green: rng.unit(), blue: rng.unit(), alpha: rng.unit())
                switch rng.int(9) {
                case 0: ctx.clip(to: Self.hostilePath(&rng, size), rule: .evenOdd)
                case 1: ctx.clip(to: Rect(x: Self.hostileValue(&rng, size), y: Self.hostileValue(&rng, size),
                                          width: Self.hostileValue(&rng, size), height: Self.hostileValue(&rng, size)))
                case 2: ctx.save()
                case 3: ctx.restore()
                case 4: ctx.beginLayer(opacity: [0, 0.5, 1, .nan, -3][rng.int(5)])
                case 5: ctx.endLayer()
                case 6: ctx.stroke(path, with: .solid(color), style: StrokeStyle(lineWidth: Self.hostileValue(&rng, 4)))
                case 7: ctx.drawImage(guarded.surface, in: Rect(x: Self.hostileValue(&rng, size), y: Self.hostileValue(&rng, size),
                                                             width: Self.hostileValue(&rng, size), height: Self.hostileValue(&rng, size)))
                default: ctx.fill(path, with: .solid(color), rule: rng.int(2) == 0 ? .nonZero : .evenOdd)
                }
            }
            while !ctx.layers.isEmpty { ctx.endLayer() }
            let bad = guarded.damagedCanaries()
            #expect(bad.isEmpty, "iteration \(iteration) (\(w)×\(h), stride \(guarded.surface.stride)): canaries at \(bad.prefix(5))")
        }
    }

    @Test func extremeSlopesAcrossTheBorders() {
        // Nearly vertical segments through the left/right borders with enormous height: the
        // computed crossings overflow; nothing may be written outside the surface.
        let g = GuardedSurface(width: 9, height: 7, padding: 2)
        let ctx = DrawingContext(surface: g.surface)
        for (x0, x1) in [(-1e-300, 1e-300), (9 - 1e-300, 9 + 1e-300), (-1e-9, 1e-9)] {
            var p = Path()
            p.move(to: Point(x: x0, y: -1e306)); p.addLine(to: Point(x: x1, y: 1e306))
            p.addLine(to: Point(x: 4, y: 3)); p.closeSubpath()
            ctx.fill(p, with: .solid(.black), rule: .evenOdd)
        }
        #expect(g.damagedCanaries().isEmpty)
    }

    @Test func emptyAndDegeneratePathsDrawNothing() {
        let g = GuardedSurface(width: 5, height: 5, padding: 3)
        let ctx = DrawingContext(surface: g.surface)
        g.surface.clear(.clear)
        ctx.fill(Path(), with: .solid(.black))
        var p = Path(); p.move(to: Point(x: 1, y: 1)); ctx.fill(p, with: .solid(.black))
        var line = Path(); line.move(to: Point(x: 0, y: 0)); line.addLine(to: Point(x: 5, y: 5)); ctx.fill(line, with: .solid(.black))
        var flat = Path(); flat.move(to: Point(x: 0, y: 2)); flat.addLine(to: Point(x: 5, y: 2)); flat.addLine(to: Point(x: 0, y: 2))
        ctx.fill(flat, with: .solid(.black))
        #expect(T.alphas(g.surface).allSatisfy { $0 == 0 })
        #expect(g.damagedCanaries().isEmpty)
    }

    @Test func millionVertexPath() {
        // A star polygon with 10⁶ vertices around the centre of a 300×300 surface.
        let g = GuardedSurface(width: 300, height: 300, padding: 5)
        var p = Path()
        let n = 1_000_000
        var rng = T.Random(seed: 99)
        for i in 0..<n {
            let a = Double(i) * 2 * Double.pi / Double(n)
            let r = rng.range(20, 160)
            let pt = Point(x: 150 + r * _cosApprox(a), y: 150 + r * _sinApprox(a))
            if i == 0 { p.move(to: pt) } else { p.addLine(to: pt) }
        }
        p.closeSubpath()
        g.surface.clear(.clear)
        let ctx = DrawingContext(surface: g.surface)
        ctx.fill(p, with: .solid(.black), rule: .evenOdd)
        // Every ray from the centre crosses the outline once: the disc of radius 20 is full.
        #expect(g.surface.pixel(x: 150, y: 150).alpha == 255)
        #expect(g.surface.pixel(x: 0, y: 0).alpha == 0)
        #expect(g.damagedCanaries().isEmpty)
    }

    func _cosApprox(_ a: Double) -> Double { AffineTransform(rotationAngle: a).a }
    func _sinApprox(_ a: Double) -> Double { AffineTransform(rotationAngle: a).b }
}
