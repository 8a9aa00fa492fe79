import Foundation
import Geometry
import Raster
import SceneFile
import Testing
import Text

/// Scene files with text operations, drawn by `SceneTextDrawer`.
@Suite struct SceneTextDrawerTests {
    func scene(_ json: String) throws -> SceneFile { try SceneFile(json: Data(json.utf8), baseDirectory: "/tmp") }

    @Test func textOpDrawsTheLabelAtItsBaseline() throws {
        let file = try scene("""
            {"width": 240, "height": 120, "background": "#ffffff", "ops": [
              {"text": "Buy Tickets", "x": 20, "y": 60, "size": 32, "color": "#102030"},
              {"text": "Seat 12 – مقعد", "x": 10, "y": 100, "size": 16, "transform": [1, 0, 0, 1, 5, 0]}
            ]}
            """)
        guard case let .text(t, origin, size, color, font, _) = file.operations[0] else { Issue.record("\(file.operations)"); return }
        #expect(t == "Buy Tickets" && origin == Point(x: 20, y: 60) && size == 32 && font == nil)
        #expect(color == (try Color(hex: "#102030")))
        let drawer = try SceneTextDrawer(scene: file)
        let drawn = file.render(textRenderer: drawer)

        // The same labels drawn by hand.
        let expected = Surface(width: 240, height: 120)
        expected.clear(.white)
        let context = DrawingContext(surface: expected)
        let renderer = TextRenderer(fonts: try FontChain.standard())
        renderer.drawLabel("Buy Tickets", baselineOrigin: Point(x: 20, y: 60), fontSize: 32, color: color, in: context)
        renderer.drawLabel("Seat 12 – مقعد", baselineOrigin: Point(x: 15, y: 100), fontSize: 16, color: .black, in: context)
        var differing = 0, dark = 0
        for y in 0..<120 {
            for x in 0..<240 {
                if drawn.pixel(x: x, y: y) != expected.pixel(x: x, y: y) { differing += 1 }
                if drawn.pixel(x: x, y: y).red < 128 { dark += 1 }
            }
        }
        #expect(differing == 0)
        #expect(dark > 300, "ink drawn: \(dark) dark pixels")
        // "B" starts at the baseline origin: ink begins within a couple of pixels right of x = 20,
        // and the cap height (~0.73 em) rises above y = 60.
        var minX = Int.max, minY = Int.max
        for y in 0..<75 { for x in 0..<240 where drawn.pixel(x: x, y: y).red < 128 { minX = min(minX, x); minY = min(minY, y) } }
        #expect((20...24).contains(minX), "ink starts at x = \(minX)")
        #expect((60 - 25)...(60 - 21) ~= minY, "ink top at y = \(minY)")
        // Without a text renderer the text ops draw nothing.
        let plain = file.render()
        #expect((0..<120).allSatisfy { y in (0..<240).allSatisfy { plain.pixel(x: $0, y: y) == Color.white.premultiplied } })
    }

    @Test func missingFontInASceneIsAFontErrorNamingIt() throws {
        let file = try scene("""
            {"width": 10, "height": 10, "ops": [{"text": "A", "font": "fonts/Missing.ttf"}]}
            """)
        #expect { _ = try SceneTextDrawer(scene: file) } throws: { e in
            (e as? FontError)?.path == "/tmp/fonts/Missing.ttf"
        }
    }

    @Test func badTextOpsAreSceneErrors() {
        #expect { _ = try scene(#"{"width": 10, "height": 10, "ops": [{"text": "A", "size": 0}]}"#) } throws: { e in
            (e as? SceneFileError)?.jsonPath == "ops[0].size"
        }
        #expect { _ = try scene(#"{"width": 10, "height": 10, "ops": [{"text": 12}]}"#) } throws: { e in
            (e as? SceneFileError)?.jsonPath == "ops[0].text"
        }
        #expect { _ = try scene(##"{"width": 10, "height": 10, "ops": [{"text": "A", "colour": "#000000"}]}"##) } throws: { e in
            (e as? SceneFileError)?.jsonPath == "ops[0].colour"
        }
    }
}
