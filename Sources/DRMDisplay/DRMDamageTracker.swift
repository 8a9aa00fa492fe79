import Raster

/// Damage per buffer (buffer age): every buffer remembers what changed since it was last
/// written, so a frame that redraws only a small region still leaves a complete image in
/// whichever buffer is presented next. Rects are in logical (shadow) coordinates.
public struct DRMDamageTracker: Sendable {
    /// Above this many rects per buffer they are merged into their bounding box.
    public static let maxRects = 16
    public let bufferCount: Int
    private var pending: [[PixelRect]]
    public let bounds: PixelRect

    /// Every buffer starts fully damaged (its contents are unknown).
    public init(bufferCount: Int, bounds: PixelRect) {
        self.bufferCount = bufferCount; self.bounds = bounds
        pending = Array(repeating: [bounds], count: bufferCount)
    }

    /// Records that `rects` changed in the shadow buffer: every buffer must receive them.
    public mutating func add(_ rects: [PixelRect]) {
        for r in rects {
            let c = r.intersection(bounds)
            if c.isEmpty { continue }
            for b in 0..<bufferCount { insert(c, into: b) }
        }
    }

    /// Marks all buffers as fully stale (after a modeset, a VT switch, a hotplug).
    public mutating func invalidateAll() {
        for b in 0..<bufferCount { pending[b] = [bounds] }
    }

    /// The rects buffer `index` must receive before it is shown; clears them.
    public mutating func take(buffer index: Int) -> [PixelRect] {
        defer { pending[index] = [] }
        return pending[index]
    }

    /// The rects buffer `index` still lacks (without clearing).
    public func damage(buffer index: Int) -> [PixelRect] { pending[index] }

    private mutating func insert(_ r: PixelRect, into b: Int) {
        // Drop rects the new one covers; skip the new one if an existing rect covers it.
        var list = pending[b]
        if list.contains(where: { Self.contains($0, r) }) { return }
        list.removeAll { Self.contains(r, $0) }
        list.append(r)
        if list.count > Self.maxRects { list = [list.dropFirst().reduce(list[0]) { $0.union($1) }] }
        pending[b] = list
    }

    static func contains(_ a: PixelRect, _ b: PixelRect) -> Bool {
        b.minX >= a.minX && b.minY >= a.minY && b.maxX <= a.maxX && b.maxY <= a.maxY
    }

    /// The bounding box of the pixels that differ between two images placed at the top-left
    /// (pixels outside a smaller image count as opaque black); empty when they are equal.
    public static func changedBounds(_ a: Surface, _ b: Surface) -> PixelRect {
        let w = max(a.width, b.width), h = max(a.height, b.height)
        var minX = w, minY = h, maxX = -1, maxY = -1
        for y in 0..<h {
            let ra = y < a.height ? a.row(y) : nil, rb = y < b.height ? b.row(y) : nil
            for x in 0..<w {
                let pa: UInt32 = x < a.width ? ra?[x] ?? 0xFF00_0000 : 0xFF00_0000
                let pb: UInt32 = x < b.width ? rb?[x] ?? 0xFF00_0000 : 0xFF00_0000
                if pa != pb { minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y) }
            }
        }
        return maxX < 0 ? PixelRect(x: 0, y: 0, width: 0, height: 0)
                        : PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }
}
