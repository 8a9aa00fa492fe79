#if canImport(Glibc)
import Glibc
#endif
import Geometry
import Raster
import Seating

extension KioskSession {
    /// What the chart picture depends on: when equal, the cached picture is reused.
    struct ChartKey: Equatable {
        var view: ChartViewState
        var trace: Double
        var reveal: Double
        var selectedTribune: Int?
        var selection: [Int]
        var pressedSeat: Int?
        var grow: Double
        var revision: Int
        /// `EventAvailability.localEdits`: seats recoloured locally (taken, sold elsewhere).
        var localEdits: Int
        /// FNV-1a over the selected tribune's seats' availability at `now` (holds expire with time).
        var availability: UInt64
        /// The legend entry picked out on the map.
        var highlight: SeatLook.Status?
        /// Statuses told apart by shape (`MapStyle.seatShapes`).
        var seatShapes: Bool
        /// The view is an animation's frame on its way or follows fingers
        /// (`ChartInteraction.isViewAnimating`, `isFollowingGesture`): the first frame at rest
        /// is drawn exactly even where the view is the last frame's.
        var inMotion: Bool
    }

    /// Device pixels per pattern pixel on this panel (`MapStyle.patternScale`): category and
    /// status patterns keep about 2 mm a tile whatever the density.
    var patternScale: Int { MapStyle.patternScale(pixelsPerMillimetre: configuration.pixelsPerMillimetre) }

    /// Seat statuses told apart by shape as well as colour: with the high-contrast theme (large
    /// text). The usual look already gives every status a cue besides colour (✓, stripes, ✕,
    /// dots: `MapStyle`), so a visitor who sees colours poorly is served without opening the
    /// menu; the theme's bold marks replace the fine patterns for those who need more.
    var seatShapes: Bool { chromePalette.isHighContrast }

    /// The venue's looks as this session shows them (pattern scale, seat shapes).
    var mapStyle: MapStyle { frameCache.mapStyle(interaction.chart.venue, patternScale: patternScale, seatShapes: seatShapes) }

