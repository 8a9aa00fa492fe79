import Geometry
import Raster
import Seating

/// The chart at display rate: a drop-in for `ChartRenderer` that keeps a retained scene and a
/// tiled back buffer, and per frame draws only what changed.
///
/// - **Retained scene** (`ChartScene`): seats, tribunes and the field, and each seat's paint;
///   a `SeatingChart` change becomes a list of touched seats and tribunes → tiles.
/// - **Seats as glyphs** (`SeatMaskCache`): coverage masks keyed by (rotation step, 1/8-px
///   phase) for the device seat size, blended in the seat's status colour; below 2.5 px a seat
///   is a dot of its filled area.
/// - **Tiles** (`TileGrid`, 64 px): a pan by whole pixels keeps every tile and draws only the
///   newly exposed ones; a seat toggle redraws the tiles under that seat; a pinch or rotate in
///   flight (or an animation's frame) that magnifies resamples the last exact frame
///   (`TileResampler`) up to `resampleReach`; one that shrinks it (zooming out: a resample
///   would show background where the last frame had nothing) is drawn exactly a step further
///   out (`furtherOutScale`) and magnified to the view, so the frames after it, within that
///   step, are magnified too; on panels above 3 megapixels those exact frames in motion are
///   drawn at half resolution (`motionReduction`); the frame is drawn exactly, at full
///   resolution, as soon as the fingers rest (the same view twice in a row; on panels that
///   reduce, only once the gesture ends) or the gesture ends — on those panels over two
///   frames, the screen keeping the last frame in motion meanwhile (`spreadsRestingFrames`). A pan by a
///   fractional offset is shown rounded to whole pixels until the view rests, then refined.
/// - **Two workers by row bands** (`RowBandWorkers`): each tile row goes to the first free thread;
///   every tile's pixels depend only on the scene, so any thread count gives the same bytes.
///
/// The picture is `ChartRenderer`'s (same colours, widths and drawing order: background, field,
/// field lines, tribunes with outlines, seats); seats come from masks, so edges differ from
/// direct rasterization by the phase and rotation rounding (a few levels).
///
/// `render` updates the renderer's own back buffer and copies the damaged rects into
/// `surface`; pixels of `surface` outside the returned rects are left alone, so `surface` must
/// keep the previous frame (a presenter's shadow buffer). A different surface than last time
/// receives the whole frame. `renderPicture` leaves the frame in the back buffer instead where
/// it lies in one piece there (no copy), for a host that copies it to its screen anyway.
public final class ChartFrameRenderer {
    /// What a frame did, for tests and benchmarks.
    public struct FrameStatistics: Sendable, Hashable {
        /// `partial`: part of an exact frame at rest was drawn into the back buffer and nothing
        /// was copied (`spreadsRestingFrames`); the next frame finishes it.
        public enum Mode: String, Sendable { case unchanged, full, pan, tiles, resampled, partial }
        public var mode: Mode = .unchanged
        /// Tiles (64 × 64 px) drawn into the back buffer.
        public var tilesDrawn = 0
        /// Seat masks generated this frame.
        public var masksGenerated = 0
        /// True while the frame only approximates the view (resampled or rounded pan).
        public var approximate = false
    }

