#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Builds an animated PNG (APNG 1.0): `acTL` before the first image data, one `fcTL` per frame,
/// the first frame in `IDAT` (so viewers without APNG support show it), later frames in `fdAT`
/// with the shared sequence numbers. A frame that repeats the previous one lengthens its delay
/// instead of adding a frame; a changed frame is stored as the bounding box of its changed pixels
/// (`dispose_op` NONE, `blend_op` SOURCE), which keeps a mostly still session small.
///
/// Pixels are encoded like `Surface.pngData(opaque:)`: 8-bit RGB of the pixels composited over
/// black (`opaque`), or straight RGBA; same filter heuristic, zlib level 6, no timestamps — the
/// output is deterministic. Frames are compressed as they are added; only the compressed data
/// and the previous frame's pixels are kept.
public final class AnimatedPNGEncoder {
    /// Canvas size, px; every frame must have it.
    public let width: Int, height: Int
    public let opaque: Bool
    /// How often the animation plays (0 = forever).
    public let loops: Int
    /// Frames in the file so far (repeats merged).
    public var frameCount: Int { frames.count }

    struct Frame {
        var rect: PixelRect
        /// Milliseconds.
        var delay: Int
        var compressed: [UInt8]
    }

    private var frames: [Frame] = []
    private var previous: [UInt32]

    public init(width: Int, height: Int, opaque: Bool = true, loops: Int = 0) {
        precondition(width > 0 && height > 0, "an animated PNG needs a non-empty canvas")
        self.width = width
        self.height = height
        self.opaque = opaque
        self.loops = loops
        previous = [UInt32](repeating: 0, count: width * height)
    }

    /// Adds a frame shown for `delayMilliseconds` (clamped to 1…65535 ms).
    /// Throws when the surface does not have the canvas size.
    public func append(_ surface: Surface, delayMilliseconds: Int) throws(PNGError) {
        guard surface.width == width, surface.height == height else {
            throw PNGError("animated PNG frame \(frames.count) is \(surface.width)×\(surface.height); the canvas is \(width)×\(height)")
        }
        let delay = Swift.min(65535, Swift.max(1, delayMilliseconds))
        guard let changed = frames.isEmpty ? PixelRect(x: 0, y: 0, width: width, height: height) : changedRect(surface) else {
            frames[frames.count - 1].delay = Swift.min(65535, frames[frames.count - 1].delay + delay)
            return
        }
        previous.withUnsafeMutableBufferPointer { p in
            for y in changed.minY..<changed.maxY {
                (p.baseAddress! + y * width + changed.minX).update(from: surface.row(y) + changed.minX, count: changed.width)
            }
        }
        frames.append(Frame(rect: changed, delay: delay, compressed: PNGDeflate.compress(filtered(surface, changed))))
    }

    /// The whole file.
    public func data() -> [UInt8] {
        var out: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]
        var ihdr = [UInt8]()
        ihdr.appendBigEndian(UInt32(width)); ihdr.appendBigEndian(UInt32(height))
        ihdr += [8, opaque ? 2 : 6, 0, 0, 0]
        PNGChunk.append("IHDR", ihdr, to: &out)
        var actl = [UInt8]()
        actl.appendBigEndian(UInt32(frames.count)); actl.appendBigEndian(UInt32(loops))
        PNGChunk.append("acTL", actl, to: &out)
        var sequence: UInt32 = 0
        for (i, f) in frames.enumerated() {
            var fctl = [UInt8]()
            fctl.appendBigEndian(sequence); sequence += 1
            fctl.appendBigEndian(UInt32(f.rect.width)); fctl.appendBigEndian(UInt32(f.rect.height))
            fctl.appendBigEndian(UInt32(f.rect.x)); fctl.appendBigEndian(UInt32(f.rect.y))
            fctl += [UInt8(f.delay >> 8), UInt8(f.delay & 0xFF), 0x03, 0xE8]   // delay_num / 1000
            fctl += [0, 0]   // dispose NONE, blend SOURCE
            PNGChunk.append("fcTL", fctl, to: &out)
            // Chunks of at most 1 MiB keep every reader's buffers small.
            var offset = 0
            repeat {
                let end = Swift.min(f.compressed.count, offset + (1 << 20))
                if i == 0 {
                    PNGChunk.append("IDAT", Array(f.compressed[offset..<end]), to: &out)
                } else {
                    var fdat = [UInt8]()
                    fdat.appendBigEndian(sequence); sequence += 1
                    fdat += f.compressed[offset..<end]
                    PNGChunk.append("fdAT", fdat, to: &out)
                }
                offset = end
            } while offset < f.compressed.count
        }
        PNGChunk.append("IEND", [], to: &out)
        return out
    }

    /// Writes `data()` to a file, replacing it.
    public func write(to path: String) throws(PNGError) {
        try FileBytes.write(data(), to: path)
    }

    /// The bounding box of pixels that differ from the previous frame; nil when none do.
    private func changedRect(_ surface: Surface) -> PixelRect? {
        var minX = width, minY = height, maxX = -1, maxY = -1
        previous.withUnsafeBufferPointer { p in
            for y in 0..<height {
                let row = surface.row(y), old = p.baseAddress! + y * width
                var first = -1, last = -1
                for x in 0..<width where row[x] != old[x] {
                    if first < 0 { first = x }
                    last = x
                }
                if first >= 0 {
                    minY = Swift.min(minY, y); maxY = y
                    minX = Swift.min(minX, first); maxX = Swift.max(maxX, last)
                }
            }
        }
        guard maxY >= 0 else { return nil }
        return PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    /// The filtered scanlines of `rect` (one filter byte per row, libpng's heuristic).
    private func filtered(_ surface: Surface, _ rect: PixelRect) -> [UInt8] {
        let rowBytes = rect.width * (opaque ? 3 : 4)
        var out = [UInt8]()
        out.reserveCapacity((rowBytes + 1) * rect.height)
        var scanlines = PNGScanlineFilter(width: rect.width, opaque: opaque)
        for y in rect.minY..<rect.maxY { scanlines.append(row: UnsafePointer(surface.row(y) + rect.minX), to: &out) }
        return out
    }
}

/// Whole-file writes with errno in the message.
enum FileBytes {
    static func write(_ data: [UInt8], to path: String) throws(PNGError) {
        guard let f = fopen(path, "wb") else {
            throw PNGError("cannot open for writing: \(String(cString: strerror(errno)))", path: path)
        }
        let written = data.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, f) }
        let closed = fclose(f)
        if written != data.count || closed != 0 {
            throw PNGError("write failed after \(written) of \(data.count) bytes: \(String(cString: strerror(errno)))", path: path)
        }
    }
}