    /// The chart under the chrome, redrawn only when its key changed (`chartDamage` says
    /// where); the chart's labels, when `frameCache.labelsOverPicture` has them, are drawn over
    /// it by the caller wherever it copies the picture. Once the stadium has traced in, `ChartFrameRenderer` draws it —
    /// the seats of every tribune coloured by status, only the tiles a change touches — into
    /// its own surface, which is the picture; with the selected tribune's seat overlay
    /// (`drawSeats`) the picture is a copy with the overlay on top. The trace-in draws directly.
    /// A frame in motion the renderer resamples goes straight into `screen` (no overlay):
    /// the picture is then `screen` itself (a later frame that copies a part of it draws the
    /// chart again: `KioskFrameCache.resampledOnScreenOnly`). The
    /// overlay too is drawn straight onto `screen` over the renderer's frame (one full-screen
    /// copy less per frame of a reveal or a pan in a tribune); the picture with it is made
    /// only when a later frame with the same key needs a part of it.
    func chartPicture(width: Int, height: Int, screen: Surface) -> Surface {
        let cache = frameCache
        let (surface, context) = cache.chartSurface(width: width, height: height)
        let key = chartKey()
        if cache.chartKey == key {
            cache.chartDamage = []
            // (Made by `completedPicture` if a part of it is copied.)
            if cache.overlayOnScreenOnly || cache.resampledOnScreenOnly { return surface }
            if cache.pictureIsRendererFrame || cache.labelsOverPicture != nil, let base = cache.rendererPicture,
               base.width == width, base.height == height { return base }
            return surface
        }
        cache.chartKey = key
        cache.labelsOverPicture = nil
        cache.overlayOnScreenOnly = false
        cache.resampledOnScreenOnly = false
        let full = [surface.bounds]
        if key.trace >= 1 { cache.traceFills = nil }
        guard key.trace >= 1 else {
            context.transform = .identity
            drawChart(in: context)
            cache.pictureIsRendererFrame = false
            cache.labelledFrame = nil
            cache.chartDamage = full
            return surface
        }
        let chart = interaction.chart
        let view = interaction.presentedView
        let (frames, fallback) = cache.chartFrameRenderer(venue: chart.venue, width: width, height: height, style: renderer,
                                                          patternScale: patternScale, threads: configuration.chartThreads)
        frames.highlight = key.highlight
        frames.seatShapes = key.seatShapes
        let overlay = key.selectedTribune.map { chart.venue.tribunes.indices.contains($0) } == true && key.reveal > 0
        let onScreen = screen.width == width && screen.height == height
        let direct = overlay || !onScreen ? nil : screen
        // Under an overlay drawn on the screen, a frame the renderer copies out (its window
        // wraps around the back buffer, as a pan's soon does) goes straight to the screen, not
        // into `fallback` and then to the screen: one 33 MB copy less at 4K.
        let destination = overlay && onScreen ? screen : fallback
        // A gesture's frames are drawn like an animation's where exact ones would not make the
        // display rate (panels that reduce them); below, every one is exact.
        let inMotion = interaction.isViewAnimating || (interaction.isFollowingGesture && frames.motionReduction > 1)
        // The renderer's frame stays in its back buffer where it can (`base`): the copies
        // below, to the screen or into the overlaid picture, are the only ones.
        let (changed, base) = frames.renderPicture(chart, view: view, seatReveal: key.reveal, now: now,
                                                   viewInMotion: inMotion, into: destination, resampledInto: direct)
        // (The screen gets the overlay or the chrome over the frame: the renderer must not
        // take it for its own next time.)
        if destination === screen { frames.forgetDestination() }
        if frames.lastFrame.mode == .partial {
            // Half the exact frame at rest is drawn; the screen keeps the last frame in motion
            // (the same view) and the next frame finishes it. Should the chrome change now, the
            // picture is not the screen's: `render(into:)` asks again, and that finishes it.
            cache.chartKey = nil
            cache.chartDamage = []
            cache.resampledOnScreenOnly = true
            dirty = true
            return surface
        }
        cache.rendererPicture = base
        if direct != nil && frames.lastFrame.mode == .resampled {
            cache.resampledOnScreenOnly = true
            cache.chartDamage = full
            cache.pictureIsRendererFrame = false
            cache.labelledFrame = nil
            if placeChartLabels(view: view, width: width, height: height) { cache.labelsOverPicture = cache.labels }
            return screen
        }
        if overlay, let selected = key.selectedTribune {
            // The overlay depends on the whole key: the frame again, the overlay over it. Once
            // the seats have revealed, the renderer's frame already shows them (fill, pattern,
            // ✓, ✕); only what it does not draw goes over it (wheelchair marks, blocked seats'
            // outlines, the pressed seat grown), so a pan or a tap costs a handful of seats.
            cache.chartDamage = full
            cache.pictureIsRendererFrame = false
            cache.labelledFrame = nil
            if onScreen {
                if base !== screen { copyPicture(base, screen.bounds, into: screen, labels: false) }
                drawOverlay(of: selected, reveal: key.reveal, width: width, height: height, into: screen,
                            context: cache.context(onScreen: screen))
                if base === screen {
                    // Only the screen has the frame: an exact one is copied from the renderer's
                    // back buffer if a part of the picture is wanted (`completedPicture`), any
                    // other drawn again.
                    cache.rendererPicture = nil
                    if !frames.holdsLastFrame {
                        cache.resampledOnScreenOnly = true
                        return screen
                    }
                }
                cache.overlayOnScreenOnly = true
                return screen
            }
            overlaid(base, of: selected, reveal: key.reveal, into: surface, context: context)
            return surface
        }
        // The labels go over the picture where it is copied to the screen (`labelsOverPicture`):
        // the renderer's frame stays as it drew it, and is not copied once more to carry them.
        // Over the same labels as last time only what the renderer changed is damaged (a seat
        // sold elsewhere repaints its tiles, not the screen).
        if placeChartLabels(view: view, width: width, height: height), let labels = cache.labels {
            let signature = labels.signature
            cache.chartDamage = cache.labelledFrame == signature ? changed : full
            cache.labelledFrame = signature
            cache.pictureIsRendererFrame = false
            cache.labelsOverPicture = labels
            return base
        }
        // Without an overlay the renderer's frame is the picture itself, no copy; after another
        // picture everything may differ.
        cache.chartDamage = cache.pictureIsRendererFrame ? changed : full
        cache.pictureIsRendererFrame = true
        cache.labelledFrame = nil
        return base
    }

    /// `picture` as `chartPicture` returned it, with the selected tribune's overlay drawn into it
    /// if the last frame drew that only onto the screen: for the frame that copies a part of it.
    func completedPicture(_ picture: Surface) -> Surface {
        let cache = frameCache
        guard cache.overlayOnScreenOnly, picture === cache.chart, let context = cache.chartContext,
              let key = cache.chartKey, let selected = key.selectedTribune else { return picture }
        if let base = cache.rendererPicture {
            cache.overlayOnScreenOnly = false
            overlaid(base, of: selected, reveal: key.reveal, into: picture, context: context)
        } else if let frames = cache.chartFrames, frames.copyLastFrame(into: picture) {
            // The renderer copied its frame straight to the screen (`chartPicture`).
            cache.overlayOnScreenOnly = false
            drawOverlay(of: selected, reveal: key.reveal, width: picture.width, height: picture.height, into: picture,
                        context: context)
        }
        return picture
    }

