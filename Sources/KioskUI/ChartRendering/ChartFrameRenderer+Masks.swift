extension ChartFrameRenderer {
    /// Seat masks in the renderer's cache: those generated since the last `purgeCaches()`
    /// (benchmarks report it beside the cold-frame time).
    public var cachedMaskCount: Int { masks.slotCount }

    /// The full-resolution mask cache for seats of `deviceSeat` px: the one holding that size,
    /// else the one not used last.
    func fullResolutionMasks(deviceSeat: Double) -> SeatMaskCache {
        let i = maskCaches[0].deviceSize == deviceSeat ? 0 : maskCaches[1].deviceSize == deviceSeat ? 1 : 1 - lastFullMasks
        lastFullMasks = i
        return maskCaches[i]
    }
}
