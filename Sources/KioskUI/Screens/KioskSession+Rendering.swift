import Geometry
import Raster

extension KioskSession {
    /// Draws the screen as of the session's time into `surface` (`screenSize`) and returns the
    /// rectangles (device px) that differ from what the previous render left there.
    ///
    /// Contract: the host passes the same `Surface` every frame and presents from it (a shadow
    /// buffer), keeping its pixels between calls. Then only what changed is repainted —
    /// a countdown tick repaints the countdown's line, a pressed button its rect, a toast its
    /// pill, the card's contents the card — and an unchanged screen returns `[]` at almost no
    /// cost. A different surface (or size), or a host that wrote into it, gets the whole screen
    /// (call `invalidateFrameCache()` after writing into the surface yourself). Either way the
    /// surface ends up bit-identical to a full render of the same state.
    @discardableResult
    public func render(into surface: Surface) -> [PixelRect] { render(into: surface, with: painter) }

    /// `render(into:)` with the chrome drawn by `painter` (tests give it a `ChromeTextLog`).
    @discardableResult
    func render(into surface: Surface, with painter: ChromePainter) -> [PixelRect] {
        // A frame drawn mid-animation asks for one more: an animation that ends between two
        // frames must still have its final state drawn, although nothing runs any more by then.
        dirty = animator.isAnimating || isContinuouslyAnimated
        let cache = frameCache
        let bounds = surface.bounds
        let full = [bounds]
        let frame = snapshot()
        let sameTarget = cache.lastTarget === surface && surface.width == Int(layout.size.width.rounded())
            && surface.height == Int(layout.size.height.rounded())
        let previous = sameTarget ? cache.lastFrame : nil
        cache.lastTarget = surface
        cache.lastFrame = frame
        switch frame.mode {
        case .blank:
            if previous?.mode == .blank { return [] }
            surface.clear(.black)
            return full
        case .service(let code):
            if previous?.mode == frame.mode { return [] }
            OutOfServiceView(code: code, strings: content.strings).draw(with: painter, in: DrawingContext(surface: surface))
            return full
        case .attract(let since, let now):
            // Turns every frame: no picture to keep.
            let context = DrawingContext(surface: surface)
            drawChart(in: context)
            AttractView(since: since, now: now, content: content).draw(with: painter, in: context)
            cache.lastToastBox = nil
            return full
        case .receipt(let receipt, let doneScale):
            // The ring moved, the accessibility button was pressed or its card came or went:
            // the receipt is drawn whole under them.
            let same = previous?.focusRing == frame.focusRing && previous?.header == frame.header
                && previous?.accessibilityCard == frame.accessibilityCard
            let damage = renderReceipt(receipt, doneScale: doneScale, previous: same ? previous?.mode : nil, into: surface, with: painter)
            for r in damage {
                // Within what was redrawn only: blended edges drawn twice would darken.
                let context = DrawingContext(surface: surface)
                context.clip(to: Rect(x: Double(r.x), y: Double(r.y), width: Double(r.width), height: Double(r.height)))
                drawOverCards(frame, with: painter, in: context)
            }
            return damage
        case .seatList(let state):
            // A card over everything that changes rarely (a countdown second, a press): redrawn whole.
            if previous == frame { return [] }
            let context = DrawingContext(surface: surface)
            SeatListView(state: state, content: content).draw(with: painter, in: context)
            if let toast = frame.toast { ToastView(message: toast).draw(with: painter, in: context) }
            drawOverCards(frame, with: painter, in: context)
            cache.lastToastBox = nil
            return full
        case .normal:
            break
        }
        var chart = chartPicture(width: surface.width, height: surface.height, screen: surface)
        let pill: Rect? = frame.toast.flatMap { ToastView(message: $0).box(with: painter) }
        defer { cache.lastToastBox = pill }
        var damage: [PixelRect]
        if let previous, previous.mode == .normal {
            // What the chrome's change touches, and what the chart's change touched.
            damage = frame.damage(since: previous, layout: layout, oldToast: cache.lastToastBox, newToast: pill)
                .map { $0.intersection(bounds) }.filter { !$0.isEmpty }
            damage += cache.chartDamage.map { $0.intersection(bounds) }.filter { !$0.isEmpty }
        } else {
            damage = full
        }
        if damage.isEmpty { return [] }
        if cache.resampledOnScreenOnly && chart !== surface {
            // Only the screen had the chart's last frame (resampled into it): draw the chart again.
            cache.chartKey = nil
            chart = chartPicture(width: surface.width, height: surface.height, screen: surface)
            damage = full
        }
        chart = completedPicture(chart)
        // A damaged area covering most of the screen is cheaper drawn once.
        var area = 0
        for r in damage { area += r.width * r.height }
        if damage.count > 1 && area > bounds.width * bounds.height / 2 {
            damage = full
        }
        let context = DrawingContext(surface: surface)
        // Under unchanged chrome its opaque bands come from `chromeStrips`: the chart and the
        // chrome are drawn only between them.
        let strips = cache.chromeStrips
        let bands = cache.usesChromeStrips ? ChromeStrips.bands(layout: layout, palette: painter.palette) : []
        let reuse = strips.holds(frame, bands: bands)
        for r in damage {
            for part in reuse ? strips.outside(r) : [r] {
                copyPicture(chart, part, into: surface)
                context.save()
                if part != bounds {
                    context.clip(to: Rect(x: Double(part.x), y: Double(part.y), width: Double(part.width), height: Double(part.height)))
                }
                drawChrome(frame, with: painter, in: context)
                context.restore()
            }
            if reuse { strips.restore(into: surface, clip: r, workers: bandWorkers) }
        }
        if !reuse && !bands.isEmpty && damage == full { strips.capture(from: surface, frame: frame, bands: bands) }
        return damage
    }

