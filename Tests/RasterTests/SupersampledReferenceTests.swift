import Foundation
import Geometry
import Testing
@testable import Raster
import SceneFile

/// Coverage where edges cross or overlap inside a pixel (stars, flowers, overlapping subpaths,
/// stroke outlines), against an independent high-precision reference: 256 sample lines per
/// pixel row, on each of which the winding number is evaluated exactly between the sorted
/// edge crossings, so the covered length of every pixel is exact per line and only the
/// vertical sampling (≤ 1/512 px) is approximate. The reference takes the same polygon (curves
/// flattened beforehand), so flattening is not under test — only the coverage.
struct SupersampledReferenceTests {
    typealias T = RasterTestSupport

    /// Fraction of each pixel (row-major) inside `path` (straight segments only) under `rule`.
    static func referenceCoverage(_ path: Path, width: Int, height: Int, evenOdd: Bool, lines: Int = 256) -> [Double] {
        // Segments of every subpath, closed.
        var segs: [(Double, Double, Double, Double)] = []
        var start: Point? = nil, last = Point.zero
        func close() { if let s = start, s != last { segs.append((last.x, last.y, s.x, s.y)) } }
        path.forEach { e in
            switch e {
            case .move(let p): close(); start = p; last = p
            case .line(let p): segs.append((last.x, last.y, p.x, p.y)); last = p
            case .closeSubpath: close(); if let s = start { last = s }
            default: Issue.record("reference takes straight segments only")
            }
        }
        close()
        var coverage = [Double](repeating: 0, count: width * height)
        let weight = 1.0 / Double(lines)
        var crossings: [(x: Double, dir: Int)] = []
        var rowSegs: [(Double, Double, Double, Double)] = []
        for j in 0..<height {
            rowSegs = segs.filter { min($0.1, $0.3) < Double(j + 1) && max($0.1, $0.3) > Double(j) }
            for k in 0..<lines {
                let y = Double(j) + (Double(k) + 0.5) / Double(lines)
                crossings.removeAll(keepingCapacity: true)
                for (x0, y0, x1, y1) in rowSegs where y0 != y1 {
                    let lo = min(y0, y1), hi = max(y0, y1)
                    guard y >= lo && y < hi else { continue }
                    crossings.append((x0 + (y - y0) * (x1 - x0) / (y1 - y0), y1 > y0 ? 1 : -1))
                }
                crossings.sort { $0.x < $1.x }
                var w = 0
                for i in 0..<max(0, crossings.count - 1) {
                    w += crossings[i].dir
                    let inside = evenOdd ? w & 1 != 0 : w != 0
                    guard inside else { continue }
                    let a = max(0, crossings[i].x), b = min(Double(width), crossings[i + 1].x)
                    guard b > a else { continue }
                    var col = Int(a.rounded(.down))
                    while col < width && Double(col) < b {
                        let overlap = min(b, Double(col + 1)) - max(a, Double(col))
                        if overlap > 0 { coverage[j * width + col] += overlap * weight }
                        col += 1
                    }
                }
            }
        }
        return coverage
    }

    /// Largest |our alpha − reference coverage·255| over the image, and where.
    static func maxError(_ path: Path, size: Int, rule: FillRule) -> (error: Double, x: Int, y: Int, mean: Double) {
        let s = Surface(width: size, height: size)
        DrawingContext(surface: s).fill(path, with: .solid(.black), rule: rule)
        let ref = referenceCoverage(path, width: size, height: size, evenOdd: rule == .evenOdd)
        var worst = (0.0, 0, 0)
        var sum = 0.0
        for y in 0..<size {
            for x in 0..<size {
                let d = abs(Double(s.pixel(x: x, y: y).alpha) - ref[y * size + x] * 255)
                sum += d
                if d > worst.0 { worst = (d, x, y) }
            }
        }
        return (worst.0, worst.1, worst.2, sum / Double(size * size))
    }

    /// Star polygon {n/k} around (cx, cy).
    static func star(_ n: Int, step k: Int, cx: Double, cy: Double, r: Double, phase: Double = 0.1) -> Path {
        var p = Path()
        for i in 0..<n {
            let a = phase + 2 * Double.pi * Double(i * k % n) / Double(n)
            let q = Point(x: cx + r * cos(a), y: cy + r * sin(a))
            if i == 0 { p.move(to: q) } else { p.addLine(to: q) }
        }
        p.closeSubpath()
        return p
    }

    /// Petals: ellipses rotated about a centre they all pass near (cubic arcs, then flattened).
    static func flower(petals: Int, cx: Double, cy: Double) -> Path {
        var p = Path()
        for i in 0..<petals {
            let a = Double(i) * Double.pi / Double(petals)
            var e = Path()
            e.addEllipse(in: Rect(x: -26, y: -7, width: 52, height: 14))
            p.addPath(e, transform: AffineTransform(translationX: cx, y: cy).rotated(by: a))
        }
        return p.flattened(tolerance: 0.1)
    }

