/// Which seat masks a frame's tiles need: every drawn seat's key without a mask is requested
/// before the masks are generated and the tiles drawn.
extension ChartFrameRenderer {
    /// Requests the masks of the seats (not hidden, not drawn by path) in `runs`' tiles. On all
    /// workers at once through per-worker key marks when the key space is small enough
    /// (`MaskRequestMarks`), else seat by seat; either way the same keys are requested.
    func requestMasks(for runs: [TileRun], layout l: ChartSceneLayout) {
        // (Once every key is asked for — the 64 of dots soon — the seats need no visit.)
        if masks.everyKeyRequested { return }
        let masks = self.masks
        let marking = masks.keyCount <= MaskRequestMarks.maxKeys
        let bits = marking ? maskMarks.reset(keys: masks.keyCount, workers: workers.count) : nil
        let words = maskMarks.words, slots = masks.slotTable
        l.binStart.withUnsafeBufferPointer { binStart in
        l.binSeats.withUnsafeBufferPointer { binSeats in
        l.key.withUnsafeBufferPointer { keys in
        scene.paint.withUnsafeBufferPointer { paint in
            func visit(_ run: TileRun, _ body: (Int) -> Void) {
                for k in 0..<run.count {
                    guard let b = l.bin(tileX: run.tileX + k, tileY: run.tileY) else { continue }
                    for j in Int(binStart[b])..<Int(binStart[b + 1]) {
                        let s = Int(binSeats[j])
                        let key = Int(keys[s])
                        if key >= 0 && paint[s] != ChartScene.Paint.hidden { body(key) }
                    }
                }
            }
            if let bits {
                workers.run(count: runs.count) { worker, i in
                    let marks = bits + worker &* words
                    visit(runs[i]) { key in
                        if slots[key] == -1 { marks[key &>> 6] |= 1 &<< UInt64(key & 63) }
                    }
                }
            } else {
                for run in runs { visit(run) { masks.request($0) } }
            }
        }}}}
        if bits != nil { maskMarks.requestMarked(in: masks) }
    }
}
