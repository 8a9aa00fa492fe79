import Geometry
import Raster

extension SceneFile {
    /// Draws the scene into `context`: sets the whole surface to `background` (when the scene
    /// has one, ignoring clip and transform, as cairo's `paint` with SOURCE does), then runs
    /// the operations on top of the context's current state. Saves and layers left open are
    /// closed at the end, so the context's state is as it was before. Text operations go to
    /// `textRenderer` (skipped without one). Curves are flattened to `flatteningTolerance`
    /// device px (by default the exact one; the kiosk's views draw at the context's 0.1).
    public func render(into context: DrawingContext, textRenderer: SceneTextDrawer? = nil,
                       flatteningTolerance: Double = DrawingContext.exactFlatteningTolerance) {
        if let background { context.surface.clear(background) }
        let tolerance = context.flatteningTolerance
        context.flatteningTolerance = flatteningTolerance
        defer { context.flatteningTolerance = tolerance }
        // Open saves (true) and layers (false), innermost last.
        var open: [Bool] = []
        // Each op is borrowed where it lies: copying it out of the array (as `for op in` does)
        // would retain and release its box once more per op. The paths a few ops ahead are
        // fetched into the cache meanwhile (`DrawingContext.willDraw`).
        operations.withUnsafeBufferPointer { ops in
            let ahead = SceneFile.prefetchedOperationsAhead
            for i in ops.indices {
                if i &+ ahead < ops.count { prefetch(ops[i &+ ahead], on: context) }
                perform(ops[i], on: context, open: &open, textRenderer: textRenderer)
            }
        }
        while let top = open.popLast() {
            context.restore()
            if !top { context.endLayer() }
        }
    }

    /// How many operations ahead of the one drawn `render` prefetches a path: from 3 to 12 the
    /// 20,000-seat scene draws alike (~1 ms, 3 % faster than without).
    static let prefetchedOperationsAhead = 6

    private func prefetch(_ op: borrowing Operation, on context: DrawingContext) {
        switch op {
        case let .fill(path, _, _, _, _): context.willDraw(path)
        case let .stroke(path, _, _, _, _): context.willDraw(path)
        default: break
        }
    }

    /// Runs one operation; `open` is the stack of open saves (true) and layers (false).
    private func perform(_ op: borrowing Operation, on context: DrawingContext, open: inout [Bool],
                         textRenderer: SceneTextDrawer?) {
        switch op {
        case let .fill(path, paint, rule, transform, blend):
            let saved = enter(context, transform, blend)
            context.fill(path, with: paint, rule: rule)
            leave(context, saved)
        case let .stroke(path, paint, style, transform, blend):
            let saved = enter(context, transform, blend)
            context.stroke(path, with: paint, style: style)
            leave(context, saved)
        case let .drawImage(image, rect, transform, blend):
            let saved = enter(context, transform, blend)
            context.drawImage(image, in: rect)
            leave(context, saved)
        case let .text(text, origin, size, color, font, transform):
            guard let textRenderer else { return }
            let saved = enter(context, transform, nil)
            textRenderer.drawText(text, baselineOrigin: origin, size: size, color: color, fontPath: font, in: context)
            leave(context, saved)
        case let .clip(path, rule):
            context.clip(to: path, rule: rule)
        case let .clipRect(rect):
            context.clip(to: rect)
        case let .concatenate(t):
            context.concatenate(t)
        case .save:
            open.append(true)
            context.save()
        case .restore:
            // Parsing guarantees nesting; a hand-built scene that breaks it is ignored here.
            guard open.last == true else { return }
            open.removeLast()
            context.restore()
        case let .beginLayer(opacity):
            open.append(false)
            context.beginLayer(opacity: opacity)
            context.save()
        case .endLayer:
            guard open.last == false else { return }
            open.removeLast()
            context.restore()
            context.endLayer()
        }
    }

    /// Renders into a new `width`×`height` surface (transparent where nothing is drawn).
    public func render(textRenderer: SceneTextDrawer? = nil,
                       flatteningTolerance: Double = DrawingContext.exactFlatteningTolerance) -> Surface {
        let surface = Surface(width: width, height: height)
        render(into: DrawingContext(surface: surface), textRenderer: textRenderer, flatteningTolerance: flatteningTolerance)
        return surface
    }

    /// Applies an op's own transform and blend mode without a full save (which would also copy
    /// the clip); `leave` puts them back.
    private func enter(_ context: DrawingContext, _ transform: AffineTransform,
                       _ blend: BlendMode?) -> (AffineTransform, BlendMode)? {
        guard !transform.isIdentity || blend != nil else { return nil }
        let saved = (context.transform, context.blendMode)
        if !transform.isIdentity { context.concatenate(transform) }
        if let blend { context.blendMode = blend }
        return saved
    }

    private func leave(_ context: DrawingContext, _ saved: (AffineTransform, BlendMode)?) {
        guard let saved else { return }
        context.transform = saved.0
        context.blendMode = saved.1
    }
}
