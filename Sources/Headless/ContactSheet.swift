import Geometry
import Raster
import Text

/// One picture of key frames: a grid of thumbnails (each frame averaged down by an integer
/// factor, so no detail aliases) with a caption under each, drawn by `Text`. Deterministic:
/// the same frames and captions give the same pixels.
public struct ContactSheet {
    /// One cell: a frame and what it shows.
    public struct Entry {
        public var image: Surface
        public var caption: String
        public init(image: Surface, caption: String) { self.image = image; self.caption = caption }
    }

    /// Thumbnails per row.
    public var columns = 3
    /// Each frame is shrunk by this factor (a 1920×1080 frame becomes 480×270 with 4).
    public var downscale = 4
    /// Space around and between cells, px.
    public var spacing = 16
    /// Caption font size, px.
    public var fontSize = 15.0
    public var background = Color(red: 0.12, green: 0.13, blue: 0.15)
    public var captionColor = Color.white

    public init() {}

    /// The sheet; thumbnails take the size of the first entry's shrunk frame.
    public func render(_ entries: [Entry], text: TextRenderer) -> Surface {
        let thumbs = entries.map { Self.downsampled($0.image, by: downscale) }
        let cellW = thumbs.first?.width ?? 1, cellH = thumbs.first?.height ?? 1
        let captionH = Int((fontSize * 1.6).rounded(.up))
        let cols = max(1, min(columns, entries.count))
        let rows = (entries.count + cols - 1) / cols
        let width = spacing + cols * (cellW + spacing)
        let height = spacing + max(1, rows) * (cellH + captionH + spacing)
        let sheet = Surface(width: width, height: height)
        sheet.clear(background)
        let context = DrawingContext(surface: sheet)
        for (i, thumb) in thumbs.enumerated() {
            let x = spacing + (i % cols) * (cellW + spacing)
            let y = spacing + (i / cols) * (cellH + captionH + spacing)
            sheet.copy(from: thumb, sourceRect: thumb.bounds, to: (x, y))
            let layout = text.layout(entries[i].caption, fontSize: fontSize)
            let left = Double(x) + max(0, (Double(cellW) - layout.size.width) / 2)
            text.draw(layout, at: Point(x: left.rounded(), y: Double(y + cellH) + 4), color: captionColor, in: context)
        }
        return sheet
    }

    /// `image` shrunk by `factor`: each output pixel is the rounded mean of a factor×factor box
    /// (premultiplied, so edges against transparency stay correct). Rows and columns that do not
    /// fill a whole box are dropped.
    public static func downsampled(_ image: Surface, by factor: Int) -> Surface {
        let f = max(1, factor)
        let w = max(1, image.width / f), h = max(1, image.height / f)
        let out = Surface(width: w, height: h)
        let n = UInt32(f * f), half = n / 2
        var sums = [UInt32](repeating: 0, count: w * 4)
        sums.withUnsafeMutableBufferPointer { acc in
            for y in 0..<min(h, image.height) {
                for i in 0..<acc.count { acc[i] = 0 }
                for sy in (y * f)..<min(image.height, y * f + f) {
                    let row = image.row(sy)
                    for x in 0..<w {
                        var a: UInt32 = 0, r: UInt32 = 0, g: UInt32 = 0, b: UInt32 = 0
                        for sx in (x * f)..<min(image.width, x * f + f) {
                            let p = row[sx]
                            a &+= p >> 24; r &+= (p >> 16) & 0xFF; g &+= (p >> 8) & 0xFF; b &+= p & 0xFF
                        }
                        acc[x * 4] &+= a; acc[x * 4 + 1] &+= r; acc[x * 4 + 2] &+= g; acc[x * 4 + 3] &+= b
                    }
                }
                let dst = out.row(y)
                for x in 0..<w {
                    let a = (acc[x * 4] + half) / n, r = (acc[x * 4 + 1] + half) / n
                    let g = (acc[x * 4 + 2] + half) / n, b = (acc[x * 4 + 3] + half) / n
                    dst[x] = a << 24 | r << 16 | g << 8 | b
                }
            }
        }
        return out
    }
}
