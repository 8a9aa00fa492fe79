import Geometry
import Raster

/// A drawing described in a JSON scene file (docs/scene-format.md): a canvas size, an optional
/// background and a list of drawing operations with SVG path data. Used by `tribune draw`, the
/// cairo agreement corpus (the same files are rendered by scripts/cairo_reference.py) and the
/// benchmarks (`raster-bench --export-scene` writes this format).
///
/// Parse with `init(contentsOfFile:)` or `init(json:baseDirectory:)`; draw with
/// `render(into:)` or `render()`. Images named by the scene are loaded while parsing, so
/// rendering does no I/O.
public struct SceneFile: Sendable {
    /// Which agreement thresholds a scene is held to (the corpus tests read this). Strokes and
    /// image sampling are allowed more difference from cairo than plain fills.
    public enum Kind: String, Sendable, CaseIterable {
        case fill, stroke, image
    }

    /// One drawing step. Paths and rects are in the user space of the moment (the context's
    /// transform, concatenated with the op's own `transform` where the op has one).
    ///
    /// Indirect: every payload is boxed, so an operation is one reference. Inline, it took
    /// the size of its largest case (170 bytes), which `render` copied three times per op.
    public indirect enum Operation: Sendable {
        /// Fills `path` under `transform` (for this op only, on top of the current state);
        /// `blend` nil keeps the context's blend mode.
        case fill(Path, paint: Paint, rule: FillRule, transform: AffineTransform, blend: BlendMode?)
        /// Strokes `path` under `transform`; the pen (width, dashes) is transformed too.
        case stroke(Path, paint: Paint, style: StrokeStyle, transform: AffineTransform, blend: BlendMode?)
        /// Draws `image` stretched over `rect` (bilinear sampling).
        case drawImage(Surface, rect: Rect, transform: AffineTransform, blend: BlendMode?)
        /// Draws `text` with the start of its baseline at `origin`, `size` px per em, under
        /// `transform`, with the font file `font` (absolute path; nil for the default), through
        /// the `SceneTextDrawer` given to `render`.
        case text(String, origin: Point, size: Double, color: Color, font: String?, transform: AffineTransform)
        /// Intersects the clip with `path` (the op's transform already applied to it).
        case clip(Path, rule: FillRule)
        /// Intersects the clip with `rect` in the current user space.
        case clipRect(Rect)
        /// Concatenates `transform` into the state (it applies first, before the current one).
        case concatenate(AffineTransform)
        case save
        case restore
        /// Starts an offscreen layer composited with `opacity` (0…1) at the matching `endLayer`.
        /// The state (transform, clip, blend mode) is saved with it and restored before
        /// compositing, as cairo's `push_group`/`pop_group` do.
        case beginLayer(opacity: Double)
        case endLayer
    }

    /// Canvas size in pixels (both ≥ 1).
    public var width: Int
    public var height: Int
    /// What the canvas is set to before the operations run (replacing what was there); nil
    /// leaves the target as it is (a new surface is transparent).
    public var background: Color?
    /// The `"kind"` field, or derived: `.stroke` when any op strokes, `.image` when any op draws
    /// or paints an image, else `.fill`.
    public var kind: Kind
    /// The operations; `save`/`restore` and `beginLayer`/`endLayer` are properly nested
    /// (checked when parsing) but may be left open at the end — rendering closes them.
    public var operations: [Operation]

    public init(width: Int, height: Int, background: Color? = nil, kind: Kind = .fill,
                operations: [Operation]) {
        self.width = width; self.height = height; self.background = background
        self.kind = kind; self.operations = operations
    }
}

/// Why a scene file could not be read: the file, the JSON path of the offending value (such as
/// `ops[3].color`) and what was expected there.
public struct SceneFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The scene file, or nil when parsing from memory.
    public var file: String?
    /// Where in the JSON document, e.g. `ops[3].color`; empty for the document as a whole.
    public var jsonPath: String
    /// What was expected and what was found.
    public var reason: String

    public init(file: String? = nil, jsonPath: String, reason: String) {
        self.file = file; self.jsonPath = jsonPath; self.reason = reason
    }

    public var description: String {
        var s = file.map { $0 + ": " } ?? ""
        if !jsonPath.isEmpty { s += jsonPath + ": " }
        return s + reason
    }
}
