import Geometry

/// What fills or strokes a shape. Geometry of gradients and patterns is in user space (the
/// space the path is given in); the drawing context maps it to device pixels.
///
/// The gradient and pattern cases are boxed, so a paint is the size of a colour: ops that carry
/// one (scene files, charts) copy 33 bytes per draw instead of a gradient's hundred.
public enum Paint: Sendable {
    case solid(Color)
    indirect case linearGradient(LinearGradient)
    indirect case radialGradient(RadialGradient)
    indirect case image(ImagePattern)
}

/// How a gradient continues outside 0…1.
public enum SpreadMode: String, Hashable, Sendable { case pad, `repeat`, reflect }

/// A colour at a position (0…1) along a gradient.
public struct GradientStop: Hashable, Sendable {
    public var location: Double
    public var color: Color
    public init(location: Double, color: Color) { self.location = location; self.color = color }
}

/// A gradient along the line from `start` (location 0) to `end` (location 1).
public struct LinearGradient: Hashable, Sendable {
    public var start: Point, end: Point
    public var stops: [GradientStop]
    public var spread: SpreadMode
    public init(start: Point, end: Point, stops: [GradientStop], spread: SpreadMode = .pad) {
        self.start = start; self.end = end; self.stops = stops; self.spread = spread
    }
}

/// A gradient between two circles (cairo's and SVG's two-point conical form): location 0 on
/// the circle (`focus`, `startRadius`), location 1 on (`center`, `endRadius`). With
/// `focus == center` it is SwiftUI's concentric `RadialGradient`.
public struct RadialGradient: Hashable, Sendable {
    public var center: Point, focus: Point
    public var startRadius: Double, endRadius: Double
    public var stops: [GradientStop]
    public var spread: SpreadMode
    public init(center: Point, startRadius: Double = 0, endRadius: Double, focus: Point? = nil,
                stops: [GradientStop], spread: SpreadMode = .pad) {
        self.center = center; self.focus = focus ?? center
        self.startRadius = startRadius; self.endRadius = endRadius; self.stops = stops; self.spread = spread
    }
}

/// An image used as a paint (the seeds' `ImagePaint`): the part `sourceRect` (in unit
/// coordinates of the image, default the whole image) scaled by `scale`, placed by `transform`
/// (pattern space → user space), and continued outside the source rect by `extend`.
public struct ImagePattern: Sendable {
    /// What the pattern shows outside its source rect (cairo's extend modes).
    public enum Extend: String, Hashable, Sendable {
        /// Transparent outside; bilinear taps beyond the edge read transparent (cairo's default).
        case none
        /// The edge texels continue outwards (crisp edges for drawn images).
        case pad
        /// Tiled across the plane (SwiftUI's `ImagePaint`).
        case `repeat`
    }

    public var image: Surface
    public var sourceRect: Rect
    public var scale: Double
    public var transform: AffineTransform
    public var extend: Extend

    public init(image: Surface, sourceRect: Rect = Rect(x: 0, y: 0, width: 1, height: 1),
                scale: Double = 1, transform: AffineTransform = .identity, extend: Extend = .repeat) {
        self.image = image; self.sourceRect = sourceRect; self.scale = scale
        self.transform = transform; self.extend = extend
    }

    /// Tiled (`repeats: true`, SwiftUI) or shown once with transparency outside.
    public init(image: Surface, sourceRect: Rect = Rect(x: 0, y: 0, width: 1, height: 1),
                scale: Double = 1, transform: AffineTransform = .identity, repeats: Bool) {
        self.init(image: image, sourceRect: sourceRect, scale: scale, transform: transform,
                  extend: repeats ? .repeat : .none)
    }

    /// True when the pattern tiles.
    public var repeats: Bool { extend == .repeat }
}
