import Geometry

extension ChartViewState {
    /// The content fit's scale: view px per venue unit at zoom 1 (0 for an empty chart).
    public var fitScale: Double {
        guard chartSize.width > 0, chartSize.height > 0 else { return 0 }
        return min(viewSize.width / chartSize.width, viewSize.height / chartSize.height)
    }

    /// The chart's place on screen now (`chartToScreen` as a similarity), in-flight gesture
    /// parts included.
    public var placement: ChartPlacement {
        let m = chartToScreen
        return ChartPlacement(scale: fitScale * effectiveZoom, rotation: effectiveRotation,
                              translation: Vector(dx: m.tx, dy: m.ty))
    }

    /// Puts the chart at `p` as committed state: anchor at the centre, no gesture in flight,
    /// `zoom = p.scale / fitScale`, `rotation = p.rotation`, and `offset` where the chart's
    /// centre lands relative to the view's centre (with the centre anchor the content fit puts
    /// the chart's centre on the view's centre, and the effects then move it by the offset).
    public mutating func place(_ p: ChartPlacement) {
        guard fitScale > 0, p.scale.isFinite, p.scale > 0, p.rotation.isFinite else { return }
        cancelGestures()
        zoomAnchor = .center
        zoom = p.scale / fitScale
        rotation = p.rotation
        let c = p.screenPoint(Point(x: chartSize.width / 2, y: chartSize.height / 2))
        offset = Vector(dx: c.x - viewSize.width / 2, dy: c.y - viewSize.height / 2)
    }
}
