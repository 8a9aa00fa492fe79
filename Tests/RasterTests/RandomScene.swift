import Foundation
@testable import Raster
import TestFixtures

/// Seeded random scenes for the exactness comparison (issue 29): self-intersecting fills under
/// both rules (random polygons, star polygons, closed paths of lines and cubics, overlapping
/// subpaths) and strokes (thick, medium and hairline widths; every join and cap; miter limits
/// around the joins' ratios; closed and open subpaths; dash patterns of two, three and four
/// lengths with phases). Each scene is written as a scene file (docs/scene-format.md) that
/// Raster (`SceneFile`) and cairo (scripts/cairo_reference.py) both render, and drawn by
/// `TruthRenderer` from the same numbers.
struct RandomScene {
    typealias V = SIMD2<Double>

    /// A colour as the scene file writes it: 8-bit straight sRGB and alpha.
    struct Colour {
        var r: Int, g: Int, b: Int, a: Int
        var hex: String { String(format: "#%02x%02x%02x%02x", r, g, b, a) }
        var unit: (r: Double, g: Double, b: Double, a: Double) {
            (Double(r) / 255, Double(g) / 255, Double(b) / 255, Double(a) / 255)
        }
    }

    enum Op {
        case fill(TruthPath, rule: FillRule, colour: Colour)
        case stroke(TruthPath, style: StrokeStyle, colour: Colour)
    }

    var name: String
    var width: Int, height: Int
    var background: Colour
    var ops: [Op]

    var isStroke: Bool { ops.contains { if case .stroke = $0 { return true } else { return false } } }