    public let size: Size
    /// Colours and widths (the reference renderer's).
    public let style: ChartRenderer
    /// true: the seats of every tribune, coloured by status; false: only the selected
    /// tribune's seats, faded in by `seatReveal` (as `ChartRenderer`).
    public var showsAllSeats = true
    /// The legend entry's status the map picks out (nil: none): other looks fade toward the
    /// background. Changing it redraws every tile.
    public var highlight: SeatLook.Status? {
        didSet { if highlight != oldValue { palette = []; grid.invalidateAll() } }
    }
    /// Seat statuses told apart by shape as well as colour (the high-contrast theme:
    /// `MapStyle.seatShapes`). Changing it redraws every tile.
    public var seatShapes: Bool {
        get { map.seatShapes }
        set {
            guard newValue != map.seatShapes else { return }
            map.seatShapes = newValue
            palette = []
            grid.invalidateAll()
        }
    }
    /// Resample in-flight pinch/rotate frames (true) or draw every frame exactly (false).
    public var resamplesGestures = true
    /// Bilinear (true) rather than nearest-pixel (false) resampling of in-flight frames.
    public var smoothGestureFrames = false
    /// The exact frames a view in motion needs (`render`'s `viewInMotion`, a pinch or rotate
    /// in flight) are drawn at 1/`motionReduction` of the screen's resolution and magnified to
    /// it like the resampled frames around them; frames at rest are always drawn at full
    /// resolution. 2 on panels above 3 megapixels (a 4K panel's exact frame then costs a
    /// 1080p one's), 1 (full resolution) below; ≥ 1.
    public var motionReduction: Int
    /// The exact frame at rest after frames resampled into `render`'s `resampledInto` is drawn
    /// over two frames: the first draws about half its tiles and shows nothing new (the
    /// screen keeps the last frame in motion, which showed the same view), the second draws the
    /// rest and copies it all (`hasDeferredTiles` in between). On by default where
    /// `motionReduction` > 1: there a whole exact frame with new seat masks does not make the
    /// display rate, and half of one does.
    public var spreadsRestingFrames: Bool
    /// True after a `partial` frame until the frame that finishes it: a host must draw another
    /// frame even if nothing else changes.
    public private(set) var hasDeferredTiles = false
    /// Statistics of the last `render`.
    public private(set) var lastFrame = FrameStatistics()

    let venue: Venue
    let scene: ChartScene
    /// The seat masks of the layout's seat size: one of `maskCaches` — the first two for frames
    /// at full resolution (home's size and every other: `fullResolutionMasks`, so home and a
    /// tribune's zoom both stay warm across a zoom in and out), the third for reduced frames in
    /// motion, whose size changes with every one of them.
    private(set) var masks: SeatMaskCache
    let maskCaches = [SeatMaskCache(), SeatMaskCache(), SeatMaskCache()]
    /// Scratch for `requestMasks` (per-worker key marks).
    let maskMarks = MaskRequestMarks()
    let workers: RowBandWorkers
    let grid: TileGrid
    private var contexts: [DrawingContext] = []
    private(set) var layout: ChartSceneLayout?
    private var outlines: ChartSceneOutlines?
    /// screen = content + pan.
    private(set) var pan = (x: 0, y: 0)
    /// The reduction the layout's content was drawn at (1: the screen's resolution; see
    /// `motionReduction`), and the screen-sized window of content it covers at pan 0.
    private(set) var layoutReduction = 1
    private(set) var contentScreen: PixelRect
    private var lastView: ChartViewState?
    private var displayApproximate = false
    /// Where the last frame went: `render`'s surface, or the window `renderPicture` left it in
    /// (nil after `forgetDestination`).
    weak var lastSurface: Surface?
    /// The window surface last made (`bufferWindow`), kept while the window stays.
    var windowSurface: Surface?
    let screen: PixelRect
    /// Per paint (`ChartScene.Paint`), its pattern tile (`tileShape.size` pixels), premultiplied
    /// at the seats' opacity.
    var palette: [UInt32] = []
    var paletteOpacity = -1.0
    /// The pattern anchor (content px) the palette's tiles are shifted to.
    var paletteOrigin = (x: 0, y: 0)
    /// Categories' and statuses' looks, and each tribune's paint (its category's, dimmed) for
    /// the layout's pattern anchor.
    private(set) var map: MapStyle
    /// The palette's tiles for the map's pattern scale.
    private(set) var tileShape: SeatMaskBlender.TileShape
    /// Screen px per pattern pixel (the map's, except in reduced frames: `motionReduction`).
    let basePatternScale: Int
    var tribunePaints: [Paint] = []
    /// The seat size on screen (px) `tribunePaints` are dimmed for.
    var tribuneSeat = -1.0
    /// The layout reduction the palette and the marks were made for.
    var paletteReduction = 1
    /// The statuses' marks for the seat size, and their colours' tiles (`SeatMaskBlender`'s
    /// format), one per status paint (`ChartScene.Paint` below `hidden`).
    let glyphs = SeatGlyphMasks()
    var glyphTiles: [UInt32] = []
    /// Per status paint (index `ChartScene.Paint`), its look's mark.
    var glyphOfPaint = [SeatLook.Glyph](repeating: .none, count: Int(ChartScene.Paint.hidden))
    /// Bit `p` set: seats of paint `p` carry a mark (their look has one and the seats are big
    /// enough for its mask). One test per seat on the hot path.
    var markedPaints: UInt32 = 0
    let backgroundPixel: UInt32

