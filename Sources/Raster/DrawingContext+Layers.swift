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
        // The surface is allocated on the first drawing (`materializeLayer`): an empty group
        // costs nothing.
        layers.append(LayerRecord(surface: nil, bounds: bounds, alpha: alpha, parentTarget: target, parentOrigin: targetOrigin))
        pendingLayers += 1
    }

    /// Allocates the surfaces of layers begun but not drawn into yet, innermost last, and makes
    /// the innermost one the target.
    func materializeLayers() {
        for i in (layers.count - pendingLayers)..<layers.count {
            let b = layers[i].bounds
            let layer = Surface(width: b.width, height: b.height)
            layers[i].surface = layer
            layers[i].parentTarget = target
            layers[i].parentOrigin = targetOrigin
            target = layer
            targetOrigin = (b.x, b.y)
        }
        pendingLayers = 0
    }

    /// Ends the innermost layer and composites it into what is below; ignored without a layer.
    public func endLayer() {
        guard let l = layers.popLast() else { return }
        if l.alpha == 0 { discardDepth -= 1; return }
        guard let layer = l.surface else { pendingLayers -= 1; return }   // nothing was drawn
        target = l.parentTarget
        targetOrigin = l.parentOrigin
        let dx = l.bounds.x - targetOrigin.x, dy = l.bounds.y - targetOrigin.y
        let region = PixelRect(x: dx, y: dy, width: layer.width, height: layer.height).intersection(target.bounds)
        guard !region.isEmpty else { return }
        let a = l.alpha
        for y in region.minY..<region.maxY {
            Compositor.sourceOverSpan(layer.row(y - dy) + (region.minX - dx), coverage: a, target.row(y) + region.minX,
                                      count: region.width)
        }
    }
}
