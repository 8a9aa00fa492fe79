@testable import Raster

/// The ground truth of issue 29: each operation's coverage from 16×16 point samples per pixel
/// (sample (i + (m + ½)/16, j + (k + ½)/16); `samples` may ask for a finer grid), composited
/// operation by operation in Double.
/// A fill's samples are inside by the winding of its flattened outline (`TruthPath`) under the
/// fill rule; a stroke's are inside its area from `TruthStroke` (geometry, not `Stroker`).
/// Samples are found per sample line: the line's crossings with the outline (fills) or with
/// each convex piece (strokes) give x intervals, and the samples inside them are counted.
struct TruthRenderer {
    typealias V = SIMD2<Double>
    /// Sample points per pixel along each axis (the 16 by default).
    let samples: Int
    let width: Int, height: Int
    /// Premultiplied channels B, G, R, A in 0…255 per pixel (Raster's pixel byte order).
    private(set) var pixels: [Double]

    init(width: Int, height: Int, background: (r: Double, g: Double, b: Double, a: Double)?, samples: Int = 16) {
        self.width = width; self.height = height; self.samples = samples
        pixels = [Double](repeating: 0, count: width * height * 4)
        if let bg = background {
            let p = Self.premultiplied(bg)
            for i in 0..<(width * height) { for c in 0..<4 { pixels[i * 4 + c] = p[c] } }
        }
    }

    /// Straight sRGB (0…1) → premultiplied B, G, R, A in 0…255.
    static func premultiplied(_ c: (r: Double, g: Double, b: Double, a: Double)) -> [Double] {
        [c.b * c.a * 255, c.g * c.a * 255, c.r * c.a * 255, c.a * 255]
    }

    /// Composites `color` (straight) source-over with per-pixel coverage counts (of samples²).
    mutating func composite(_ counts: [Int32], color: (r: Double, g: Double, b: Double, a: Double)) {
        let src = Self.premultiplied(color)
        let total = Double(samples * samples)
        for i in 0..<(width * height) where counts[i] > 0 {
            let cov = Double(counts[i]) / total
            for c in 0..<4 { pixels[i * 4 + c] = src[c] * cov + pixels[i * 4 + c] * (1 - color.a * cov) }
        }
    }

    /// Adds one sample line's inside interval [a, b) on pixel row `row` to `counts`.
    private func count(_ a: Double, _ b: Double, row: Int, into counts: inout [Int32]) {
        let n = Double(samples)
        let s0 = Swift.max(0, Int((a * n - 0.5).rounded(.up)))
        let s1 = Swift.min(width * samples, Int((b * n - 0.5).rounded(.up)))
        guard s1 > s0 else { return }
        let base = row * width
        var s = s0
        while s < s1 {
            let px = s / samples
            let end = Swift.min(s1, (px + 1) * samples)
            counts[base + px] &+= Int32(end - s)
            s = end
        }
    }

    /// The y of sample line k of pixel row j.
    private func sampleY(_ j: Int, _ k: Int) -> Double { Double(j) + (Double(k) + 0.5) / Double(samples) }

    /// Per-pixel sample counts inside `path` under `rule` (every subpath closed).
    func fillCoverage(_ path: TruthPath, rule: FillRule) -> [Int32] {
        var counts = [Int32](repeating: 0, count: width * height)
        // Edges (x0, y0, x1, y1) bucketed by the pixel rows they span.
        var rows = [[SIMD4<Double>]](repeating: [], count: height)
        for pl in path.polylines() {
            var pts = pl.points
            if pts.first != pts.last, let f = pts.first { pts.append(f) }
            for i in 0..<(pts.count - 1) where pts[i].y != pts[i + 1].y {
                let e = SIMD4(pts[i].x, pts[i].y, pts[i + 1].x, pts[i + 1].y)
                let r0 = Swift.max(0, Int(Swift.min(e.y, e.w).rounded(.down)))
                let r1 = Swift.min(height - 1, Int(Swift.max(e.y, e.w).rounded(.down)))
                if r0 <= r1 { for r in r0...r1 { rows[r].append(e) } }
            }
        }
        var crossings: [(x: Double, dir: Int)] = []
        for j in 0..<height where !rows[j].isEmpty {
            for k in 0..<samples {
                let y = sampleY(j, k)
                crossings.removeAll(keepingCapacity: true)
                for e in rows[j] {
                    let down = e.w > e.y
                    let lo = down ? e.y : e.w, hi = down ? e.w : e.y
                    guard y >= lo && y < hi else { continue }
                    crossings.append((e.x + (y - e.y) * (e.z - e.x) / (e.w - e.y), down ? 1 : -1))
                }
                crossings.sort { $0.x < $1.x }
                var w = 0
                for i in 0..<Swift.max(0, crossings.count - 1) {
                    w += crossings[i].dir
                    if rule == .evenOdd ? w & 1 != 0 : w != 0 {
                        count(crossings[i].x, crossings[i + 1].x, row: j, into: &counts)
                    }
                }
            }
        }
        return counts
    }

    /// Per-pixel sample counts inside the stroke of `path` with `style`.
    func strokeCoverage(_ path: TruthPath, style: StrokeStyle) -> [Int32] {
        var counts = [Int32](repeating: 0, count: width * height)
        let pieces = TruthStroke.pieces(of: path, style: style)
        var rows = [[Int]](repeating: [], count: height)
        for (i, p) in pieces.enumerated() {
            let yr = p.yRange
            let r0 = Swift.max(0, Int(yr.lowerBound.rounded(.down)))
            let r1 = Swift.min(height - 1, Int(yr.upperBound.rounded(.down)))
            if r0 <= r1 { for r in r0...r1 { rows[r].append(i) } }
        }
        var spans: [(Double, Double)] = []
        for j in 0..<height where !rows[j].isEmpty {
            for k in 0..<samples {
                let y = sampleY(j, k)
                spans.removeAll(keepingCapacity: true)
                for i in rows[j] { if let s = pieces[i].interval(atY: y) { spans.append(s) } }
                guard !spans.isEmpty else { continue }
                spans.sort { $0.0 < $1.0 }
                // The union of the intervals.
                var a = spans[0].0, b = spans[0].1
                for s in spans.dropFirst() {
                    if s.0 > b { count(a, b, row: j, into: &counts); a = s.0; b = s.1 } else { b = Swift.max(b, s.1) }
                }
                count(a, b, row: j, into: &counts)
            }
        }
        return counts
    }
}
