import Foundation
import Testing
import Raster

/// The reviewed PNGs in `Golden/`: a rendered screen matches its golden when no channel of any
/// pixel differs by more than 2 (rounding in blends and text may move a level or two between
/// toolchains). `TRIBUNE_UPDATE_GOLDEN=1` rewrites the goldens in the source tree instead;
/// review them by eye before committing.
enum GoldenImages {
    /// `Tests/KioskUITests/Golden` in the source tree (the bundle holds a copy).
    static let sourceFolder: String = {
        var url = URL(fileURLWithPath: #filePath)
        url.deleteLastPathComponent()
        return url.appendingPathComponent("Golden").path
    }()
    static let updating = ProcessInfo.processInfo.environment["TRIBUNE_UPDATE_GOLDEN"] == "1"
    static let tolerance = 2

    /// Compares `surface` with the golden named `file` (or rewrites it when updating).
    static func check(_ surface: Surface, against file: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        if updating {
            try FileManager.default.createDirectory(atPath: sourceFolder, withIntermediateDirectories: true)
            try surface.writePNG(to: sourceFolder + "/" + file, opaque: true)
            return
        }
        let url = try #require(Bundle.module.resourceURL?.appendingPathComponent("Golden/" + file),
                               "no golden \(file); run with TRIBUNE_UPDATE_GOLDEN=1", sourceLocation: sourceLocation)
        let golden = try Surface(contentsOfPNGFile: url.path)
        try #require(golden.width == surface.width && golden.height == surface.height, "\(file): size", sourceLocation: sourceLocation)
        let (worst, over) = difference(surface, golden)
        #expect(worst <= tolerance, "\(file): \(over) pixels differ by more than \(tolerance) (worst \(worst))",
                sourceLocation: sourceLocation)
    }

    /// The largest difference of any channel of any pixel, and how many pixels differ by more
    /// than `tolerance`.
    static func difference(_ a: Surface, _ b: Surface) -> (worst: Int, over: Int) {
        var worst = 0, over = 0
        for y in 0..<a.height {
            let p = a.row(y), q = b.row(y)
            for x in 0..<a.width where p[x] != q[x] {
                var d = 0
                for shift in stride(from: 0, to: 32, by: 8) {
                    d = max(d, abs(Int((p[x] >> UInt32(shift)) & 0xFF) - Int((q[x] >> UInt32(shift)) & 0xFF)))
                }
                worst = max(worst, d)
                if d > tolerance { over += 1 }
            }
        }
        return (worst, over)
    }
}
