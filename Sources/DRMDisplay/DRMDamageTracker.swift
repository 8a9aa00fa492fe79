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
}
