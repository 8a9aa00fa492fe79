import Foundation
import Geometry
import Raster
@testable import SceneFile
import Testing

struct SceneFileTests {
    private func parse(_ json: String) throws(SceneFileError) -> SceneFile {
        try SceneFile(json: Data(json.utf8))
    }

    /// The parse error's full message, or nil when the JSON parses.
    private func error(_ json: String) -> String? {
        do { _ = try parse(json); return nil } catch { return error.description }
    }

    private func scene(ops: String, extra: String = "") -> String {
        ##"{"width": 20, "height": 10\##(extra), "ops": [\##(ops)]}"##
    }

    // MARK: Parsing

    @Test func parsesTheDocumentedExample() throws {
        let s = try parse("""
            {"width": 400, "height": 300, "background": "#ffffff",
             "ops": [
               {"fill": "M10 10 L100 10 L50 80 Z", "color": "#ff000080", "rule": "evenodd", "transform": [1, 0, 0, 1, 0, 0]},
               {"stroke": "M10 150 C60 100 120 200 190 150", "color": "#000000", "width": 3, "cap": "round", "join": "miter", "miterLimit": 4, "dash": [5, 3], "dashPhase": 1},
               {"save": true}, {"clip": "M0 0 H200 V200 Z", "rule": "nonzero"}, {"layer": 0.5}, {"endLayer": true}, {"restore": true}
             ]}
            """)
        #expect(s.width == 400 && s.height == 300)
        #expect(s.background == Color(red: 1, green: 1, blue: 1))
        #expect(s.kind == .stroke)  // derived: the scene strokes
        #expect(s.operations.count == 7)

        guard case let .fill(path, paint, rule, transform, blend) = s.operations[0] else {
            Issue.record("op 0 is \(s.operations[0])"); return
        }
        #expect(path.verbs == [.move, .line, .line, .close])
        #expect(path.points == [Point(x: 10, y: 10), Point(x: 100, y: 10), Point(x: 50, y: 80)])
        guard case let .solid(c) = paint else { Issue.record("paint is \(paint)"); return }
        #expect(c == Color(red: 1, green: 0, blue: 0, alpha: 128.0 / 255.0))
        #expect(rule == .evenOdd)
        #expect(transform == .identity)
        #expect(blend == nil)

        guard case let .stroke(spath, _, style, _, _) = s.operations[1] else { Issue.record("op 1 is \(s.operations[1])"); return }
        #expect(spath.verbs == [.move, .cubic])
        #expect(spath.points.last == Point(x: 190, y: 150))
        #expect(style == StrokeStyle(lineWidth: 3, lineCap: .round, lineJoin: .miter, miterLimit: 4, dash: [5, 3], dashPhase: 1))

        guard case .save = s.operations[2], case let .clip(clip, clipRule) = s.operations[3],
              case let .beginLayer(opacity) = s.operations[4], case .endLayer = s.operations[5],
              case .restore = s.operations[6] else { Issue.record("ops 2…6: \(s.operations[2...])"); return }
        #expect(clip.verbs == [.move, .line, .line, .close])
        #expect(clip.points == [Point(x: 0, y: 0), Point(x: 200, y: 0), Point(x: 200, y: 200)])
        #expect(clipRule == .nonZero)
        #expect(opacity == 0.5)
    }

