import Foundation
import Geometry
import Raster

extension SceneFile {
    /// Reads a scene file; image paths in it are relative to the file's directory.
    /// - Throws: `SceneFileError` naming the file, the JSON path and what was expected.
    public init(contentsOfFile path: String) throws(SceneFileError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SceneFileError(file: path, jsonPath: "", reason: "cannot read the file")
        }
        let base = (path as NSString).deletingLastPathComponent
        do {
            try self.init(json: data, baseDirectory: base.isEmpty ? "." : base)
        } catch {
            var e = error
            e.file = path
            throw e
        }
    }

    /// Parses scene JSON (docs/scene-format.md). `baseDirectory` resolves relative image paths.
    /// - Throws: `SceneFileError` with the JSON path and what was expected there.
    ///
    /// The SVG path data is parsed last, after the JSON tree is released: the paths' storage
    /// is then allocated in order, in the memory the tree gave back, and a render walks it
    /// sequentially. Paths made while the tree is alive land between its objects, and drawing
    /// the 20,000-seat bench scene from such scattered paths took a fifth longer.
    public init(json data: Data, baseDirectory: String = ".") throws(SceneFileError) {
        var reader = SceneFileReader(baseDirectory: baseDirectory)
        var scene = try reader.sceneWithPendingPaths(json: data)
        try reader.parsePendingPaths(into: &scene)
        self = scene
    }
}

/// Turns the JSONSerialization tree into a `SceneFile`, tracking the JSON path for messages.
struct SceneFileReader {
    let baseDirectory: String
    /// Images already loaded, by file name: scenes often reuse one image.
    var images: [String: Surface] = [:]

    /// An op whose SVG path data waits to be parsed until the JSON tree is released
    /// (`parsePendingPaths`): everything else about it, and its path data in `pathText`.
    struct PendingOp {
        enum Kind {
            case fill(paint: Paint, rule: FillRule, transform: Geometry.AffineTransform, blend: BlendMode?)
            case stroke(paint: Paint, style: StrokeStyle, transform: Geometry.AffineTransform, blend: BlendMode?)
            /// The path is mapped through `transform` (the op's own) before it clips.
            case clip(rule: FillRule, transform: Geometry.AffineTransform)

            /// The op's key, which holds its path data.
            var key: String {
                switch self {
                case .fill: "fill"
                case .stroke: "stroke"
                case .clip: "clip"
                }
            }
        }
        var op: Int
        var kind: Kind
        var pathData: Range<Int>
    }
    var pendingOps: [PendingOp] = []
    /// The pending ops' SVG path data, one after another.
    var pathText: [UInt8] = []

    init(baseDirectory: String) { self.baseDirectory = baseDirectory }