    /// `surface` made the picture with the overlay: the renderer's frame `base`, the overlay over it.
    private func overlaid(_ base: Surface, of selected: Int, reveal: Double, into surface: Surface, context: DrawingContext) {
        copyPicture(base, base.bounds, into: surface, labels: false)
        drawOverlay(of: selected, reveal: reveal, width: surface.width, height: surface.height, into: surface, context: context)
    }

    /// Over the renderer's frame in `surface`: the selected tribune's seats it does not draw as
    /// they look (`drawSeats`, decorated only), then the chart's labels.
    private func drawOverlay(of selected: Int, reveal: Double, width: Int, height: Int, into surface: Surface,
                             context: DrawingContext) {
        let view = interaction.presentedView
        context.transform = .identity
        drawSeats(of: selected, view: view, reveal: reveal, onlyDecorated: true, in: context)
        if placeChartLabels(view: view, width: width, height: height, overlayTribune: selected) { drawPlacedLabels(into: surface) }
    }

    func chartKey() -> ChartKey {
        let chart = interaction.chart
        let reveal = interaction.seatReveal
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        let selected = chart.selectedTribune.flatMap { chart.venue.tribunes.indices.contains($0) ? $0 : nil }
        if let selected, reveal > 0 {
            for seat in chart.venue.tribunes[selected].seats {
                let code: UInt64 = switch chart.availability.status(seat, at: now) {
                case .available: 0
                case .held: 1
                case .sold: 2
                case .blocked: 3
                }
                hash = (hash ^ code) &* 0x100_0000_01b3
            }
        }
        // A pressed seat back at scale 1 looks like no pressed seat.
        var pressedSeat: Int? = if case .seat(let s)? = pressed { s } else { nil }
        let grow = pressedSeat == nil ? 1 : animator.value(pressScale)
        if grow == 1 { pressedSeat = nil }
        return ChartKey(view: interaction.presentedView, trace: min(max(animator.value(trace), 0), 1), reveal: reveal,
                        selectedTribune: chart.selectedTribune, selection: selected == nil ? [] : chart.selection.seats,
                        pressedSeat: pressedSeat, grow: grow,
                        revision: chart.availability.revision, localEdits: chart.availability.localEdits, availability: hash,
                        highlight: activeLegendHighlight, seatShapes: seatShapes, inMotion: interaction.isViewAnimating || interaction.isFollowingGesture)
    }

    // MARK: - Chart

    /// The chart as presented: the trace-in on start, SportFan's chart (ChartRenderer), the
    /// selected tribune's seats drawn in with a trim; on the attract screen, turning slowly.
    func drawChart(in context: DrawingContext) {
        let chart = interaction.chart
        var view = interaction.presentedView
        if case .attract(let start) = screen {
            view = ChartViewState(viewSize: view.viewSize, chartSize: view.chartSize)
            view.rotation = Self.restingRotation(for: view.viewSize) + 2 * .pi * (now - start) / Self.attractTurnPeriod
        }
        let t = min(max(animator.value(trace), 0), 1)
        if t >= 1 {
            renderer.render(chart, view: view, seatReveal: 0, now: now, into: context)
        } else {
            drawTrace(t, view: view, in: context)
        }
        if case .attract = screen { return }
        guard let selected = chart.selectedTribune else { return }
        let reveal = interaction.seatReveal
        if reveal > 0 { drawSeats(of: selected, view: view, reveal: reveal, onlyDecorated: false, in: context) }
    }

    /// The stadium tracing itself in: outlines trimmed 0 → `t`, fills fading in with them (the
    /// fills drawn once per view into a `TraceFillLayer`, faded in per frame). Covers the whole
    /// surface, which must have no clip or layer in `context`.
    func drawTrace(_ t: Double, view: ChartViewState, in context: DrawingContext) {
        let venue = interaction.chart.venue
        let s = context.surface
        let m = view.chartToScreen
        traceFills(m, width: s.width, height: s.height).draw(opacity: t, background: renderer.background, into: s)
        guard t > 0 else { return }
        let scale = max(abs(m.a * m.d - m.b * m.c).squareRoot(), 1e-9)
        context.transform = m
        context.stroke(FieldMarkings.path(for: venue.field).trimmedPath(from: 0, to: t), with: .solid(renderer.fieldLines),
                       style: StrokeStyle(lineWidth: renderer.fieldLineWidth / scale))
        let outline = StrokeStyle(lineWidth: renderer.outlineWidth / scale, lineCap: .round, lineJoin: .round)
        for tribune in venue.tribunes {
            context.stroke(tribune.path.trimmedPath(from: 0, to: t), with: .solid(renderer.outline), style: outline)
        }
        context.transform = .identity
    }