    /// - Parameters:
    ///   - size: the screen in pixels (the surfaces passed to `render`).
    ///   - threads: worker threads for drawing and mask generation (≥ 1).
    ///   - patternScale: px per pattern pixel (`MapStyle.patternScale(pixelsPerMillimetre:)`).
    public init(venue: Venue, size: Size, threads: Int = 2, style: ChartRenderer = ChartRenderer(), patternScale: Int = 1) {
        self.venue = venue
        self.size = size
        self.style = style
        let w = Swift.max(1, Int(size.width.isFinite ? size.width : 1)), h = Swift.max(1, Int(size.height.isFinite ? size.height : 1))
        screen = PixelRect(x: 0, y: 0, width: w, height: h)
        contentScreen = screen
        masks = maskCaches[0]
        motionReduction = w * h > 3_000_000 ? 2 : 1
        spreadsRestingFrames = motionReduction > 1
        scene = ChartScene(venue: venue)
        workers = RowBandWorkers(count: threads)
        grid = TileGrid(screenWidth: w, screenHeight: h)
        backgroundPixel = style.background.premultiplied.rawValue
        map = MapStyle(venue: venue, patternScale: patternScale)
        basePatternScale = map.patternScale
        tileShape = SeatMaskBlender.TileShape(scale: map.patternScale)
        for _ in 0..<workers.count { contexts.append(DrawingContext(surface: grid.buffer)) }
    }

    /// The next frame rescans every seat's status (for a caller that changed what statuses
    /// mean; availability changes, revisions and local edits alike, are found by themselves).
    public func invalidateSeats() { scene.invalidateSeats() }

    /// Drops the layout, every mask and every tile: the next frame is drawn from nothing.
    public func purgeCaches() {
        layout = nil; outlines = nil
        for c in maskCaches { c.purge() }
        grid.invalidateAll()
        lastView = nil
        scene.invalidateSeats()
    }

    /// Bytes held by the back buffer, masks and layout (approximate).
    public var memoryFootprint: Int {
        var n = grid.buffer.stride * grid.buffer.height + maskCaches.reduce(0) { $0 + $1.memoryFootprint }
        if let l = layout { n += l.baseX.count * 17 + l.binSeats.count * 4 + l.binStart.count * 4 }
        return n
    }

    /// Draws `chart` as seen through `view` into `surface` and returns the rects (screen px)
    /// that changed. `now` (s) decides whether holds have expired; `seatReveal` (0…1) fades the
    /// selected tribune's seats when `showsAllSeats` is false. `viewInMotion`: the view is an
    /// animation's frame on its way (a zoom to a tribune), drawn like a pinch in flight —
    /// resampled from the last exact frame while it magnifies within reach, exact when it
    /// shrinks (zooming out) — and exact again when a frame comes without it.
    /// `resampledInto`: a frame that resamples (`lastFrame.mode == .resampled`) is written
    /// there instead of into `surface`, which then keeps what it had (the next frame not
    /// resampled rewrites all of it): a caller that copies the frame to the screen anyway saves
    /// a full-screen write and copy per frame in motion.
    @discardableResult
    public func render(_ chart: SeatingChart, view: ChartViewState, seatReveal: Double = 1, now: Double = 0,
                       viewInMotion: Bool = false, into surface: Surface, resampledInto target: Surface? = nil) -> [PixelRect] {
        renderFrame(chart, view: view, seatReveal: seatReveal, now: now, viewInMotion: viewInMotion, into: surface,
                    resampledInto: target, inPlace: false).damage
    }

