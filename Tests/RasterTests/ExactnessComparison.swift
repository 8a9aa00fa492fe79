import Foundation
@testable import Raster
import SceneFile
import Spawn
import Testing
import TestFixtures

/// How far a render is from the truth (`TruthRenderer`): over every channel of every pixel
/// (premultiplied, alpha included), the largest and the mean |Δ| in 8-bit levels, and the share
/// of pixels with some channel off by more than 16.
struct ExactnessFigures {
    var maximum = 0.0
    var mean = 0.0
    /// Percent of pixels with a channel off by more than 16 levels.
    var percentOver16 = 0.0
    var worst = (x: 0, y: 0)

    init(_ s: Surface, truth: TruthRenderer) {
        var sum = 0.0, over = 0
        for y in 0..<truth.height {
            for x in 0..<truth.width {
                let p = s.pixel(x: x, y: y).rawValue
                var pixelMax = 0.0
                for c in 0..<4 {
                    let d = abs(Double((p >> UInt32(8 * c)) & 0xFF) - truth.pixels[(y * truth.width + x) * 4 + c])
                    sum += d
                    pixelMax = Swift.max(pixelMax, d)
                }
                if pixelMax > maximum { maximum = pixelMax; worst = (x, y) }
                if pixelMax > 16 { over += 1 }
            }
        }
        let n = truth.width * truth.height
        mean = sum / Double(4 * n)
        percentOver16 = 100 * Double(over) / Double(n)
    }

    /// The issue's targets: fills max ≤ 8 and mean ≤ 0.5; strokes max ≤ 24, mean ≤ 1 and at
    /// most 0.1 % of pixels over 16.
    func meetsTargets(stroke: Bool) -> Bool {
        stroke ? maximum <= 24 && mean <= 1 && percentOver16 <= 0.1 : maximum <= 8 && mean <= 0.5
    }

    var summary: String { String(format: "max %5.1f mean %.3f over16 %5.2f%%", maximum, mean, percentOver16) }
}

/// One scene measured: Raster's and cairo's figures against the 16×16 truth and, where that
/// verdict is a miss, against a 64×64 truth: the 16×16 grid's own error reaches 9 levels where
/// an edge runs along a row of samples (measured: a fill 9.0 levels from the 16×16 truth at a
/// pixel is 1.8 from the 64×64 one), so a miss there is checked on the finer truth.
struct ExactnessResult {
    var name: String
    var stroke: Bool
    var ours: ExactnessFigures
    var cairo: ExactnessFigures
    /// Against the 64×64 truth, measured only for scenes that miss on the 16×16 one.
    var oursFine: ExactnessFigures?
    var cairoFine: ExactnessFigures?

    var meetsTargets16: Bool { ours.meetsTargets(stroke: stroke) }
    var notWorseThanCairo16: Bool { ours.maximum <= cairo.maximum && ours.mean <= cairo.mean }

    /// Meets the issue's targets against the 16×16 truth, or failing that the 64×64 one.
    var meetsTargets: Bool { meetsTargets16 || (oursFine?.meetsTargets(stroke: stroke) ?? false) }

    /// "Never further from the truth than cairo": neither the largest nor the mean difference
    /// above cairo's (16×16 truth, or failing that the 64×64 one).
    var notWorseThanCairo: Bool {
        if notWorseThanCairo16 { return true }
        guard let o = oursFine, let c = cairoFine else { return false }
        return o.maximum <= c.maximum && o.mean <= c.mean
    }
}

/// Renders scenes with Raster, cairo (scripts/cairo_reference.py in the test venv, .venv) and the
/// truth, and measures both renders.
enum ExactnessComparison {
    struct CairoUnavailable: Error, CustomStringConvertible {
        var description: String
    }

