import Geometry
import Raster

extension SeatLook {
    /// The look's paint: the fill, or a tile of fill and ink (8 × 8 pattern pixels of
    /// `patternScale` px) repeated in device pixels, placed by `deviceToUser` (the inverse of the drawing's user → device transform;
    /// identity when user space is device space), at `opacity` (0…1).
    func paint(deviceToUser: AffineTransform = .identity, opacity: Double = 1) -> Paint {
        guard pattern != .solid, opacity > 0 else { return .solid(fill.withOpacity(opacity)) }
        let n = 8 * patternScale
        let tile = Surface(width: n, height: n)
        let f = fill.withOpacity(opacity).premultiplied, k = ink.withOpacity(opacity).premultiplied
        for y in 0..<n { for x in 0..<n { tile.setPixel(pattern.isInk(x: x, y: y, scale: patternScale) ? k : f, x: x, y: y) } }
        return .image(ImagePattern(image: tile, transform: deviceToUser, extend: .repeat))
    }

    /// `paint` for `context`'s current transform, the pattern anchored at device pixel `origin`.
    func paint(in context: DrawingContext, origin: (x: Int, y: Int) = (0, 0), opacity: Double = 1) -> Paint {
        let m = context.transform
        let toUser = m.determinant != 0 && m.isFinite ? m.inverted() : .identity
        let place = AffineTransform(translationX: Double(origin.x), y: Double(origin.y))
        return paint(deviceToUser: place.concatenating(toUser), opacity: opacity)
    }

    /// Draws the look into `path` (user space of `context`): the fill and pattern (anchored at
    /// device pixel `patternOrigin`), the outline (`outlineWidth`, user units) when the look has
    /// one, and the glyph in `glyphBox` (user space, a square) when it has one, all at
    /// `opacity` (0…1).
    func draw(_ path: Path, glyphBox: Rect?, outlineWidth: Double, opacity: Double = 1, patternOrigin: (x: Int, y: Int) = (0, 0),
              in context: DrawingContext) {
        context.fill(path, with: paint(in: context, origin: patternOrigin, opacity: opacity))
        if let outline {
            context.stroke(path, with: .solid(outline.withOpacity(opacity)),
                           style: StrokeStyle(lineWidth: outlineWidth, lineJoin: .round))
        }
        if let box = glyphBox { drawGlyph(in: box, opacity: opacity, in: context) }
    }

    /// Strokes the glyph (if any) in the square `box` (user space), at `opacity` (0…1).
    func drawGlyph(in box: Rect, opacity: Double = 1, in context: DrawingContext) {
        guard glyph != .none else { return }
        let side = Swift.min(box.width, box.height)
        let place = AffineTransform(scaleX: side, y: side)
            .concatenating(AffineTransform(translationX: box.midX - side / 2, y: box.midY - side / 2))
        context.stroke(SeatLook.glyphPath(glyph).applying(place), with: .solid(glyphColor.withOpacity(opacity)),
                       style: StrokeStyle(lineWidth: SeatLook.glyphLineWidth * side, lineCap: .round, lineJoin: .round))
    }
}

extension MapStyle {
    /// Draws the legend swatch of `status` — a rounded square filling `rect` (px, identity
    /// transform expected) with the status's colour, pattern, outline and glyph — exactly as
    /// the map draws seats of that status. The legend calls it for each category
    /// (`.free(category:)`) and for the other statuses.
    public func drawLegendSwatch(_ status: SeatLook.Status, in rect: Rect, into context: DrawingContext) {
        let side = Swift.min(rect.width, rect.height)
        let path = Path(roundedRect: rect, cornerRadius: side * 0.2)
        look(status).draw(path, glyphBox: rect.insetBy(dx: side * 0.08, dy: side * 0.08),
                          outlineWidth: Swift.max(1, side * 0.07), in: context)
    }
}
