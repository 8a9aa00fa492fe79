import Foundation
import Geometry
import Testing
@testable import Text

/// Loading, metrics, outlines and configuration errors.
@Suite struct FontTests {
    @Test func dejaVuMetricsAreFreeTypes() throws {
        let font = try Font(path: FreeTypeReference.dejaVuPath)
        let ft = FreeTypeReference()
        #expect(font.unitsPerEm == 2048)
        #expect(font.familyName == "DejaVu Sans")
        let m = font.metrics(size: 32)
        #expect(abs(m.ascent - ft.ascent(size: 32)) < 1e-9)
        #expect(abs(m.lineHeight - ft.lineHeight(size: 32)) < 1e-9)
        #expect(abs(font.advance(of: font.glyphIndex(for: "W"), size: 32) - ft.advance("W", size: 32)) < 1e-9)
        // Arabic and Hebrew are covered, CJK is not.
        #expect(font.covers("م") && font.covers("ש") && !font.covers("座"))
    }

    @Test func outlineOfLIsItsRectangleYDown() throws {
        // DejaVu's "l" is one rectangle (xMin 193, xMax 377, yMax 1556 units of 2048, on the baseline).
        let font = try Font(path: FreeTypeReference.dejaVuPath)
        let p = font.outline(of: font.glyphIndex(for: "l"), size: 2048)
        let b = p.boundingRect
        #expect(b == Rect(x: 193, y: -1556, width: 184, height: 1556))
        #expect(p.verbs.filter { $0 == .move }.count == 1)
        // Half size halves it.
        #expect(font.outline(of: font.glyphIndex(for: "l"), size: 1024).boundingRect == Rect(x: 96.5, y: -778, width: 92, height: 778))
        #expect(font.outline(of: font.glyphIndex(for: " "), size: 20).isEmpty)
    }

    @Test func missingFontNamesThePath() {
        let path = "/nonexistent/fonts/Kiosk.ttf"
        #expect {
            _ = try Font(path: path)
        } throws: { e in
            guard let e = e as? FontError else { return false }
            return e.path == path && e.description.contains(path) && e.reason.contains("no such file")
        }
        #expect(throws: FontError.self) { _ = try FontChain.standard(primaryPath: path) }
    }

    @Test func corruptFontNamesThePathAndFreeTypesError() throws {
        let path = NSTemporaryDirectory() + "tribune-corrupt-\(getpid()).ttf"
        try Data("this is not a font, just text pretending to be one".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect {
            _ = try Font(path: path)
        } throws: { e in
            guard let e = e as? FontError else { return false }
            // FT_Err_Unknown_File_Format is 0x02.
            return e.path == path && e.code == 2 && e.description.contains(path) && e.reason.contains("unknown file format")
        }
    }
}