    /// The scene file's JSON text.
    var json: String {
        var items: [String] = []
        for op in ops {
            switch op {
            case let .fill(path, rule, colour):
                items.append(#"{"fill":"\#(path.svg)","color":"\#(colour.hex)","rule":"\#(rule.rawValue)"}"#)
            case let .stroke(path, style, colour):
                var s = #"{"stroke":"\#(path.svg)","color":"\#(colour.hex)","width":\#(style.lineWidth),"#
                    + #""cap":"\#(style.lineCap.rawValue)","join":"\#(style.lineJoin.rawValue)","miterLimit":\#(style.miterLimit)"#
                if !style.dash.isEmpty {
                    s += #","dash":[\#(style.dash.map { "\($0)" }.joined(separator: ","))],"dashPhase":\#(style.dashPhase)"#
                }
                items.append(s + "}")
            }
        }
        return #"{"kind":"\#(isStroke ? "stroke" : "fill")","width":\#(width),"height":\#(height),"#
            + #""background":"\#(background.hex)","ops":[\#(items.joined(separator: ","))]}"#
    }

    /// The truth image (`TruthRenderer`) from `samples`² points per pixel.
    func truth(samples: Int = 16) -> TruthRenderer {
        var t = TruthRenderer(width: width, height: height, background: background.unit, samples: samples)
        for op in ops {
            switch op {
            case let .fill(path, rule, colour): t.composite(t.fillCoverage(path, rule: rule), color: colour.unit)
            case let .stroke(path, style, colour): t.composite(t.strokeCoverage(path, style: style), color: colour.unit)
            }
        }
        return t
    }

    // MARK: Generation

    /// `fills` fill scenes then `strokes` stroke scenes, 64×64, from `seed`.
    static func generate(seed: UInt64, fills: Int, strokes: Int) -> [RandomScene] {
        var rng = SeededGenerator(seed: seed)
        var scenes: [RandomScene] = []
        for i in 0..<(fills + strokes) {
            let stroke = i >= fills
            let count = 1 + rng.int(3)
            var ops: [Op] = []
            for _ in 0..<count { ops.append(stroke ? randomStroke(&rng) : randomFill(&rng)) }
            scenes.append(RandomScene(name: (stroke ? "stroke-" : "fill-") + String(format: "%03d", i), width: 64, height: 64,
                                      background: Colour(r: 255, g: 255, b: 255, a: 255), ops: ops))
        }
        return scenes
    }

    static func colour(_ rng: inout SeededGenerator) -> Colour {
        Colour(r: rng.int(200), g: rng.int(200), b: rng.int(200), a: rng.int(2) == 0 ? 255 : 110 + rng.int(120))
    }

    static func point(_ rng: inout SeededGenerator, margin: Double = 3) -> V {
        V(rng.range(margin, 64 - margin), rng.range(margin, 64 - margin))
    }

    /// A subpath through `n` random points, each segment a cubic with probability `curves`.
    static func subpath(_ rng: inout SeededGenerator, points n: Int, curves: Double, closed: Bool,
                        margin: Double = 3) -> TruthPath.Subpath {
        var s = TruthPath.Subpath(start: point(&rng, margin: margin), segments: [], closed: closed)
        for _ in 1..<n {
            let q = point(&rng, margin: margin)
            if rng.unit() < curves {
                s.segments.append(.cubic(point(&rng, margin: margin), point(&rng, margin: margin), q))
            } else {
                s.segments.append(.line(q))
            }
        }
        return s
    }

    static func randomFill(_ rng: inout SeededGenerator) -> Op {
        var path = TruthPath()
        switch rng.int(4) {
        case 0:  // a random polygon: its edges cross each other
            path.subpaths = [subpath(&rng, points: 5 + rng.int(9), curves: 0, closed: true)]
        case 1:  // a star polygon {n/k}
            let n = 5 + rng.int(8), k = 2 + rng.int(Swift.max(1, (n - 1) / 2 - 1))
            let c = V(rng.range(24, 40), rng.range(24, 40)), r = rng.range(14, 24), phase = rng.range(0, 6.3)
            var s = TruthPath.Subpath(start: c + r * V(cos(phase), sin(phase)), segments: [], closed: true)
            for i in 1..<n {
                let a = phase + 2 * Double.pi * Double(i * k % n) / Double(n)
                s.segments.append(.line(c + r * V(cos(a), sin(a))))
            }
            path.subpaths = [s]
        case 2:  // lines and cubics, closed
            path.subpaths = [subpath(&rng, points: 4 + rng.int(4), curves: 0.5, closed: true)]
        default:  // overlapping subpaths, some wound the other way
            for _ in 0..<(2 + rng.int(2)) {
                path.subpaths.append(subpath(&rng, points: 3 + rng.int(4), curves: 0.3, closed: true))
            }
        }
        return .fill(path, rule: rng.int(2) == 0 ? .nonZero : .evenOdd, colour: colour(&rng))
    }

    static func randomStroke(_ rng: inout SeededGenerator) -> Op {
        var style = StrokeStyle()
        switch rng.int(8) {
        case 0, 1: style.lineWidth = rng.range(0.2, 1)  // hairlines
        case 2: style.lineWidth = rng.range(1, 2)
        default: style.lineWidth = rng.range(2, 14)
        }
        style.lineCap = [.butt, .round, .square][rng.int(3)]
        style.lineJoin = [.miter, .round, .bevel][rng.int(3)]
        style.miterLimit = [1.2, 2, 4, 10, rng.range(1, 12)][rng.int(5)]
        if rng.int(3) == 0 {
            let lengths = 2 + rng.int(3)
            style.dash = (0..<lengths).map { _ in rng.range(1.5, 12) }
            style.dashPhase = rng.range(0, 10)
        }
        let margin = 2 + style.lineWidth
        var path = TruthPath()
        for _ in 0..<(rng.int(4) == 0 ? 2 : 1) {
            path.subpaths.append(subpath(&rng, points: 3 + rng.int(4), curves: 0.35, closed: rng.int(10) < 3,
                                         margin: margin))
        }
        return .stroke(path, style: style, colour: colour(&rng))
    }
}
