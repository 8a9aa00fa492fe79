import CCacheLines
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A rectangle of 32-bit premultiplied pixels (`PremultipliedPixel`, DRM byte order) with any
/// row stride of at least `width·4` bytes — kiosk panels such as 1366 px wide have a kernel
/// pitch that is not `width·4`.
///
/// A surface either owns its memory (allocated zeroed, freed in `deinit`) or wraps memory it
/// does not own (a mapped dumb buffer, a shadow buffer); the wrapper must not outlive it.
/// Row `y` starts at `baseAddress + y·stride`.
public final class Surface: @unchecked Sendable {
    public let width: Int
    public let height: Int
    /// Bytes from the start of one row to the start of the next.
    public let stride: Int
    public let baseAddress: UnsafeMutableRawPointer
    /// The block this surface allocated (nil: wrapped memory, not ours to free).
    private let allocation: UnsafeMutableRawPointer?

    /// A zeroed (transparent) surface that owns its pixels. Negative sizes are treated as 0;
    /// `stride` defaults to `width·4` and is raised to at least that.
    public init(width: Int, height: Int, stride: Int? = nil) {
        self.width = Swift.max(0, width)
        self.height = Swift.max(0, height)
        self.stride = Swift.max(self.width * 4, stride ?? 0)
        let bytes = Swift.max(1, self.stride * self.height)
        // Zeroed by calloc: a large block comes zeroed from the kernel, its pages taken only when
        // first written (a 4K chart's back buffer is 64 MB, half of it ever drawn), where
        // writing zeros took every page at once. 64-byte alignment (rows SIMD- and
        // cache-line-friendly) from 63 bytes more.
        guard let block = calloc(bytes + 63, 1) else { fatalError("Surface: out of memory for \(bytes) bytes") }
        allocation = block
        baseAddress = block + ((64 - Int(bitPattern: block) & 63) & 63)
    }

    /// Wraps external memory of `stride·height` bytes without taking ownership.
    /// - Precondition: `stride ≥ width·4`, both sizes ≥ 0.
    public init(wrapping base: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int) {
        precondition(width >= 0 && height >= 0 && stride >= width * 4, "invalid surface geometry")
        self.width = width; self.height = height; self.stride = stride
        baseAddress = base
        allocation = nil
    }

    deinit { free(allocation) }

    /// The whole surface as a rect in pixels.
    public var bounds: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }

    /// Pointer to the first pixel of row `y` (0 ≤ y < height; not checked).
    @inlinable public func row(_ y: Int) -> UnsafeMutablePointer<UInt32> {
        (baseAddress + y &* stride).assumingMemoryBound(to: UInt32.self)
    }

    /// The pixel at (x, y), or transparent outside the surface.
    public func pixel(x: Int, y: Int) -> PremultipliedPixel {
        guard x >= 0, y >= 0, x < width, y < height else { return .transparent }
        return PremultipliedPixel(rawValue: row(y)[x])
    }

    /// Sets the pixel at (x, y); ignored outside the surface.
    public func setPixel(_ p: PremultipliedPixel, x: Int, y: Int) {
        guard x >= 0, y >= 0, x < width, y < height else { return }
        row(y)[x] = p.rawValue
    }

    /// Sets every pixel to `color` (premultiplied), replacing what was there.
    public func clear(_ color: Color = .clear) { fill(bounds, with: color.premultiplied) }

    /// Rows at least this wide (px) are filled by `tribune_fill32`: its start-up costs more than
    /// a vector loop on short rows.
    static let stringFillMinimumWidth = 256

    /// Sets every pixel of `rect` (clipped to the surface) to `pixel`, replacing what was there.
    public func fill(_ rect: PixelRect, with pixel: PremultipliedPixel) {
        let r = rect.intersection(bounds)
        guard !r.isEmpty else { return }
        // Wide rows by string stores: they write lines not in cache without reading them first
        // (a 4K chart frame's background is its first write, 33 MB).
        let byStrings = r.width >= Self.stringFillMinimumWidth
        for y in r.minY..<r.maxY {
            if byStrings {
                tribune_fill32(row(y) + r.minX, pixel.rawValue, r.width)
            } else {
                (row(y) + r.minX).update(repeating: pixel.rawValue, count: r.width)
            }
        }
    }

    /// Copies `sourceRect` of `source` so that its top-left lands at `destination`; the part
    /// outside either surface is skipped. Used for damage copies into scan-out buffers.
    public func copy(from source: Surface, sourceRect: PixelRect, to destination: (x: Int, y: Int)) {
        var src = sourceRect.intersection(source.bounds)
        // Shift by how much clipping moved the source origin.
        var dx = destination.x + (src.minX - sourceRect.minX)
        var dy = destination.y + (src.minY - sourceRect.minY)
        // Clip against the destination.
        if dx < 0 { src = PixelRect(x: src.minX - dx, y: src.minY, width: src.width + dx, height: src.height); dx = 0 }
        if dy < 0 { src = PixelRect(x: src.minX, y: src.minY - dy, width: src.width, height: src.height + dy); dy = 0 }
        let w = Swift.min(src.width, width - dx), h = Swift.min(src.height, height - dy)
        guard w > 0, h > 0 else { return }
        for j in 0..<h {
            let s = source.row(src.minY + j) + src.minX
            let d = row(dy + j) + dx
            d.update(from: s, count: w)
        }
    }
}

/// An integer rectangle of pixels: `x ..< x+width`, `y ..< y+height`.
public struct PixelRect: Hashable, Sendable, CustomStringConvertible {
    public var x: Int, y: Int, width: Int, height: Int

    @inlinable public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
    @inlinable public var minX: Int { x }
    @inlinable public var minY: Int { y }
    @inlinable public var maxX: Int { x + width }
    @inlinable public var maxY: Int { y + height }
    @inlinable public var isEmpty: Bool { width <= 0 || height <= 0 }

    @inlinable @inline(__always) public func intersection(_ o: PixelRect) -> PixelRect {
        let x0 = Swift.max(minX, o.minX), y0 = Swift.max(minY, o.minY)
        let x1 = Swift.min(maxX, o.maxX), y1 = Swift.min(maxY, o.maxY)
        return PixelRect(x: x0, y: y0, width: Swift.max(0, x1 - x0), height: Swift.max(0, y1 - y0))
    }
    @inlinable public func union(_ o: PixelRect) -> PixelRect {
        if isEmpty { return o }
        if o.isEmpty { return self }
        let x0 = Swift.min(minX, o.minX), y0 = Swift.min(minY, o.minY)
        return PixelRect(x: x0, y: y0, width: Swift.max(maxX, o.maxX) - x0, height: Swift.max(maxY, o.maxY) - y0)
    }
    public var description: String { "PixelRect(\(x), \(y), \(width)×\(height))" }
}