    /// `render`, and with `inPlace` a frame whose content lies in one piece of the back buffer
    /// is left there instead of copied into `surface`: `picture` is then that window
    /// (`bufferWindow`), valid until the next frame.
    func renderFrame(_ chart: SeatingChart, view: ChartViewState, seatReveal: Double, now: Double, viewInMotion: Bool,
                     into surface: Surface, resampledInto target: Surface?,
                     inPlace: Bool) -> (damage: [PixelRect], picture: Surface?) {
        var stats = FrameStatistics()
        let change = scene.sync(chart, now: now, seatReveal: seatReveal, showsAllSeats: showsAllSeats)
        let m = view.chartToScreen
        let surfaceChanged = surface !== lastSurface || surface.width != screen.width || surface.height != screen.height
        var damage: [PixelRect] = []
        var full = layout == nil || !m.isFinite
        var resample = false
        // The transform the exact frame is drawn at: the view's, or one a step further out.
        var exact = m
        var panned = false

        if !full, let l = layout {
            let lt = l.transform
            let sameLinear = layoutReduction == 1 && abs(m.a - lt.a) <= 1e-9 * abs(lt.a) + 1e-12 && abs(m.b - lt.b) <= 1e-9 * abs(lt.b) + 1e-12
                && abs(m.c - lt.c) <= 1e-9 * abs(lt.c) + 1e-12 && abs(m.d - lt.d) <= 1e-9 * abs(lt.d) + 1e-12
            if sameLinear {
                let dx = m.tx - lt.tx, dy = m.ty - lt.ty
                let px = Int(dx.rounded()), py = Int(dy.rounded())
                let residual = abs(dx - Double(px)) + abs(dy - Double(py))
                let approximate = residual > 1e-6
                let window = PixelRect(x: -px, y: -py, width: screen.width, height: screen.height)
                if (approximate && view == lastView) || !l.covers(window) {
                    full = true  // the fingers rest: draw the exact frame
                } else {
                    if (px, py) != pan { pan = (px, py); panned = true }
                    displayApproximate = approximate
                }
            } else if resamplesGestures && (isInFlight(view) || viewInMotion) && !change.all
                        && (view != lastView || (motionReduction > 1 && isInFlight(view))) {
                // (On a panel that reduces frames in motion, fingers resting mid-gesture keep the
                // resampled picture: the exact frame at full resolution waits for the gesture's end.)
                // Only a view at least as large as the last exact frame is resampled: zooming
                // out would show background where that frame had nothing drawn (the zoom out
                // from a tribune showed bare screen); such frames are drawn exactly.
                // (Relative to the view the content shows, whatever its reduction.)
                let r = relativeScale(m, lt) / Double(layoutReduction)
                if r >= 1 - 1e-9 && r < Self.resampleReach {
                    resample = true
                } else if r < 1 {
                    // Shrinking (zooming out): drawn exactly a step further out than asked and
                    // magnified to the view, so the next frames of the way out are magnified
                    // from it too, not each drawn exactly.
                    full = true; resample = true
                    exact = Self.furtherOut(m, screen: screen)
                } else {
                    full = true
                    resample = motionReduction > 1
                }
            } else {
                full = true
            }
        }

        if full {
            // An exact frame in motion on a large panel is drawn reduced, at the content's
            // origin, and magnified like the resampled frames (`motionReduction`).
            let k = resample ? Swift.max(1, motionReduction) : 1
            layoutReduction = k
            contentScreen = PixelRect(x: 0, y: 0, width: (screen.width + k - 1) / k, height: (screen.height + k - 1) / k)
            if k > 1 { exact = exact.concatenating(AffineTransform(a: 1 / Double(k), b: 0, c: 0, d: 1 / Double(k), tx: 0, ty: 0)) }
            masks = k > 1 ? maskCaches[2] : fullResolutionMasks(deviceSeat: ChartSceneLayout.deviceSeat(scene, transform: exact))
            let l = ChartSceneLayout(scene: scene, transform: exact, screen: contentScreen, masks: masks, style: style,
                                     workers: workers, recycling: layout)
            if outlines == nil || outlines!.scale != l.deviceScale || outlines!.reduction != k {
                outlines = ChartSceneOutlines(scale: l.deviceScale, reduction: k, style: style,
                                              tribuneCount: venue.tribunes.count)
            }
            layout = l
            let origin = MapStyle.patternOrigin(exact)
            // A reduced frame looks like the frame at rest it is magnified to: tribunes dimmed
            // for the seat size on screen, patterns and outlines drawn 1/k as wide.
            let deviceSeat = (scene.side.first ?? 0) * l.deviceScale * Double(k)
            let patternScale = Swift.max(1, basePatternScale / k)
            if origin != paletteOrigin || deviceSeat != tribuneSeat || k != paletteReduction
                || patternScale != map.patternScale {
                // Patterns are anchored at the chart's origin: they move with the map.
                paletteOrigin = origin
                tribuneSeat = deviceSeat
                paletteReduction = k
                if patternScale != map.patternScale {
                    map = MapStyle(venue: venue, patternScale: patternScale, seatShapes: map.seatShapes)
                    tileShape = SeatMaskBlender.TileShape(scale: patternScale)
                }
                palette = []
            }
            pan = (0, 0)
            grid.invalidateAll()
            displayApproximate = false
            stats.mode = .full
        } else if change.all {
            grid.invalidateAll()
        } else if !change.isEmpty {
            invalidate(change)
        }

        updatePalette()
        // Draw the visible tiles that are stale.
        let window = PixelRect(x: -pan.x, y: -pan.y, width: contentScreen.width, height: contentScreen.height)
        var drawn: [(Int, Int)] = []
        if let (tx0, ty0, tx1, ty1) = grid.tiles(touching: window) {
            for ty in ty0...ty1 {
                for tx in tx0...tx1 where !grid.isValid(tileX: tx, tileY: ty) { drawn.append((tx, ty)) }
            }
        }
        let before = masks.generated
        if full && !resample && spreadsRestingFrames && resampledIntoTarget && target != nil && !surfaceChanged && drawn.count > 1,
           let shown = lastView, Self.showsTheSamePicture(shown.chartToScreen, m, on: screen) {
            // The screen shows this view resampled: half the exact frame now, nothing copied.
            // (`lastView` stays the view on screen, so a view that keeps drifting is measured
            // against what is shown and is not spread again once it is ⅛ px away.)
            let half = firstHalf(of: drawn)
            draw(tiles: Array(drawn[..<half]))
            stats.mode = .partial
            stats.tilesDrawn = half
            stats.masksGenerated = masks.generated - before
            stats.approximate = true
            displayApproximate = true
            hasDeferredTiles = true
            lastFrame = stats
            lastSurface = surface
            return ([], nil)
        }
        hasDeferredTiles = false
        // In place: the frame stays in the back buffer, nothing is copied.
        let picture = inPlace && !resample ? bufferWindow() : nil
        // A frame that replaces the whole screen copies each tile row out as soon as it is
        // drawn, while its pixels are still in cache.
        // (Against where the last frame went: the same window again holds the last picture.)
        let destinationChanged = picture.map { $0 !== lastSurface } ?? surfaceChanged
        let copiesWhole = !resample && (full || panned || destinationChanged || change.all || displayApproximateShown)
        let wholeRows = copiesWhole && picture == nil ? rowsDrawnWhole(drawn, window: window) : []
        draw(tiles: drawn, copyingRows: wholeRows, into: surface)
        stats.tilesDrawn = drawn.count
        stats.masksGenerated = masks.generated - before

        if resample, let l = layout {
            // screen → chart → content (the last exact frame's pixels).
            let toContent = m.inverted().concatenating(l.transform)
            TileResampler.resample(grid, screenToContent: toContent, valid: window, background: backgroundPixel,
                                   smooth: smoothGestureFrames, into: target ?? surface, workers: workers)
            displayApproximate = true
            damage = [screen]
            stats.mode = .resampled
        } else {
            if copiesWhole {
                damage = [screen]
                if stats.mode == .unchanged { stats.mode = panned ? .pan : .full }
                if picture == nil { copyOut(rows(of: window, except: wholeRows), into: surface) }
            } else {
                for (tx, ty) in drawn {
                    let T = grid.tileSize
                    let r = PixelRect(x: tx * T + pan.x, y: ty * T + pan.y, width: T, height: T).intersection(screen)
                    if !r.isEmpty { damage.append(r) }
                }
                if !damage.isEmpty { stats.mode = .tiles }
                if picture == nil { copyOut(damage, into: surface) }
            }
        }
        displayApproximateShown = resample
        resampledIntoTarget = resample && target != nil
        stats.approximate = displayApproximate
        lastFrame = stats
        lastView = view
        // (A frame left in place did not reach `surface`: the next one given it copies all of it.)
        lastSurface = picture ?? surface
        return (damage, picture)
    }