    /// Parses the JSON and reads the scene (`scene(_:)`) with its paths left pending; the JSON
    /// tree is released on return.
    mutating func sceneWithPendingPaths(json data: Data) throws(SceneFileError) -> SceneFile {
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: data)
        } catch {
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
            throw SceneFileError(jsonPath: "", reason: "not valid JSON" + (detail.map { ": " + $0 } ?? ""))
        }
        return try scene(root)
    }

    /// Parses the pending SVG path data in op order and puts each op, with its path, in its
    /// place in `scene` (which `scene(_:)` filled with `.save` placeholders there). Each op's
    /// path and op record are allocated together, one op after another.
    mutating func parsePendingPaths(into scene: inout SceneFile) throws(SceneFileError) {
        let text = pathText
        pathText = []
        for pending in pendingOps {
            var shape: Path
            do { shape = try Path(svgUTF8: text[pending.pathData]) } catch {
                throw fail("ops[\(pending.op)].\(pending.kind.key)", "\(error)")
            }
            switch pending.kind {
            case let .fill(paint, rule, transform, blend):
                scene.operations[pending.op] = .fill(shape, paint: paint, rule: rule, transform: transform, blend: blend)
            case let .stroke(paint, style, transform, blend):
                scene.operations[pending.op] = .stroke(shape, paint: paint, style: style, transform: transform, blend: blend)
            case let .clip(rule, transform):
                if !transform.isIdentity { shape = shape.applying(transform) }
                scene.operations[pending.op] = .clip(shape, rule: rule)
            }
        }
        pendingOps = []
    }

    typealias Object = [String: Any]

    func fail(_ path: String, _ reason: String) -> SceneFileError {
        SceneFileError(jsonPath: path, reason: reason)
    }

    /// A short rendering of a JSON value for messages: `"red"`, `12`, `true`, `an array`.
    func describe(_ v: Any?) -> String {
        switch v {
        case nil: return "nothing"
        case is NSNull: return "null"
        case let s as String:
            let short = s.count > 40 ? String(s.prefix(40)) + "…" : s
            return "\"" + short + "\""
        case let n as NSNumber:
            if isBool(n) { return n.boolValue ? "true" : "false" }
            let d = n.doubleValue
            return d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(d)
        case is [Any]: return "an array"
        case is Object: return "an object"
        default: return "\(v!)"
        }
    }

    func isBool(_ n: NSNumber) -> Bool { String(cString: n.objCType) == "c" }

    func number(_ v: Any?, _ path: String) throws(SceneFileError) -> Double {
        guard let n = v as? NSNumber, !isBool(n), n.doubleValue.isFinite else {
            throw fail(path, "expected a number, found \(describe(v))")
        }
        return n.doubleValue
    }

    func numbers(_ v: Any?, _ path: String, count: Int? = nil) throws(SceneFileError) -> [Double] {
        guard let a = v as? [Any], count.map({ a.count == $0 }) ?? true else {
            let what = count.map { "an array of \($0) numbers" } ?? "an array of numbers"
            let found = (v as? [Any]).map { "\($0.count) elements" } ?? describe(v)
            throw fail(path, "expected \(what), found \(found)")
        }
        var out: [Double] = []
        out.reserveCapacity(a.count)
        for (i, e) in a.enumerated() { out.append(try number(e, "\(path)[\(i)]")) }
        return out
    }

    func string(_ v: Any?, _ path: String, expected: String = "a string") throws(SceneFileError) -> String {
        guard let s = v as? String else { throw fail(path, "expected \(expected), found \(describe(v))") }
        return s
    }

    func color(_ v: Any?, _ path: String) throws(SceneFileError) -> Color {
        let expected = "#RRGGBB or #RRGGBBAA"
        let s = try string(v, path, expected: expected)
        do { return try Color(hex: s) } catch { throw fail(path, "expected \(expected), found \(describe(s))") }
    }

    /// Checks that `op`'s `key` holds SVG path data and copies it to the end of `pathText`;
    /// returns where it is there.
    mutating func setAsidePathData(_ v: Any?, op: Int, key: String) throws(SceneFileError) -> Range<Int> {
        let s = try string(v, "ops[\(op)].\(key)", expected: "SVG path data (a string)")
        let start = pathText.count
        pathText.append(contentsOf: s.utf8)
        return start..<pathText.count
    }

    func transform(_ v: Any?, _ path: String) throws(SceneFileError) -> Geometry.AffineTransform {
        guard let v else { return .identity }
        let m = try numbers(v, path, count: 6)
        guard m[0] * m[3] - m[1] * m[2] != 0 else {
            throw fail(path, "expected an invertible transform [a, b, c, d, tx, ty], found a singular one")
        }
        return Geometry.AffineTransform(a: m[0], b: m[1], c: m[2], d: m[3], tx: m[4], ty: m[5])
    }

    func rect(_ v: Any?, _ path: String) throws(SceneFileError) -> Rect {
        let r = try numbers(v, path, count: 4)
        guard r[2] >= 0, r[3] >= 0 else { throw fail(path, "expected [x, y, width, height] with width, height ≥ 0") }
        return Rect(x: r[0], y: r[1], width: r[2], height: r[3])
    }

    func fillRule(_ v: Any?, _ path: String) throws(SceneFileError) -> FillRule {
        guard let v else { return .nonZero }
        let s = try string(v, path, expected: "\"nonzero\" or \"evenodd\"")
        guard let r = FillRule(rawValue: s) else { throw fail(path, "expected \"nonzero\" or \"evenodd\", found \(describe(s))") }
        return r
    }

    func blend(_ v: Any?, _ path: String) throws(SceneFileError) -> BlendMode? {
        guard let v else { return nil }
        let expected = "\"sourceOver\", \"copy\" or \"clear\""
        let s = try string(v, path, expected: expected)
        guard let b = BlendMode(rawValue: s) else { throw fail(path, "expected \(expected), found \(describe(s))") }
        return b
    }

    func keyword<T: RawRepresentable<String>>(_ v: Any?, _ path: String, default d: T, _ all: [T]) throws(SceneFileError) -> T {
        guard let v else { return d }
        let expected = all.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        let s = try string(v, path, expected: "one of \(expected)")
        guard let k = T(rawValue: s) else { throw fail(path, "expected one of \(expected), found \(describe(s))") }
        return k
    }

    mutating func image(_ v: Any?, _ path: String) throws(SceneFileError) -> Surface {
        let name = try string(v, path, expected: "a PNG file path (a string)")
        if let cached = images[name] { return cached }
        let full = name.hasPrefix("/") ? name : baseDirectory + "/" + name
        let surface: Surface
        do { surface = try Surface(contentsOfPNGFile: full) } catch {
            throw fail(path, "cannot load the PNG image \(describe(name)): \(error)")
        }
        images[name] = surface
        return surface
    }

    /// The op's paint: its `paint` object, else its `color`, else opaque black.
    mutating func paint(_ op: Object, _ path: String) throws(SceneFileError) -> Paint {
        if let p = op["paint"] {
            return try paintObject(p, path + ".paint")
        }
        if let c = op["color"] { return .solid(try color(c, path + ".color")) }
        return .solid(.black)
    }

    mutating func paintObject(_ v: Any, _ path: String) throws(SceneFileError) -> Paint {
        guard let p = v as? Object else {
            throw fail(path, "expected a paint object (\"color\", \"linear\", \"radial\" or \"image\"), found \(describe(v))")
        }
        if let c = p["color"] { return .solid(try color(c, path + ".color")) }
        if p["linear"] != nil || p["radial"] != nil {
            let stops = try gradientStops(p["stops"], path + ".stops")
            let spread = try keyword(p["spread"], path + ".spread", default: SpreadMode.pad, [.pad, .repeat, .reflect])
            if let l = p["linear"] {
                let g = try numbers(l, path + ".linear", count: 4)
                return .linearGradient(LinearGradient(start: Point(x: g[0], y: g[1]), end: Point(x: g[2], y: g[3]),
                                                      stops: stops, spread: spread))
            }
            // cairo's order: circle 0 (location 0) then circle 1 (location 1). Raster puts
            // location 0 on (focus, startRadius) and location 1 on (center, endRadius).
            let g = try numbers(p["radial"], path + ".radial", count: 6)
            guard g[2] >= 0, g[5] >= 0 else { throw fail(path + ".radial", "expected radii ≥ 0") }
            return .radialGradient(RadialGradient(center: Point(x: g[3], y: g[4]), startRadius: g[2], endRadius: g[5],
                                                  focus: Point(x: g[0], y: g[1]), stops: stops, spread: spread))
        }
        if let i = p["image"] {
            let surface = try image(i, path + ".image")
            let t = try transform(p["transform"], path + ".transform")
            var scale = 1.0
            if let s = p["scale"] {
                scale = try number(s, path + ".scale")
                guard scale > 0 else { throw fail(path + ".scale", "expected a number > 0, found \(describe(s))") }
            }
            // "extend" (cairo's names) or the older "repeat": true/false; default repeat.
            var extend = ImagePattern.Extend.repeat
            if let e = p["extend"] {
                extend = try keyword(e, path + ".extend", default: .repeat, [.repeat, .pad, .none])
            } else if let r = p["repeat"] {
                guard let n = r as? NSNumber, isBool(n) else { throw fail(path + ".repeat", "expected true or false, found \(describe(r))") }
                extend = n.boolValue ? .repeat : .none
            }
            return .image(ImagePattern(image: surface, scale: scale, transform: t, extend: extend))
        }
        throw fail(path, "expected one of the keys \"color\", \"linear\", \"radial\", \"image\"")
    }

    func gradientStops(_ v: Any?, _ path: String) throws(SceneFileError) -> [GradientStop] {
        guard let a = v as? [Any], !a.isEmpty else {
            throw fail(path, "expected a non-empty array of [location, \"#RRGGBB\"] pairs, found \(describe(v))")
        }
        var stops: [GradientStop] = []
        for (i, e) in a.enumerated() {
            let p = "\(path)[\(i)]"
            guard let pair = e as? [Any], pair.count == 2 else {
                throw fail(p, "expected [location, \"#RRGGBB\"], found \(describe(e))")
            }
            let loc = try number(pair[0], p + "[0]")
            guard (0...1).contains(loc) else { throw fail(p + "[0]", "expected a location in 0…1, found \(describe(pair[0]))") }
            if let last = stops.last, loc < last.location {
                throw fail(p + "[0]", "expected locations in increasing order")
            }
            stops.append(GradientStop(location: loc, color: try color(pair[1], p + "[1]")))
        }
        return stops
    }

    func strokeStyle(_ op: Object, _ path: String) throws(SceneFileError) -> StrokeStyle {
        var s = StrokeStyle()
        if let w = op["width"] {
            s.lineWidth = try number(w, path + ".width")
            guard s.lineWidth >= 0 else { throw fail(path + ".width", "expected a width ≥ 0, found \(describe(w))") }
        }
        s.lineCap = try keyword(op["cap"], path + ".cap", default: .butt, [.butt, .round, .square])
        s.lineJoin = try keyword(op["join"], path + ".join", default: .miter, [.miter, .round, .bevel])
        if let m = op["miterLimit"] {
            s.miterLimit = try number(m, path + ".miterLimit")
            guard s.miterLimit >= 1 else { throw fail(path + ".miterLimit", "expected a number ≥ 1, found \(describe(m))") }
        }
        if let d = op["dash"] {
            s.dash = try numbers(d, path + ".dash")
            if let neg = s.dash.firstIndex(where: { $0 < 0 }) {
                throw fail("\(path).dash[\(neg)]", "expected a length ≥ 0, found \(describe(s.dash[neg]))")
            }
        }
        if let p = op["dashPhase"] { s.dashPhase = try number(p, path + ".dashPhase") }
        return s
    }

    /// The operation keys, in the order they are tested: the first one present decides what
    /// the op is (`transform` alone concatenates; next to another key it is that op's own).
    static let operationKeys = ["fill", "stroke", "drawImage", "clip", "clipRect", "save", "restore",
                                "layer", "endLayer", "text", "transform"]

    /// The keys each operation takes besides its own.
    static let allowedKeys: [String: Set<String>] = [
        "fill": ["color", "paint", "rule", "transform", "blend"],
        "stroke": ["color", "paint", "width", "cap", "join", "miterLimit", "dash", "dashPhase", "transform", "blend"],
        "drawImage": ["rect", "transform", "blend"],
        "clip": ["rule", "transform"],
        "clipRect": ["transform"],
        "text": ["x", "y", "size", "color", "font", "transform"],
    ]

    mutating func scene(_ root: Any) throws(SceneFileError) -> SceneFile {
        guard let doc = root as? Object else { throw fail("", "expected a JSON object at the top level, found \(describe(root))") }
        let width = try number(doc["width"], "width"), height = try number(doc["height"], "height")
        guard width >= 1, height >= 1, width == width.rounded(), height == height.rounded(),
              width <= 32768, height <= 32768 else {
            throw fail(width >= 1 && width == width.rounded() && width <= 32768 ? "height" : "width",
                       "expected a whole number of pixels in 1…32768")
        }
        let background = try doc["background"].map { (v: Any) throws(SceneFileError) -> Color in try color(v, "background") }
        guard let rawOps = doc["ops"] as? [Any] else { throw fail("ops", "expected an array of operations, found \(describe(doc["ops"]))") }

        var ops: [SceneFile.Operation] = []
        ops.reserveCapacity(rawOps.count)
        // Open saves (true) and layers (false), to check that they nest.
        var open: [Bool] = []
        var strokes = false, images = false
        for (i, raw) in rawOps.enumerated() {
            let p = "ops[\(i)]"
            guard let op = raw as? Object else { throw fail(p, "expected an operation object, found \(describe(raw))") }
            guard let key = SceneFileReader.operationKeys.first(where: { op[$0] != nil }) else {
                let keys = SceneFileReader.operationKeys.map { "\"\($0)\"" }.joined(separator: ", ")
                throw fail(p, "expected an operation with one of the keys \(keys)")
            }
            // A misspelt key ("colour", "linejoin") would otherwise be ignored silently.
            let allowed = SceneFileReader.allowedKeys[key] ?? []
            if let stray = op.keys.sorted().first(where: { $0 != key && !allowed.contains($0) }) {
                let list = allowed.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
                throw fail("\(p).\(stray)", "unexpected key in a \"\(key)\" operation"
                           + (list.isEmpty ? "" : " (it takes \(list))"))
            }
            let opTransform = key == "transform" ? Geometry.AffineTransform.identity : try transform(op["transform"], p + ".transform")
            switch key {
            // Ops with paths: a placeholder here, the op itself once its path is parsed.
            case "fill":
                let data = try setAsidePathData(op["fill"], op: i, key: "fill")
                let paint = try paint(op, p)
                if case .image = paint { images = true }
                pendingOps.append(PendingOp(op: i, kind: .fill(paint: paint, rule: try fillRule(op["rule"], p + ".rule"),
                                                               transform: opTransform, blend: try blend(op["blend"], p + ".blend")),
                                            pathData: data))
                ops.append(.save)
            case "stroke":
                let data = try setAsidePathData(op["stroke"], op: i, key: "stroke")
                let paint = try paint(op, p)
                strokes = true
                if case .image = paint { images = true }
                pendingOps.append(PendingOp(op: i, kind: .stroke(paint: paint, style: try strokeStyle(op, p), transform: opTransform,
                                                                 blend: try blend(op["blend"], p + ".blend")),
                                            pathData: data))
                ops.append(.save)
            case "drawImage":
                images = true
                let img = try image(op["drawImage"], p + ".drawImage")
                ops.append(.drawImage(img, rect: try rect(op["rect"], p + ".rect"), transform: opTransform,
                                      blend: try blend(op["blend"], p + ".blend")))
            case "clip":
                let data = try setAsidePathData(op["clip"], op: i, key: "clip")
                pendingOps.append(PendingOp(op: i, kind: .clip(rule: try fillRule(op["rule"], p + ".rule"), transform: opTransform),
                                            pathData: data))
                ops.append(.save)
            case "clipRect":
                let r = try rect(op["clipRect"], p + ".clipRect")
                if opTransform.isIdentity {
                    ops.append(.clipRect(r))
                } else {
                    var shape = Path()
                    shape.addRect(r, transform: opTransform)
                    ops.append(.clip(shape, rule: .nonZero))
                }
            case "text":
                let text = try string(op["text"], p + ".text")
                let x = try op["x"].map { (v: Any) throws(SceneFileError) -> Double in try number(v, p + ".x") } ?? 0
                let y = try op["y"].map { (v: Any) throws(SceneFileError) -> Double in try number(v, p + ".y") } ?? 0
                var size = 16.0
                if let s = op["size"] {
                    size = try number(s, p + ".size")
                    guard size > 0 else { throw fail(p + ".size", "expected a size in px > 0, found \(describe(s))") }
                }
                let color = try op["color"].map { (v: Any) throws(SceneFileError) -> Color in try self.color(v, p + ".color") } ?? .black
                let font = try op["font"].map { (v: Any) throws(SceneFileError) -> String in
                    let name = try string(v, p + ".font", expected: "a font file path (a string)")
                    return name.hasPrefix("/") ? name : baseDirectory + "/" + name
                }
                ops.append(.text(text, origin: Point(x: x, y: y), size: size, color: color, font: font, transform: opTransform))
            case "save":
                open.append(true)
                ops.append(.save)
            case "restore":
                guard open.last == true else {
                    throw fail(p, open.isEmpty ? "restore without a matching save"
                                               : "restore inside a layer opened after the matching save (close the layer first)")
                }
                open.removeLast()
                ops.append(.restore)
            case "layer":
                let o = try number(op["layer"], p + ".layer")
                guard (0...1).contains(o) else { throw fail(p + ".layer", "expected an opacity in 0…1, found \(describe(op["layer"]))") }
                open.append(false)
                ops.append(.beginLayer(opacity: o))
            case "endLayer":
                guard open.last == false else {
                    throw fail(p, open.isEmpty ? "endLayer without a matching layer"
                                               : "endLayer inside a save opened after the layer (restore first)")
                }
                open.removeLast()
                ops.append(.endLayer)
            default: // "transform" alone
                ops.append(.concatenate(try transform(op["transform"], p + ".transform")))
            }
        }

        let kind: SceneFile.Kind
        if let k = doc["kind"] {
            kind = try keyword(k, "kind", default: SceneFile.Kind.fill, SceneFile.Kind.allCases)
        } else {
            kind = strokes ? .stroke : images ? .image : .fill
        }
        return SceneFile(width: Int(width), height: Int(height), background: background, kind: kind, operations: ops)
    }
}
