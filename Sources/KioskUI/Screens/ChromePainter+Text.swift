import Geometry
import Raster
import Text

extension ChromePainter {
    /// `t` laid out for `box`: at its preferred size wrapped into as many of its lines as the
    /// box's height holds, else a size smaller (10 % a step, down to its floor), else cut with an
    /// ellipsis at the floor. Nil without fonts. The renderer caches each layout, so a text
    /// drawn again costs a few lookups.
    func fitted(_ t: ChromeText, in box: Rect) -> TextLayout? {
        guard let renderer = text.renderer, !t.string.isEmpty, box.width > 0 else { return nil }
        let fonts = t.bold ? text.bold : text.regular
        var size = t.size
        while true {
            var lines = t.maxLines
            var l = renderer.layout(t.string, fontSize: size, options: options(t, width: box.width, lines: lines), fonts: fonts)
            // Fewer lines when the box is not tall enough for all of them.
            if l.lines.count > 1, l.size.height > box.height + 0.5 {
                lines = max(1, Int((box.height + 0.5) / l.lineHeight))
                l = renderer.layout(t.string, fontSize: size, options: options(t, width: box.width, lines: lines), fonts: fonts)
            }
            if (!l.isTruncated && l.size.height <= box.height + 0.5) || size <= t.floor { return l }
            size = max(t.floor, size * 0.9)
        }
    }

    private func options(_ t: ChromeText, width: Double, lines: Int) -> TextLayout.Options {
        TextLayout.Options(width: width, wraps: lines > 1, maxLines: lines, truncatesWithEllipsis: true,
                           alignment: t.centered ? .center : .leading)
    }

    /// Draws `t` fitted into `box`, its lines centred vertically in it; returns the lines'
    /// extent (screen px; nil without fonts).
    @discardableResult
    func draw(_ t: ChromeText, in box: Rect, color: Color, in context: DrawingContext) -> Rect? {
        guard let renderer = text.renderer, let l = fitted(t, in: box) else { return nil }
        let origin = Point(x: box.minX, y: box.midY - l.size.height / 2)
        let left = l.lines.map(\.x).min() ?? 0
        let frame = Rect(x: origin.x + left, y: origin.y, width: l.size.width, height: l.size.height)
        if let log {
            log.entries.append(.init(string: t.string, frame: frame, container: box, truncated: l.isTruncated,
                                     essential: t.essential, color: color, size: l.fontSize))
            if !log.drawsText { return frame }
        }
        renderer.draw(l, at: origin, color: color, in: context)
        return frame
    }

    /// The shaped line for `string`, from the frame cache (shaping costs more than drawing).
    /// `oneLine` false is a measuring layout (no line limit, no ellipsis).
    func textLayout(_ string: String, bold: Bool, size: Double, maxWidth: Double?, oneLine: Bool = true) -> TextLayout? {
        guard let renderer = text.renderer else { return nil }
        let key = KioskFrameCache.TextKey(string: string, size: size, bold: bold, maxWidth: oneLine ? maxWidth : -1)
        if let l = cache.texts[key] { return l }
        let options = oneLine
            ? TextLayout.Options(width: maxWidth, wraps: false, maxLines: 1, truncatesWithEllipsis: maxWidth != nil)
            : TextLayout.Options(wraps: false)
        let l = renderer.layout(string, fontSize: size, options: options, fonts: bold ? text.bold : text.regular)
        if cache.texts.count >= KioskFrameCache.textLimit { cache.texts.removeAll(keepingCapacity: true) }
        cache.texts[key] = l
        return l
    }

    /// One line of text starting at `x` on `baseline` (cut with an ellipsis beyond `maxWidth`),
    /// for text placed by its own layout (the seat callout); chrome boxes use `draw(_:in:)`.
    func drawText(_ string: String, bold: Bool = false, size: Double, color: Color, x: Double, baseline: Double,
                  maxWidth: Double? = nil, in context: DrawingContext) {
        guard let renderer = text.renderer, let l = textLayout(string, bold: bold, size: size, maxWidth: maxWidth) else { return }
        renderer.draw(l, at: Point(x: x, y: baseline - l.firstBaseline), color: color, in: context)
    }
}
