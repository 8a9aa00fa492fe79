extension ChartFrameRenderer {
    /// Seat masks in the renderer's cache: those generated since the last `purgeCaches()`
    /// (benchmarks report it beside the cold-frame time).
    public var cachedMaskCount: Int { masks.slotCount }
}
