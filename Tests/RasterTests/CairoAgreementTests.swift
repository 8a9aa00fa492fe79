import Foundation
import Geometry
import Testing
@testable import Raster

/// Renders every scene of the corpus (Tests/RasterTests/Corpus/*.json, written by
/// scripts/make_corpus.py) with Raster and compares it with the golden PNG cairo rendered from
/// the same file (scripts/cairo_reference.py). Channels are compared premultiplied, alpha
/// included. Thresholds depend on the scene's `kind` (docs/scene-format.md):
/// - fill: max |Δ| ≤ 8 and mean |Δ| ≤ 0.5 — exact-area rasterizers agree this closely;
/// - stroke, image: max ≤ 24, mean ≤ 1.0 and < 0.1 % of pixels with a channel off by > 16 —
///   cairo flattens offset curves with its own tolerance and samples images its own way.
/// On failure the Raster render and an amplified difference image are written to
/// `$TMPDIR/tribune-raster-diffs/` and named in the message.
struct CairoAgreementTests {
    static let corpus: String = Bundle.module.url(forResource: "Corpus", withExtension: nil)?.path ?? "Corpus"

    static let sceneNames: [String] = {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: corpus)) ?? []
        return files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }()

    @Test func corpusHasEnoughScenesWithGoldens() {
        #expect(Self.sceneNames.count >= 60, "corpus at \(Self.corpus)")
        for name in Self.sceneNames {
            #expect(FileManager.default.fileExists(atPath: "\(Self.corpus)/\(name).golden.png"),
                    "\(name) has no golden; run scripts/cairo_reference.py --all \(Self.corpus)")
        }
        // Every kind of threshold is exercised.
        let kinds = Set(Self.sceneNames.compactMap { try? SceneFile(contentsOfFile: "\(Self.corpus)/\($0).json").kind })
        #expect(kinds == Set(SceneFile.Kind.allCases))
    }

    @Test(arguments: sceneNames)
    func agreesWithCairo(_ name: String) throws {
        let scene = try SceneFile(contentsOfFile: "\(Self.corpus)/\(name).json")
        let golden = try Surface(contentsOfPNGFile: "\(Self.corpus)/\(name).golden.png")
        try #require(golden.width == scene.width && golden.height == scene.height,
                     "golden is \(golden.width)×\(golden.height), scene \(scene.width)×\(scene.height)")
        let ours = scene.render()
        let d = PixelDifference(ours, golden)

        let passes: Bool
        let limits: String
        switch scene.kind {
        case .fill:
            passes = d.maximum <= 8 && d.mean <= 0.5
            limits = "max ≤ 8, mean ≤ 0.5"
        case .stroke, .image:
            passes = d.maximum <= 24 && d.mean <= 1.0 && Double(d.pixelsAbove16) < 0.001 * Double(d.pixelCount)
            limits = "max ≤ 24, mean ≤ 1.0, < 0.1 % of pixels above 16"
        }
        if !passes {
            let where_ = writeDiagnostics(name: name, ours: ours, golden: golden)
            Issue.record("""
                \(name) (\(scene.kind)) differs from cairo: max \(d.maximum) at (\(d.worst.x), \(d.worst.y)), \
                mean \(d.mean), \(d.pixelsAbove16) of \(d.pixelCount) pixels above 16; allowed \(limits). \(where_)
                """)
        }
    }

    /// Writes NAME-ours.png and NAME-diff.png (|Δ| per channel ×8, opaque) and says where.
    private func writeDiagnostics(name: String, ours: Surface, golden: Surface) -> String {
        let tmp = ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp"
        let folder = tmp + "/tribune-raster-diffs"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let diff = Surface(width: ours.width, height: ours.height)
        for y in 0..<ours.height {
            for x in 0..<ours.width {
                let a = ours.pixel(x: x, y: y), b = golden.pixel(x: x, y: y)
                func amp(_ p: UInt8, _ q: UInt8) -> UInt8 { UInt8(min(255, abs(Int(p) - Int(q)) * 8)) }
                // Alpha differences show in all channels so they are not lost.
                let da = amp(a.alpha, b.alpha)
                diff.setPixel(PremultipliedPixel(red: max(amp(a.red, b.red), da), green: max(amp(a.green, b.green), da),
                                                 blue: max(amp(a.blue, b.blue), da), alpha: 255), x: x, y: y)
            }
        }
        do {
            try ours.writePNG(to: "\(folder)/\(name)-ours.png")
            try diff.writePNG(to: "\(folder)/\(name)-diff.png")
            return "Wrote \(folder)/\(name)-ours.png and \(name)-diff.png (golden: \(Self.corpus)/\(name).golden.png)."
        } catch {
            return "Could not write diagnostics to \(folder): \(error)"
        }
    }

    @Test func differenceMetricCountsChannelsExactly() {
        let a = Surface(width: 2, height: 2), b = Surface(width: 2, height: 2)
        a.setPixel(PremultipliedPixel(red: 10, green: 20, blue: 30, alpha: 40), x: 1, y: 0)
        b.setPixel(PremultipliedPixel(red: 10, green: 0, blue: 30, alpha: 60), x: 1, y: 0)
        b.setPixel(PremultipliedPixel(red: 0, green: 0, blue: 5, alpha: 5), x: 0, y: 1)
        let d = PixelDifference(a, b)
        // Channel differences: 20 (green) and 20 (alpha) at (1, 0); 5 and 5 at (0, 1).
        #expect(d.maximum == 20)
        #expect(d.worst.x == 1 && d.worst.y == 0)
        #expect(d.mean == 50.0 / 16.0)
        #expect(d.pixelsAbove16 == 1)
        #expect(d.pixelCount == 4)
        #expect(PixelDifference(a, a).maximum == 0)
    }
}

/// Per-channel absolute differences of two same-sized surfaces (premultiplied, alpha included).
struct PixelDifference {
    var maximum = 0
    var worst = (x: 0, y: 0)
    /// Mean over all channels of all pixels.
    var mean = 0.0
    /// Pixels with some channel off by more than 16.
    var pixelsAbove16 = 0
    var pixelCount = 0

    init(_ a: Surface, _ b: Surface) {
        let w = min(a.width, b.width), h = min(a.height, b.height)
        var sum = 0
        for y in 0..<h {
            for x in 0..<w {
                let p = a.pixel(x: x, y: y).rawValue, q = b.pixel(x: x, y: y).rawValue
                var pixelMax = 0
                for shift in stride(from: 0, to: 32, by: 8) {
                    let d = abs(Int((p >> UInt32(shift)) & 0xFF) - Int((q >> UInt32(shift)) & 0xFF))
                    sum += d
                    pixelMax = max(pixelMax, d)
                }
                if pixelMax > maximum { maximum = pixelMax; worst = (x, y) }
                if pixelMax > 16 { pixelsAbove16 += 1 }
            }
        }
        pixelCount = w * h
        mean = pixelCount > 0 ? Double(sum) / Double(4 * pixelCount) : 0
    }
}
