extension DrawingContext {
    /// Starts a group (SwiftUI's `drawingGroup`/`opacity`, cairo's `push_group`): drawing goes
    /// to a transparent offscreen surface over the current clip bounds until `endLayer()`,
    /// which composites it source-over with `opacity` (0…1). Layers nest. With opacity 0 or an
    /// empty clip nothing is allocated and the drawing is skipped.
    public func beginLayer(opacity: Double) {
        let o = opacity.isNaN ? 1 : Swift.max(0, Swift.min(1, opacity))
        let alpha = UInt32((o * 255).rounded())
        let bounds = clipRect.intersection(surface.bounds)
        if discardDepth > 0 || alpha == 0 || bounds.isEmpty {
            discardDepth += 1
            layers.append(LayerRecord(surface: nil, bounds: bounds, alpha: 0, parentTarget: target, parentOrigin: targetOrigin))
            return
        }
        let layer = Surface(width: bounds.width, height: bounds.height)
        layers.append(LayerRecord(surface: layer, bounds: bounds, alpha: alpha, parentTarget: target, parentOrigin: targetOrigin))
        target = layer
        targetOrigin = (bounds.x, bounds.y)
    }

    /// Ends the innermost layer and composites it into what is below; ignored without a layer.
    public func endLayer() {
        guard let l = layers.popLast() else { return }
        target = l.parentTarget
        targetOrigin = l.parentOrigin
        guard let layer = l.surface else { discardDepth -= 1; return }
        let dx = l.bounds.x - targetOrigin.x, dy = l.bounds.y - targetOrigin.y
        let region = PixelRect(x: dx, y: dy, width: layer.width, height: layer.height).intersection(target.bounds)
        guard !region.isEmpty else { return }
        let a = l.alpha
        for y in region.minY..<region.maxY {
            let s = layer.row(y - dy) + (region.minX - dx)
            let d = target.row(y) + region.minX
            for i in 0..<region.width {
                let p = s[i]
                if p != 0 { d[i] = Compositor.sourceOver(p, coverage: a, d[i]) }
            }
        }
    }
}