    static let bound = 2.0

    func expectExact(_ name: String, _ path: Path, size: Int, rules: [FillRule] = [.nonZero, .evenOdd]) {
        for rule in rules {
            let r = Self.maxError(path, size: size, rule: rule)
            #expect(r.error <= Self.bound, "\(name) \(rule): max error \(r.error) levels at (\(r.x), \(r.y)), mean \(r.mean)")
        }
    }

    @Test func selfIntersectingStars() {
        expectExact("star5", Self.star(5, step: 2, cx: 32.3, cy: 31.7, r: 29), size: 64)
        expectExact("star7", Self.star(7, step: 3, cx: 32.6, cy: 32.2, r: 30, phase: 0.37), size: 64)
        expectExact("star11", Self.star(11, step: 4, cx: 20.1, cy: 20.4, r: 19, phase: 0.2), size: 41)
    }

    @Test func flowerPetalsCrossingNearTheCentre() {
        expectExact("flower8", Self.flower(petals: 8, cx: 30.4, cy: 30.7), size: 61)
        expectExact("flower16", Self.flower(petals: 16, cx: 30.1, cy: 29.6), size: 61)
    }

    @Test func overlappingSubpaths() {
        var circles = Path()
        for (x, y) in [(20.3, 20.6), (30.7, 22.1), (25.2, 31.4)] {
            circles.addEllipse(in: Rect(x: x - 12, y: y - 12, width: 24, height: 24))
        }
        expectExact("three circles", circles.flattened(tolerance: 0.1), size: 48)
        // The same rectangle twice, 0.3 px apart, and once more wound the other way.
        var rects = T.rectPath(4.2, 4.6, 20.5, 14.25)
        rects.addPath(T.rectPath(4.5, 4.9, 20.5, 14.25))
        rects.addPath(T.polygon([(10.1, 3.3), (10.1, 22.7), (16.8, 22.7), (16.8, 3.3)]))
        expectExact("offset rects", rects, size: 32)
        // Thin wedges all through one pixel.
        var fan = Path()
        for i in 0..<9 {
            let a = Double(i) * 0.349 + 0.05
            fan.addPath(T.polygon([(16.4 + 15 * cos(a), 16.3 + 15 * sin(a)), (16.4 - 15 * cos(a), 16.3 - 15 * sin(a)),
                                   (16.4 - 15 * cos(a + 0.08), 16.3 - 15 * sin(a + 0.08))]))
        }
        expectExact("fan", fan, size: 33)
    }

    @Test func strokeOutlinesOverlapThemselves() {
        var zigzag = Path()
        zigzag.move(to: Point(x: 4.3, y: 30.2))
        for i in 1...6 { zigzag.addLine(to: Point(x: 4.3 + Double(i) * 7.1, y: i % 2 == 0 ? 30.2 : 6.7)) }
        for join in [StrokeStyle.LineJoin.miter, .round, .bevel] {
            let o = Stroker.outline(of: zigzag, style: StrokeStyle(lineWidth: 3.3, lineCap: .round, lineJoin: join),
                                    tolerance: 0.1)
            expectExact("zigzag \(join)", o.flattened(tolerance: 0.1), size: 50, rules: [.nonZero])
        }
        var curve = Path()
        curve.move(to: Point(x: 4, y: 40))
        curve.addCurve(to: Point(x: 44, y: 36), control1: Point(x: 10, y: -10), control2: Point(x: 40, y: 60))
        let dashed = Stroker.outline(of: curve, style: StrokeStyle(lineWidth: 2.5, lineCap: .square, dash: [4, 2.5], dashPhase: 1),
                                     tolerance: 0.1)
        expectExact("dashed curve", dashed.flattened(tolerance: 0.1), size: 50, rules: [.nonZero])
        // What a hairline becomes: a 1-px outline of a tight curve (its inner side folds over).
        var loop = Path()
        loop.move(to: Point(x: 10, y: 10))
        loop.addCurve(to: Point(x: 12, y: 10.5), control1: Point(x: 40, y: 40), control2: Point(x: -15, y: 40))
        let hair = Stroker.outline(of: loop, style: StrokeStyle(lineWidth: 1), tolerance: 0.1)
        expectExact("hairline loop", hair.flattened(tolerance: 0.1), size: 36, rules: [.nonZero])
    }

    @Test func randomSelfCrossingPolygons() {
        var rng = T.Random(seed: 42)
        for _ in 0..<6 {
            var pts: [(Double, Double)] = []
            for _ in 0..<(5 + rng.int(10)) { pts.append((rng.range(1, 39), rng.range(1, 39))) }
            expectExact("random \(pts.count)-gon", T.polygon(pts), size: 40)
        }
    }