    /// Writes every scene into a fresh folder and has cairo render them all (one process).
    static func cairoRenders(of scenes: [RandomScene]) throws -> [String: Surface] {
        let python = PackagePaths.path(".venv/bin/python")
        guard FileManager.default.isExecutableFile(atPath: python) else {
            throw CairoUnavailable(description: "\(python) missing: run scripts/test-venv.sh (make test does)")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tribune-exactness-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for s in scenes { try Data(s.json.utf8).write(to: folder.appendingPathComponent(s.name + ".json")) }
        let run = try ChildProcess.run(python, [PackagePaths.path("scripts/cairo_reference.py"), "--all", folder.path],
                                       output: .null)
        guard run.termination.succeeded else {
            throw CairoUnavailable(description: "scripts/cairo_reference.py: \(run.termination): \(run.errorText) (pycairo: scripts/test-venv.sh)")
        }
        var out: [String: Surface] = [:]
        for s in scenes { out[s.name] = try Surface(contentsOfPNGFile: folder.appendingPathComponent(s.name + ".golden.png").path) }
        return out
    }

    /// Raster's render of a scene (through its scene file, as `tribune draw` draws it).
    static func render(_ scene: RandomScene, tolerance: Double = DrawingContext.exactFlatteningTolerance) throws -> Surface {
        try SceneFile(json: Data(scene.json.utf8)).render(flatteningTolerance: tolerance)
    }

    /// - Parameter tolerance: Raster's flattening tolerance in device px.
    static func measure(_ scenes: [RandomScene],
                        tolerance: Double = DrawingContext.exactFlatteningTolerance) throws -> [ExactnessResult] {
        let cairo = try cairoRenders(of: scenes)
        return try scenes.map { scene in
            let truth = scene.truth()
            guard let theirs = cairo[scene.name] else { throw CairoUnavailable(description: "no cairo render of \(scene.name)") }
            let ours = try render(scene, tolerance: tolerance)
            var r = ExactnessResult(name: scene.name, stroke: scene.isStroke, ours: ExactnessFigures(ours, truth: truth),
                                    cairo: ExactnessFigures(theirs, truth: truth))
            if !r.meetsTargets16 || !r.notWorseThanCairo16 {
                let fine = scene.truth(samples: 64)
                r.oursFine = ExactnessFigures(ours, truth: fine)
                r.cairoFine = ExactnessFigures(theirs, truth: fine)
            }
            return r
        }
    }

    /// The summary lines: per kind, the worst max, the worst and average mean, the worst share
    /// over 16, for Raster and cairo, and how many scenes meet the targets.
    static func summary(_ results: [ExactnessResult]) -> [String] {
        var lines: [String] = []
        for stroke in [false, true] {
            let rs = results.filter { $0.stroke == stroke }
            guard !rs.isEmpty else { continue }
            func line(_ who: String, _ f: (ExactnessResult) -> ExactnessFigures) -> String {
                let figs = rs.map(f)
                let maxMax = figs.map(\.maximum).max() ?? 0, maxMean = figs.map(\.mean).max() ?? 0
                let avgMean = figs.map(\.mean).reduce(0, +) / Double(figs.count)
                let maxOver = figs.map(\.percentOver16).max() ?? 0
                let meeting = figs.filter { $0.meetsTargets(stroke: stroke) }.count
                return String(format: "%@ %@: max %5.1f  mean worst %.3f avg %.3f  over16 worst %5.2f%%  targets met %d/%d",
                              (stroke ? "strokes" : "fills  ") as NSString, who as NSString, maxMax, maxMean, avgMean, maxOver,
                              meeting, figs.count)
            }
            let kind = stroke ? "strokes" : "fills  "
            lines.append(line("tribune", \.ours))
            lines.append(line("cairo  ", \.cairo))
            lines.append("\(kind) tribune not further from the truth than cairo: \(rs.filter(\.notWorseThanCairo16).count)/\(rs.count)")
            let rechecked = rs.filter { $0.oursFine != nil }
            if !rechecked.isEmpty {
                lines.append("\(kind) rechecked on a 64x64 truth: \(rechecked.count); then targets met \(rs.filter(\.meetsTargets).count)/\(rs.count), not further than cairo \(rs.filter(\.notWorseThanCairo).count)/\(rs.count)")
            }
        }
        return lines
    }

    /// Records each result against the targets (`prefix` heads its line): a scene in
    /// `knownMisses` is expected to miss (its passing fails until it is removed); every line of
    /// a miss prints, every line with `EXACTNESS_REPORT=1`.
    static func expectTargets(_ results: [ExactnessResult], knownMisses: Set<String>, prefix: String) {
        let report = ProcessInfo.processInfo.environment["EXACTNESS_REPORT"] != nil
        for r in results {
            var line = "\(prefix)\(r.name): tribune \(r.ours.summary) at (\(r.ours.worst.x), \(r.ours.worst.y)); cairo \(r.cairo.summary)"
            if let o = r.oursFine, let c = r.cairoFine { line += "; 64x64 truth: tribune \(o.summary), cairo \(c.summary)" }
            let good = r.meetsTargets && r.notWorseThanCairo
            if report || !good { print(line) }
            if knownMisses.contains(r.name) {
                withKnownIssue(Comment(rawValue: "\(r.name) misses the exactness targets")) {
                    if !good { Issue.record(Comment(rawValue: line)) }
                }
            } else {
                #expect(r.meetsTargets, "\(line): misses the targets")
                #expect(r.notWorseThanCairo, "\(line): further from the truth than cairo")
            }
        }
    }
}
