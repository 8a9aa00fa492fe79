extension Surface {
    /// Blends `rect` of `source` (clipped to both surfaces; the same coordinates in each) over
    /// this surface's pixels, source-over, its opacity scaled by `opacity` (0…255): a cached
    /// picture faded in. The bytes are those of drawing it as an opacity layer.
    public func blend(from source: Surface, rect: PixelRect, opacity: UInt8) {
        let r = rect.intersection(bounds).intersection(source.bounds)
        guard !r.isEmpty, opacity > 0 else { return }
        for y in r.minY..<r.maxY {
            Compositor.sourceOverSpan(source.row(y) + r.minX, coverage: UInt32(opacity), row(y) + r.minX, count: r.width)
        }
    }
}