    @Test func seatsWithTheirRodAreExact() {
        var seats = Path()
        var rng = T.Random(seed: 3)
        for i in 0..<6 {
            let r = Rect(x: 4 + Double(i % 3) * 11 + rng.unit(), y: 4 + Double(i / 3) * 11 + rng.unit(), width: 8, height: 8)
            seats.addPath(T.seat(in: r, rotation: rng.range(-0.3, 0.3)))
        }
        expectExact("seats", seats.flattened(tolerance: 0.1), size: 32, rules: [.nonZero])
    }

    /// A convex shape and disjoint subpaths take the unresolved path and are exact as before.
    @Test func simpleShapesStayExact() {
        var p = Path()
        p.addEllipse(in: Rect(x: 3.3, y: 4.1, width: 20.2, height: 13.7))
        p.addPath(T.rectPath(25.5, 20.25, 5.5, 7))
        expectExact("ellipse and rect", p.flattened(tolerance: 0.1), size: 32)
    }

    /// Corpus scenes where cairo disagrees with us most (crossing and overlapping edges): both
    /// renders against the reference image (solid fills composited in Double from the
    /// reference coverage). Ours must be within the bound, and closer than cairo's.
    @Test(arguments: ["fill-star5-evenodd", "fill-star5-nonzero", "fill-star7-evenodd", "fill-star7-nonzero",
                      "fill-flower-evenodd", "fill-flower-nonzero", "fill-overlap-subpaths-evenodd",
                      "fill-overlap-subpaths-nonzero", "fill-holes-evenodd", "fill-holes-nonzero"])
    func corpusSceneIsCloserToTheReferenceThanCairo(_ name: String) throws {
        let folder = CairoAgreementTests.corpus
        let scene = try SceneFile(contentsOfFile: "\(folder)/\(name).json")
        let golden = try Surface(contentsOfPNGFile: "\(folder)/\(name).golden.png")
        let w = scene.width, h = scene.height
        // Premultiplied B, G, R, A in 0…255.
        var ref = [Double](repeating: 0, count: w * h * 4)
        if let bg = scene.background {
            let p = bg.premultiplied.rawValue
            for i in 0..<(w * h) { for c in 0..<4 { ref[i * 4 + c] = Double((p >> UInt32(8 * c)) & 0xFF) } }
        }
        for op in scene.operations {
            guard case let .fill(path, paint, rule, transform, nil) = op, case let .solid(color) = paint else {
                Issue.record("\(name): only solid fills are modelled"); return
            }
            // Flattened as scene files are drawn (flattening is not under test here: ExactnessTests),
            // finer where edges cross (`Rasterizer.crossingToleranceDivisor`).
            let rasterizer = Rasterizer()
            rasterizer.tolerance = DrawingContext.exactFlatteningTolerance
            let tolerance = rasterizer.fillFlatteningTolerance(path, transform: transform, rule: rule,
                                                               clip: PixelRect(x: 0, y: 0, width: w, height: h))
            let cov = Self.referenceCoverage(path.applying(transform).flattened(tolerance: tolerance), width: w, height: h,
                                             evenOdd: rule == .evenOdd)
            let p = color.premultiplied.rawValue
            let src = (0..<4).map { Double((p >> UInt32(8 * $0)) & 0xFF) }
            for i in 0..<(w * h) where cov[i] > 0 {
                for c in 0..<4 { ref[i * 4 + c] = src[c] * cov[i] + ref[i * 4 + c] * (1 - src[3] / 255 * cov[i]) }
            }
        }
        let ours = scene.render()
        func error(_ s: Surface) -> (max: Double, mean: Double) {
            var m = 0.0, sum = 0.0
            for y in 0..<h {
                for x in 0..<w {
                    let p = s.pixel(x: x, y: y).rawValue
                    for c in 0..<4 {
                        let d = abs(Double((p >> UInt32(8 * c)) & 0xFF) - ref[(y * w + x) * 4 + c])
                        m = max(m, d); sum += d
                    }
                }
            }
            return (m, sum / Double(w * h * 4))
        }
        let o = error(ours), g = error(golden)
        print("reference-vs \(name): ours max \(o.max) mean \(o.mean); cairo max \(g.max) mean \(g.mean)")
        #expect(o.max <= Self.bound + 1, "\(name): ours max \(o.max), mean \(o.mean) (cairo: max \(g.max), mean \(g.mean))")
        #expect(o.max <= g.max && o.mean <= g.mean, "\(name): ours max \(o.max), mean \(o.mean); cairo max \(g.max), mean \(g.mean)")
    }
}
