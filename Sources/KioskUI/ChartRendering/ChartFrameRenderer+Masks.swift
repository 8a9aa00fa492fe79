extension ChartFrameRenderer {
    /// Seat masks in the renderer's cache: those generated since the last `purgeCaches()`
    /// (benchmarks report it beside the cold-frame time).
    public var cachedMaskCount: Int { masks.slotCount }

    /// The full-resolution mask cache for seats of `deviceSeat` px: the first cache keeps the
    /// first size drawn after a purge (a session starts at home, and comes back there), the
    /// second takes every other size. (Two caches taking sizes in turn grew the resident
    /// memory of a 40-visitor soak by 3 MB after warm-up: each grew to the largest zoom.)
    func fullResolutionMasks(deviceSeat: Double) -> SeatMaskCache {
        let home = maskCaches[0]
        return home.deviceSize == deviceSeat || home.deviceSize < 0 ? home : maskCaches[1]
    }
}
