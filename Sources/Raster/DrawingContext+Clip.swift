import Geometry

extension DrawingContext {
    /// Intersects the clip with `rect` (user space). A rect whose device image is axis-aligned
    /// with whole-pixel edges becomes a scissor; any other rect clips as an anti-aliased path.
    public func clip(to rect: Rect) {
        guard !rect.isNull, rect.origin.isFinite, rect.size.width.isFinite, rect.size.height.isFinite,
              transform.isFinite else {
            clipRect = PixelRect(x: clipRect.x, y: clipRect.y, width: 0, height: 0); return
        }
        if transform.preservesAxisAlignment {
            let d = rect.standardized.applying(transform)
            // A rect containing the current clip changes nothing (e.g. Rect.infinite).
            if d.minX <= Double(clipRect.minX) && d.minY <= Double(clipRect.minY)
                && d.maxX >= Double(clipRect.maxX) && d.maxY >= Double(clipRect.maxY) { return }
            let edges = [d.minX, d.minY, d.maxX, d.maxY]
            if edges.allSatisfy({ abs($0 - $0.rounded()) < 1e-9 && abs($0) < 1e9 }) {
                let r = PixelRect(x: Int(d.minX.rounded()), y: Int(d.minY.rounded()),
                                  width: Int(d.maxX.rounded()) - Int(d.minX.rounded()),
                                  height: Int(d.maxY.rounded()) - Int(d.minY.rounded()))
                clipRect = clipRect.intersection(r)
                return
            }
        }
        var p = Path()
        p.addRect(rect)
        clip(to: p, rule: .nonZero)
    }

    /// Intersects the clip with the inside of `path` (user space) under `rule`, anti-aliased:
    /// an 8-bit mask over the path's device bounds within the current clip, multiplied by the
    /// previous mask.
    public func clip(to path: Path, rule: FillRule = .nonZero) {
        let clip = Rasterizer.addressable(clipRect.intersection(surface.bounds))
        guard !clip.isEmpty, transform.isFinite else { clipRect = emptyClip; return }
        let e = rasterizer.resolveOverlaps(rasterizer.buildEdges(path, transform: transform, clip: clip), rule: rule)
        _ = rasterizer.takeCrossed()  // (clip masks keep their flattening)
        let bounds = e.pixelBounds(clip: clip)
        guard e.count > 0, !bounds.isEmpty else { clipRect = emptyClip; return }
        let mask = CoverageMask(bounds: bounds)
        var writer = MaskWriter(mask: mask, previous: clipMask?.view(targetOriginX: 0, y: 0))
        rasterizer.rasterizeEdges(e, rule: rule, clip: bounds, into: &writer)
        clipRect = bounds
        clipMask = mask
    }

    var emptyClip: PixelRect { PixelRect(x: clipRect.x, y: clipRect.y, width: 0, height: 0) }

    /// The current clip's device bounds (empty when everything is clipped away).
    public var clipBounds: PixelRect { clipRect.intersection(surface.bounds) }
}