    /// True when the last frame shown was resampled (the next exact frame must replace it all).
    private var displayApproximateShown = false
    /// True when the last frame shown was resampled into `render`'s `resampledInto` (the
    /// caller's screen), not into its `surface`.
    private var resampledIntoTarget = false

    // MARK: Drawing tiles

    /// A run of content tiles in one row, consecutive in the buffer too.
    struct TileRun { var tileX: Int, tileY: Int, count: Int }

    /// Draws `tiles` (content tile coordinates, row by row); the tiles in `copyingRows` are
    /// copied to `surface` right after they are drawn (the caller copies the rest).
    private func draw(tiles: [(Int, Int)], copyingRows wholeRows: Set<Int> = [], into surface: Surface? = nil) {
        guard !tiles.isEmpty, let l = layout, let outlines else { return }
        // Runs: consecutive tiles of a row, broken where the buffer wraps.
        var runs: [TileRun] = []
        for (tx, ty) in tiles {
            if var last = runs.last, last.tileY == ty, last.tileX + last.count == tx,
               TileGrid.mod(tx, grid.columns) != 0 {
                last.count += 1
                runs[runs.count - 1] = last
            } else {
                runs.append(TileRun(tileX: tx, tileY: ty, count: 1))
            }
        }
        // Preparation: vector paths of what the runs touch, masks of their seats.
        let T = grid.tileSize
        var fieldNeeded = false
        var tribuneNeeded = [Bool](repeating: false, count: venue.tribunes.count)
        for run in runs {
            let r = PixelRect(x: run.tileX * T, y: run.tileY * T, width: run.count * T, height: T)
            if !l.fieldBounds.intersection(r).isEmpty { fieldNeeded = true }
            for t in 0..<venue.tribunes.count where !tribuneNeeded[t] && !l.tribuneBounds[t].intersection(r).isEmpty {
                tribuneNeeded[t] = true
            }
        }
        requestMasks(for: runs, layout: l)
        if fieldNeeded { l.ensureField(venue, outlines: outlines) }
        l.ensureTribunes(tribuneNeeded.indices.filter { tribuneNeeded[$0] }, venue, outlines: outlines, workers: workers)
        masks.generatePending(workers: workers)

        // Parallel drawing: tile rows go to whichever worker is free.
        let rowsOrder = runs  // already in row order
        let window = PixelRect(x: -pan.x, y: -pan.y, width: contentScreen.width, height: contentScreen.height)
        workers.run(count: rowsOrder.count) { worker, i in
            let run = rowsOrder[i]
            self.draw(run: run, layout: l, context: self.contexts[worker])
            // In a row copied as drawn, each run copies its own tiles (workers touch disjoint pixels).
            if let surface, wholeRows.contains(run.tileY) {
                let T = self.grid.tileSize
                let content = PixelRect(x: run.tileX * T, y: run.tileY * T, width: run.count * T, height: T)
                    .intersection(window)
                if !content.isEmpty { self.grid.copy(content: content, pan: self.pan, into: surface) }
            }
        }
        for (tx, ty) in tiles { grid.markValid(tileX: tx, tileY: ty) }
    }
}
