import Geometry
import Raster
import Text

extension ChromePainter {
    /// `t` laid out for `box`: at its preferred size wrapped into as many of its lines as the
    /// box's height holds, else a size smaller (10 % a step, down to its floor), else cut with an
    /// ellipsis at the floor. Nil without fonts. The renderer's bounded layout cache is the
    /// chrome's one text cache, so a text drawn again costs a few lookups.
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
            let fits = !l.isTruncated && l.size.height <= box.height + 0.5
                && !(l.lines.count > 1 && breaksAWord(t.string, size: size, width: box.width, fonts: fonts))
            if fits || size <= t.floor { return l }
            size = max(t.floor, size * 0.9)
        }
    }

    /// Whether a word of `string` (between spaces and hyphens; not one of ideographs, which
    /// break anywhere) is wider than `width` px at `size`: wrapping would then break it inside
    /// (the Text module's last resort), which reads as two words ("Wheelchai / r access"), so
    /// the text shrinks first.
    private func breaksAWord(_ string: String, size: Double, width: Double, fonts: FontChain?) -> Bool {
        guard let renderer = text.renderer else { return false }
        return string.split(whereSeparator: { $0.isWhitespace || $0 == "-" }).contains { word in
            !word.unicodeScalars.contains { $0.properties.isIdeographic }
                && renderer.layout(String(word), fontSize: size, options: TextLayout.Options(wraps: false), fonts: fonts).size.width > width + 0.5
        }
    }

    private func options(_ t: ChromeText, width: Double, lines: Int) -> TextLayout.Options {
        // Right to left the paragraph is: leading is the box's right edge, and numbers, prices and
        // Latin names inside Arabic keep their logical order by the bidi algorithm.
        TextLayout.Options(width: width, wraps: lines > 1, maxLines: lines, truncatesWithEllipsis: true,
                           alignment: t.centered ? .center : .leading, direction: layout.rightToLeft ? .rightToLeft : nil)
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
                                     essential: t.essential, color: color, size: l.fontSize, onCard: log.cardDrawn))
            if !log.drawsText { return frame }
        }
        renderer.draw(l, at: origin, color: color, in: context)
        return frame
    }
}