    @Test func defaultsMatchTheFormat() throws {
        let s = try parse(scene(ops: ##"{"fill": "M0 0 H5 V5 Z"}, {"stroke": "M0 0 H5"}"##))
        #expect(s.background == nil)
        guard case let .fill(_, paint, rule, t, _) = s.operations[0],
              case let .stroke(_, _, style, _, _) = s.operations[1] else { Issue.record("\(s.operations)"); return }
        guard case let .solid(c) = paint else { Issue.record("\(paint)"); return }
        #expect(c == .black)
        #expect(rule == .nonZero)
        #expect(t == .identity)
        #expect(style == StrokeStyle(lineWidth: 1, lineCap: .butt, lineJoin: .miter, miterLimit: 10, dash: [], dashPhase: 0))
    }

    @Test func transformAloneConcatenatesAndNextToAShapeIsPerOp() throws {
        let s = try parse(scene(ops: ##"{"transform": [2, 0, 0, 3, 4, 5]}, {"fill": "M0 0 H1 V1 Z", "transform": [1, 0, 0, 1, 7, 8]}"##))
        guard case let .concatenate(t) = s.operations[0], case let .fill(_, _, _, ft, _) = s.operations[1] else {
            Issue.record("\(s.operations)"); return
        }
        #expect(t == AffineTransform(a: 2, b: 0, c: 0, d: 3, tx: 4, ty: 5))
        #expect(ft == AffineTransform(translationX: 7, y: 8))
    }

    @Test func clipTransformIsAppliedToThePath() throws {
        let s = try parse(scene(ops: ##"{"clip": "M1 2 L3 4", "transform": [2, 0, 0, 2, 10, 0]}, {"clipRect": [1, 2, 3, 4]}"##))
        guard case let .clip(p, _) = s.operations[0], case let .clipRect(r) = s.operations[1] else { Issue.record("\(s.operations)"); return }
        #expect(p.points == [Point(x: 12, y: 4), Point(x: 16, y: 8)])
        #expect(r == Rect(x: 1, y: 2, width: 3, height: 4))
    }

    @Test func gradientsMapCairoCirclesOntoRadialGradient() throws {
        let s = try parse(scene(ops: """
            {"fill": "M0 0 H5 V5 Z", "paint": {"radial": [10, 20, 5, 30, 40, 50], "stops": [[0, "#ff0000"], [1, "#0000ff80"]], "spread": "reflect"}},
            {"fill": "M0 0 H5 V5 Z", "paint": {"linear": [1, 2, 3, 4], "stops": [[0.25, "#00ff00"]]}}
            """))
        guard case let .fill(_, p0, _, _, _) = s.operations[0], case let .radialGradient(g) = p0 else { Issue.record("\(s.operations[0])"); return }
        // cairo: circle 0 = (10, 20, r 5) at location 0, circle 1 = (30, 40, r 50) at location 1.
        #expect(g.focus == Point(x: 10, y: 20))
        #expect(g.startRadius == 5)
        #expect(g.center == Point(x: 30, y: 40))
        #expect(g.endRadius == 50)
        #expect(g.spread == .reflect)
        #expect(g.stops == [GradientStop(location: 0, color: Color(red: 1, green: 0, blue: 0)),
                            GradientStop(location: 1, color: Color(red: 0, green: 0, blue: 1, alpha: 128.0 / 255.0))])
        guard case let .fill(_, p1, _, _, _) = s.operations[1], case let .linearGradient(l) = p1 else { Issue.record("\(s.operations[1])"); return }
        #expect(l.start == Point(x: 1, y: 2) && l.end == Point(x: 3, y: 4))
        #expect(l.spread == .pad)
        #expect(l.stops == [GradientStop(location: 0.25, color: Color(red: 0, green: 1, blue: 0))])
    }

    @Test func blendAndKind() throws {
        let s = try parse(scene(ops: ##"{"fill": "M0 0 H5 V5 Z", "blend": "copy"}, {"fill": "M0 0 H5 V5 Z", "blend": "clear"}"##,
                                extra: ##", "kind": "image""##))
        guard case let .fill(_, _, _, _, b0) = s.operations[0], case let .fill(_, _, _, _, b1) = s.operations[1] else { Issue.record("\(s.operations)"); return }
        #expect(b0 == .copy && b1 == .clear)
        #expect(s.kind == .image)
        #expect(try parse(scene(ops: ##"{"fill": "M0 0 H5 V5 Z"}"##)).kind == .fill)
    }

    @Test func loadsImagesRelativeToTheSceneFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scenefile-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let image = Surface(width: 3, height: 2)
        image.clear(Color(red: 0, green: 1, blue: 0))
        try image.writePNG(to: folder + "/tile.png")
        try ##"{"width": 8, "height": 8, "ops": [{"drawImage": "tile.png", "rect": [1, 1, 6, 4]}, {"fill": "M0 0 H8 V8 Z", "paint": {"image": "tile.png", "scale": 2, "repeat": false}}, {"fill": "M0 0 H8 V8 Z", "paint": {"image": "tile.png", "extend": "pad"}}]}"##
            .write(toFile: folder + "/scene.json", atomically: true, encoding: .utf8)
        let s = try SceneFile(contentsOfFile: folder + "/scene.json")
        #expect(s.kind == .image)
        guard case let .drawImage(img, rect, _, _) = s.operations[0], case let .fill(_, paint, _, _, _) = s.operations[1],
              case let .image(pattern) = paint else { Issue.record("\(s.operations)"); return }
        #expect(img.width == 3 && img.height == 2)
        #expect(img.pixel(x: 2, y: 1) == Color(red: 0, green: 1, blue: 0).premultiplied)
        #expect(rect == Rect(x: 1, y: 1, width: 6, height: 4))
        #expect(pattern.scale == 2 && pattern.extend == ImagePattern.Extend.none && pattern.image.width == 3)
        guard case let .fill(_, padPaint, _, _, _) = s.operations[2], case let .image(padded) = padPaint else {
            Issue.record("\(s.operations[2])"); return
        }
        #expect(padded.extend == .pad && padded.scale == 1)
    }

    // MARK: Errors name the JSON path and what was expected

    @Test func errorMessagesNameThePathAndTheExpectation() {
        let fill = ##"{"fill": "M0 0 H5 V5 Z"}"##
        #expect(error(scene(ops: [fill, fill, fill, ##"{"fill": "M0 0 H5 V5 Z", "color": "red"}"##].joined(separator: ",")))
                == ##"ops[3].color: expected #RRGGBB or #RRGGBBAA, found "red""##)
        #expect(error(##"{"width": 0, "height": 10, "ops": []}"##) == "width: expected a whole number of pixels in 1…32768")
        #expect(error(##"{"width": 10, "height": 2.5, "ops": []}"##) == "height: expected a whole number of pixels in 1…32768")
        #expect(error(##"{"height": 10, "ops": []}"##) == "width: expected a number, found nothing")
        #expect(error(##"{"width": 10, "height": 10}"##) == "ops: expected an array of operations, found nothing")
        #expect(error(##"[1, 2]"##) == "expected a JSON object at the top level, found an array")
        #expect(error(scene(ops: ##"{"fill": "M0 0 H5 V5 Z", "transform": [1, 0, 0]}"##))
                == "ops[0].transform: expected an array of 6 numbers, found 3 elements")
        #expect(error(scene(ops: ##"{"stroke": "M0 0 H5", "width": true}"##)) == "ops[0].width: expected a number, found true")
        #expect(error(scene(ops: ##"{"stroke": "M0 0 H5", "dash": [3, -1]}"##)) == "ops[0].dash[1]: expected a length ≥ 0, found -1")
        #expect(error(scene(ops: ##"{"stroke": "M0 0 H5", "cap": "flat"}"##))
                == ##"ops[0].cap: expected one of "butt", "round", "square", found "flat""##)
        #expect(error(scene(ops: ##"{"fill": "M0 0 H5 V5 Z", "rule": "odd"}"##))
                == ##"ops[0].rule: expected "nonzero" or "evenodd", found "odd""##)
        #expect(error(scene(ops: ##"{"fill": "M0 0 H5 V5 Z", "paint": {"radial": [1, 2, 3, 4, 5, 6]}}"##))
                == ##"ops[0].paint.stops: expected a non-empty array of [location, "#RRGGBB"] pairs, found nothing"##)
        #expect(error(scene(ops: ##"{"fill": "M0 0 H5 V5 Z", "paint": {"radial": [1, 2, 3], "stops": [[0, "#000000"]]}}"##))
                == "ops[0].paint.radial: expected an array of 6 numbers, found 3 elements")
        #expect(error(scene(ops: ##"{"fill": "M0 0 H5 V5 Z", "paint": {"linear": [0, 0, 1, 1], "stops": [[0, "#000000"], [2, "#ffffff"]]}}"##))
                == "ops[0].paint.stops[1][0]: expected a location in 0…1, found 2")
        #expect(error(scene(ops: ##"{"paint": "#000000"}"##))?.hasPrefix("ops[0]: expected an operation with one of the keys") == true)
        #expect(error(scene(ops: ##"{"restore": true}"##)) == "ops[0]: restore without a matching save")
        #expect(error(scene(ops: ##"{"fill": "M0 0 H5 V5 Z", "colour": "#ff0000"}"##))
                == ##"ops[0].colour: unexpected key in a "fill" operation (it takes "blend", "color", "paint", "rule", "transform")"##)
        #expect(error(scene(ops: ##"{"save": true, "transform": [1, 0, 0, 1, 0, 0]}"##))
                == ##"ops[0].transform: unexpected key in a "save" operation"##)
        #expect(error(scene(ops: ##"{"layer": 0.5}, {"save": true}, {"endLayer": true}"##))
                == "ops[2]: endLayer inside a save opened after the layer (restore first)")
        #expect(error(scene(ops: ##"{"layer": 1.5}"##)) == "ops[0].layer: expected an opacity in 0…1, found 1.5")
        #expect(error(scene(ops: ##"{"fill": "M0 0 H5 V5 Z", "paint": {"image": "x.png"}}"##))?
                    .hasPrefix(##"ops[0].paint.image: cannot load the PNG image "x.png""##) == true)
        #expect(error("{\"width\": 1,")?.hasPrefix("not valid JSON") == true)
    }

    @Test func svgErrorsCarryTheOffset() {
        let message = error(scene(ops: ##"{"fill": "M0 0 H5 V5 Z"}, {"fill": "M10 x"}"##))
        #expect(message?.hasPrefix("ops[1].fill: SVG path data") == true, "\(message ?? "no error")")
        #expect(message?.contains("offset 4") == true, "\(message ?? "no error")")
    }

    /// Paths are parsed after the rest of the document: every op still ends up in its place,
    /// with its own path, and a bad path names its op whichever kind it is.
    @Test func pathsParsedLastLandInTheirOps() throws {
        let s = try parse(scene(ops: ##"""
            {"save": true}, {"fill": "M0 0 H5 V5 Z", "color": "#ff0000"},
            {"clip": "M0 0 H2 V2 Z", "transform": [2, 0, 0, 2, 1, 0], "rule": "evenodd"},
            {"stroke": "M1 1 L3 4", "width": 2}, {"restore": true}, {"fill": "M1 1 H2 V2 Z"}
            """##))
        #expect(s.operations.count == 6)
        guard case .save = s.operations[0], case .restore = s.operations[4] else {
            Issue.record("save/restore moved: \(s.operations)"); return
        }
        guard case let .fill(first, _, _, _, _) = s.operations[1], case let .clip(clip, rule) = s.operations[2],
              case let .stroke(stroke, _, style, _, _) = s.operations[3], case let .fill(last, _, _, _, _) = s.operations[5] else {
            Issue.record("ops out of place: \(s.operations)"); return
        }
        #expect(first == (try Path(svg: "M0 0 H5 V5 Z")))
        // The clip's own transform is applied to its path: (x, y) → (2x + 1, 2y).
        #expect(clip.points == [Point(x: 1, y: 0), Point(x: 5, y: 0), Point(x: 5, y: 4)])
        #expect(rule == .evenOdd)
        #expect(stroke == (try Path(svg: "M1 1 L3 4")) && style.lineWidth == 2)
        #expect(last == (try Path(svg: "M1 1 H2 V2 Z")))

        #expect(error(scene(ops: ##"{"save": true}, {"stroke": "M1 1 L", "width": 1}"##))?
                    .hasPrefix("ops[1].stroke: SVG path data, offset 6") == true)
        #expect(error(scene(ops: ##"{"clip": "Z"}"##))?.hasPrefix("ops[0].clip: SVG path data, offset 0") == true)
        // A path that is not a string is reported where it stands, before the rest of its op.
        #expect(error(scene(ops: ##"{"fill": 5, "color": "red"}"##))
                == "ops[0].fill: expected SVG path data (a string), found 5")
    }

    @Test func fileErrorsNameTheFile() {
        do {
            _ = try SceneFile(contentsOfFile: "/nonexistent/scene.json")
            Issue.record("a missing file parsed")
        } catch {
            #expect(error.description == "/nonexistent/scene.json: cannot read the file")
        }
        do {
            _ = try SceneFile(contentsOfFile: "/nonexistent/scene.json")
        } catch {
            #expect(error.file == "/nonexistent/scene.json")
        }
    }

    // MARK: Rendering

    @Test func rendersBackgroundAndAPixelAlignedSquare() throws {
        let s = try parse(##"{"width": 10, "height": 8, "background": "#ffffff", "ops": [{"fill": "M2 2 H6 V5 H2 Z", "color": "#ff0000"}]}"##)
        let img = s.render()
        #expect(img.width == 10 && img.height == 8)
        let red = PremultipliedPixel(red: 255, green: 0, blue: 0, alpha: 255)
        let white = PremultipliedPixel(red: 255, green: 255, blue: 255, alpha: 255)
        for y in 0..<8 {
            for x in 0..<10 {
                let inside = (2..<6).contains(x) && (2..<5).contains(y)
                #expect(img.pixel(x: x, y: y) == (inside ? red : white), "pixel (\(x), \(y))")
            }
        }
    }

    @Test func opTransformAppliesToThatOpOnly() throws {
        let s = try parse(##"""
            {"width": 10, "height": 4, "ops": [
              {"fill": "M0 0 H1 V1 H0 Z", "color": "#0000ff", "transform": [1, 0, 0, 1, 5, 2]},
              {"fill": "M0 0 H1 V1 H0 Z", "color": "#00ff00"},
              {"transform": [2, 0, 0, 1, 0, 0]},
              {"fill": "M3 3 H4 V4 H3 Z", "color": "#ff0000"}]}
            """##)
        let img = s.render()
        #expect(img.pixel(x: 5, y: 2) == PremultipliedPixel(red: 0, green: 0, blue: 255, alpha: 255))
        #expect(img.pixel(x: 0, y: 0) == PremultipliedPixel(red: 0, green: 255, blue: 0, alpha: 255))
        // The state transform doubles x: the unit square at (3, 3) covers pixels 6 and 7.
        #expect(img.pixel(x: 6, y: 3) == PremultipliedPixel(red: 255, green: 0, blue: 0, alpha: 255))
        #expect(img.pixel(x: 7, y: 3) == PremultipliedPixel(red: 255, green: 0, blue: 0, alpha: 255))
        #expect(img.pixel(x: 3, y: 3) == .transparent)
        #expect(img.pixel(x: 8, y: 3) == .transparent)
    }

    @Test func layerOpacityAndClipsCompose() throws {
        // Two overlapping opaque squares in a 50 % layer: the overlap is not darker (the layer is
        // flattened first), and the clip keeps only x < 4.
        let s = try parse(##"""
            {"width": 8, "height": 2, "background": "#ffffff", "ops": [
              {"save": true}, {"clipRect": [0, 0, 4, 2]},
              {"layer": 0.5},
              {"fill": "M0 0 H3 V2 H0 Z", "color": "#000000"},
              {"fill": "M1 0 H8 V2 H1 Z", "color": "#000000"},
              {"endLayer": true},
              {"restore": true},
              {"fill": "M7 0 H8 V2 H7 Z", "color": "#000000"}]}
            """##)
        let img = s.render()
        for x in 0..<4 {
            let p = img.pixel(x: x, y: 1)
            // White under 50 % black: 255·(1 − 0.5) = 127.5, either rounding.
            #expect((127...128).contains(Int(p.red)) && p.red == p.green && p.alpha == 255, "x = \(x): \(p)")
        }
        #expect(img.pixel(x: 5, y: 0) == PremultipliedPixel(red: 255, green: 255, blue: 255, alpha: 255))
        #expect(img.pixel(x: 7, y: 0) == PremultipliedPixel(red: 0, green: 0, blue: 0, alpha: 255))
    }

    @Test func blendCopyAndClearReplacePixels() throws {
        let s = try parse(##"""
            {"width": 4, "height": 1, "background": "#ffffff", "ops": [
              {"fill": "M0 0 H2 V1 H0 Z", "color": "#ff000080", "blend": "copy"},
              {"fill": "M2 0 H3 V1 H2 Z", "color": "#000000", "blend": "clear"},
              {"fill": "M3 0 H4 V1 H3 Z", "color": "#00000000"}]}
            """##)
        let img = s.render()
        #expect(img.pixel(x: 0, y: 0) == Color(red: 1, green: 0, blue: 0, alpha: 128.0 / 255.0).premultiplied)
        #expect(img.pixel(x: 2, y: 0) == .transparent)
        #expect(img.pixel(x: 3, y: 0) == PremultipliedPixel(red: 255, green: 255, blue: 255, alpha: 255))
    }
}