    /// Forgets the cached chart picture and the last frame: the next render redraws everything.
    /// For hosts that drew into the surface themselves, and for benchmarks.
    public func invalidateFrameCache() { frameCache.invalidate() }

    /// Everything drawn over the chart, in order: header, home control, bottom bar, seat callout,
    /// the open legend's panel, toast, the modal card and the screen reader's focus ring, through
    /// the context's clip.
    func drawChrome(_ frame: SessionSnapshot, with painter: ChromePainter, in context: DrawingContext) {
        coverOutsideChromeArea(with: painter, in: context)
        if let header = frame.header { HeaderView(state: header, content: content).draw(with: painter, in: context) }
        if let home = frame.home { HomeControlView(state: home).draw(with: painter, in: context) }
        BottomBarView(bar: frame.bar, holdSecondsLeft: frame.holdSecondsLeft, content: content)
            .draw(with: painter, in: context)
        if let party = frame.party { PartyBarView(party: party, strings: content.strings).draw(with: painter, in: context) }
        if let list = frame.stepList { StepListView(state: list, strings: content.strings).draw(with: painter, in: context) }
        if let callout = frame.callout { SeatCalloutView(callout: callout).draw(with: painter, in: context) }
        if let more = frame.moreTime {
            painter.withScale(more.scale, centre: more.frame.center, in: context) { painter.haloOverChart(more.frame, in: context) }
            painter.drawButton(in: more.frame, title: content.strings.moreTime, enabled: true, scale: more.scale, in: context)
        }
        LegendView(content: content, open: frame.bar.legendOpen, toggleScale: frame.bar.legendScale).drawPanel(with: painter, in: context)
        if let toast = frame.toast { ToastView(message: toast).draw(with: painter, in: context) }
        if let card = frame.card {
            ModalCardView(card: card, strings: content.strings).draw(with: painter, in: context)
            // The dialogs keep the accessibility button, undimmed, where the header has it.
            if let header = frame.header { painter.drawAccessibilityButton(in: layout.accessibilityButton, scale: header.accessibilityScale, in: context) }
        }
        if let a = frame.accessibilityCard { AccessibilityCardView(state: a, strings: content.strings).draw(with: painter, in: context) }
        if let ring = frame.focusRing { FocusRingView(frame: ring).draw(with: painter, in: context) }
    }

    /// Low reach: above and below the chrome's area (the reach band) the header's colour covers
    /// the chart, so no seat shows where it could not be reached (touches there go nowhere).
    private func coverOutsideChromeArea(with painter: ChromePainter, in context: DrawingContext) {
        let area = layout.chromeArea, size = layout.size
        context.transform = .identity
        for strip in [Rect(x: 0, y: 0, width: size.width, height: area.minY),
                      Rect(x: 0, y: area.maxY, width: size.width, height: size.height - area.maxY)] where strip.height > 0 {
            context.fill(Path(strip), with: .solid(painter.palette.headerBackground))
        }
    }

    /// Over the cart, the review and the receipt: the accessibility button at the header's
    /// place (their cards keep clear of it), the accessibility card when open, the focus ring.
    private func drawOverCards(_ frame: SessionSnapshot, with painter: ChromePainter, in context: DrawingContext) {
        if let header = frame.header { painter.drawAccessibilityButton(in: layout.accessibilityButton, scale: header.accessibilityScale, in: context) }
        if let a = frame.accessibilityCard { AccessibilityCardView(state: a, strings: content.strings).draw(with: painter, in: context) }
        if let ring = frame.focusRing { FocusRingView(frame: ring).draw(with: painter, in: context) }
    }

    /// The drawing tools for this session's layout, palette and fonts.
    var painter: ChromePainter { ChromePainter(layout: layout, palette: chromePalette, text: text, cache: frameCache) }
}