    /// The trace-in's fill layer for chart → screen `m` on a `width`×`height` surface (kept
    /// while the view stays, until the trace-in ends).
    func traceFills(_ m: AffineTransform, width: Int, height: Int) -> TraceFillLayer {
        if let f = frameCache.traceFills, f.matches(m, width: width, height: height) { return f }
        let f = TraceFillLayer(venue: interaction.chart.venue, transform: m, width: width, height: height, style: renderer,
                               map: mapStyle)
        frameCache.traceFills = f
        return f
    }

    /// The selected tribune's seats in their status's look (`MapStyle`: category colour and cue,
    /// ✓ chosen, stripes held, ✕ sold, dotted outline blocked), wheelchair spaces marked; a
    /// pressed seat grows about its centre. While `reveal` < 1 each seat's outline draws itself
    /// in (trim) as its fill fades in. Patterns are anchored where the chart renderer's are
    /// (`MapStyle.patternOrigin`), so seats and tribunes line up. `onlyDecorated`: over the
    /// chart frame renderer's frame, which has every seat's fill: just the seats it does not
    /// draw as they should look — wheelchair spaces, seats with an outline, the pressed seat —
    /// and while revealing, the outlines drawing in from the frame cache's growing layer
    /// (`SeatRevealOutlines`) instead of each seat's trim stroked anew.
    func drawSeats(of tribune: Int, view: ChartViewState, reveal: Double, onlyDecorated: Bool, in context: DrawingContext) {
        let chart = interaction.chart
        let venue = chart.venue
        let m = view.chartToScreen
        let scale = max(abs(m.a * m.d - m.b * m.c).squareRoot(), 1e-9)
        context.transform = m
        let map = mapStyle
        let patternOrigin = MapStyle.patternOrigin(m)
        let highlight = activeLegendHighlight
        let traceStyle = StrokeStyle(lineWidth: 1.5 / scale, lineCap: .round, lineJoin: .round)
        let pressedSeat: Int? = if case .seat(let s)? = pressed { s } else { nil }
        let painter = self.painter
        let grow = animator.value(pressScale)
        // One paint per look and frame (pattern tiles are made once, not per seat).
        var paints: [SeatLook.Status: Paint] = [:]
        for seat in venue.tribunes[tribune].seats {
            let record = venue.seats[seat]
            let seatGrow = seat == pressedSeat ? grow : 1
            if onlyDecorated && seatGrow == 1 && !record.flags.contains(.wheelchair) && map.look(SeatLook.Status(chart, seat: seat, now: now)).outline == nil {
                continue
            }
            var path = venue.seatPath(seat)
            if seatGrow != 1 { path = path.applying(ChromePainter.scaling(seatGrow, about: record.center)) }
            let status = SeatLook.Status(chart, seat: seat, now: now)
            let look = map.look(status, highlight: highlight, background: renderer.background)
            if reveal < 1 {
                context.fill(path, with: look.paint(in: context, origin: patternOrigin, opacity: reveal))
                if !onlyDecorated {
                    context.stroke(path.trimmedPath(from: 0, to: reveal), with: .solid(renderer.outline), style: traceStyle)
                }
                continue
            }
            let paint = paints[status] ?? look.paint(in: context, origin: patternOrigin)
            paints[status] = paint
            context.fill(path, with: paint)
            if let outline = look.outline {
                context.stroke(path, with: .solid(outline), style: StrokeStyle(lineWidth: 1.5 / scale, dash: [2 / scale, 2 / scale]))
            }
            if record.flags.contains(.wheelchair) {
                let side = record.size * 0.62 * seatGrow
                let box = Rect(x: record.center.x - side / 2, y: record.center.y - side / 2, width: side, height: side)
                painter.drawWheelchair(in: box, color: status == .selected ? look.glyphColor : palette.wheelchair,
                                       lineWidth: 2 / scale, in: context)
            } else if look.glyph != .none {
                // Upright on screen whatever the view's rotation: placed in chart space, drawn in px.
                let box = SeatLook.glyphBox(center: record.center, size: record.size * seatGrow, rotation: record.rotation)
                let c = Point(x: box.midX, y: box.midY).applying(m), side = box.width * scale
                context.transform = .identity
                look.drawGlyph(in: Rect(x: c.x - side / 2, y: c.y - side / 2, width: side, height: side), in: context)
                context.transform = m
            }
        }
        context.transform = .identity
        // The outlines drawing in go over the seats' fills, as each seat's trim went over its fill.
        if onlyDecorated && reveal < 1 {
            let surface = context.surface
            let outlines = frameCache.revealOutlines
            outlines.update(venue: venue, tribune: tribune, transform: m, reveal: reveal, width: surface.width,
                            height: surface.height, lineWidth: traceStyle.lineWidth * scale)
            outlines.draw(renderer.outline, into: surface)
        }
    }
}
