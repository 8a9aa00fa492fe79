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
    }

    /// The chrome's visible state, part by part, to find what changed between frames.
    struct FrameKey: Equatable {
        enum Mode: Equatable { case blank, service(String), attract, normal }
        struct Bar: Equatable {
            var tickets: Int, total: Int, canBuy: Bool, buyGrow: Double
        }
        struct Countdown: Equatable { var text: String, warns: Bool }
        enum Overlay: Equatable {
            case none
            case prompt(seconds: Int, grow: Double)
            case dialog(Dialog, grow: Double)
            case processing(angle: Double)
            var isNone: Bool { self == .none }
            func sameKind(as o: Overlay) -> Bool {
                switch (self, o) {
                case (.prompt, .prompt), (.dialog, .dialog), (.processing, .processing): true
                default: false
                }
            }
        }
        var mode: Mode
        var header: [Double] = []
        var zoomOut: [Double] = []
        var bar = Bar(tickets: 0, total: 0, canBuy: false, buyGrow: 1)
        var countdown: Countdown?
        var toast: String?
        var overlay = Overlay.none
    }

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
    public func render(into surface: Surface) -> [PixelRect] {
        // A frame drawn mid-animation asks for one more: an animation that ends between two
        // frames must still have its final state drawn, although nothing runs any more by then.
        dirty = animator.isAnimating || isContinuouslyAnimated
        let cache = frameCache
        let bounds = surface.bounds
        let full = [bounds]
        let frame = frameKey()
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
            drawOutOfService(code: code, in: DrawingContext(surface: surface))
            return full
        case .attract:
            // Turns every frame: no picture to keep.
            let context = DrawingContext(surface: surface)
            drawChart(in: context)
            drawAttract(since: attractStartedAt ?? now, in: context)
            cache.lastToastBox = nil
            return full
        case .normal:
            break
        }
        let chart = chartPicture(width: surface.width, height: surface.height)
        let pill: Rect? = frame.toast.flatMap { self.toastBox($0) }
        defer { cache.lastToastBox = pill }
        var damage: [PixelRect]
        if let previous, previous.mode == .normal {
            // What the chrome's change touches, and what the chart's change touched.
            damage = damageRects(from: previous, to: frame, oldToast: cache.lastToastBox, newToast: pill)
                .map { $0.intersection(bounds) }.filter { !$0.isEmpty }
            damage += cache.chartDamage.map { $0.intersection(bounds) }.filter { !$0.isEmpty }
        } else {
            damage = full
        }
        if damage.isEmpty { return [] }
        // A damaged area covering most of the screen is cheaper drawn once.
        var area = 0
        for r in damage { area += r.width * r.height }
        if damage.count > 1 && area > bounds.width * bounds.height / 2 {
            damage = full
        }
        let context = DrawingContext(surface: surface)
        for r in damage {
            surface.copy(from: chart, sourceRect: r, to: (r.x, r.y))
            context.save()
            if r != bounds { context.clip(to: Rect(x: Double(r.x), y: Double(r.y), width: Double(r.width), height: Double(r.height))) }
            drawChrome(in: context)
            context.restore()
        }
        return damage
    }

    /// Forgets the cached chart picture and the last frame: the next render redraws everything.
    /// For hosts that drew into the surface themselves, and for benchmarks.
    public func invalidateFrameCache() { frameCache.invalidate() }

    /// The chart under the chrome, redrawn only when its key changed (`chartDamage` says
    /// where). Once the stadium has traced in, `ChartFrameRenderer` draws it —
    /// the seats of every tribune coloured by status, only the tiles a change touches — into
    /// its own surface, which is the picture; with the selected tribune's seat overlay
    /// (`drawSeats`) the picture is a copy with the overlay on top. The trace-in draws directly.
    func chartPicture(width: Int, height: Int) -> Surface {
        let cache = frameCache
        let (surface, context) = cache.chartSurface(width: width, height: height)
        let key = chartKey()
        if cache.chartKey == key {
            cache.chartDamage = []
            if cache.pictureIsRendererFrame, let base = cache.chartBase, base.width == width, base.height == height { return base }
            return surface
        }
        cache.chartKey = key
        let full = [surface.bounds]
        if key.trace >= 1 { cache.traceFills = nil }
        guard key.trace >= 1 else {
            context.transform = .identity
            drawChart(in: context)
            cache.pictureIsRendererFrame = false
            cache.chartDamage = full
            return surface
        }
        let chart = interaction.chart
        let view = interaction.presentedView
        let (frames, base) = cache.chartFrameRenderer(venue: chart.venue, width: width, height: height, style: renderer)
        let changed = frames.render(chart, view: view, seatReveal: key.reveal, now: now,
                                    viewInMotion: interaction.isViewAnimating, into: base)
        let overlay = key.selectedTribune.map { chart.venue.tribunes.indices.contains($0) } == true && key.reveal > 0
        if overlay, let selected = key.selectedTribune {
            // The overlay depends on the whole key: the frame again, the overlay over it.
            surface.copy(from: base, sourceRect: base.bounds, to: (0, 0))
            context.transform = .identity
            drawSeats(of: selected, view: view, reveal: key.reveal, in: context)
            cache.chartDamage = full
            cache.pictureIsRendererFrame = false
            return surface
        }
        // Without an overlay the renderer's frame is the picture itself, no copy; after another
        // picture everything may differ.
        cache.chartDamage = cache.pictureIsRendererFrame ? changed : full
        cache.pictureIsRendererFrame = true
        return base
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
                        revision: chart.availability.revision, localEdits: chart.availability.localEdits, availability: hash)
    }

    func frameKey() -> FrameKey {
        if blanked { return FrameKey(mode: .blank) }
        if let code = serviceCode { return FrameKey(mode: .service(code)) }
        if attractStartedAt != nil { return FrameKey(mode: .attract) }
        func grow(_ c: KioskControl) -> Double { pressed == .control(c) ? animator.value(pressScale) : 1 }
        var k = FrameKey(mode: .normal)
        let visible = headerVisibility
        let n = selectedSeats.count
        k.header = visible > 0 ? [visible, Double(n), grow(.cart)] : []
        let shown = 1 - visible
        k.zoomOut = shown > 0 && (phase == .zoomed || visible < 1) ? [shown, grow(.zoomOut)] : []
        k.bar = .init(tickets: n, total: total, canBuy: canBuy, buyGrow: grow(.buy))
        if let expiry = holdExpiresAt, expiry > now {
            let left = Int((expiry - now).rounded(.up))
            k.countdown = .init(text: "\(left / 60):\(left % 60 < 10 ? "0" : "")\(left % 60)", warns: left <= 60)
        }
        k.toast = toastText
        if let remaining = idlePromptRemaining {
            k.overlay = .prompt(seconds: Int(remaining.rounded(.up)), grow: grow(.idleContinue))
        } else if let dialog {
            k.overlay = .dialog(dialog, grow: grow(.dialogOK))
        } else if buyPending {
            k.overlay = .processing(angle: now.truncatingRemainder(dividingBy: 1.2))
        }
        return k
    }

    /// `r` scaled by `pressedScale` about its centre, plus `pad` on each side.
    static func grown(_ r: Rect, pad: Double) -> Rect {
        let dx = r.width * (pressedScale - 1) / 2 + pad, dy = r.height * (pressedScale - 1) / 2 + pad
        return r.insetBy(dx: -dx, dy: -dy)
    }

    /// The screen areas whose pixels differ between two frames over the same chart picture;
    /// the whole screen when the modal card comes or goes (its dim covers everything).
    func damageRects(from old: FrameKey, to new: FrameKey, oldToast: Rect?, newToast: Rect?) -> [PixelRect] {
        let u = layout.u, size = layout.size
        let screen = [PixelRect(x: 0, y: 0, width: Int(size.width.rounded(.up)), height: Int(size.height.rounded(.up)))]
        if old.overlay.isNone != new.overlay.isNone { return screen }
        var rects: [Rect] = []
        if old.header != new.header {
            // The header slides within its own band; the cart grows by at most `pressedScale`.
            rects.append(Rect(x: 0, y: 0, width: size.width, height: layout.header.maxY + 4 * u))
        }
        if old.zoomOut != new.zoomOut {
            let r = Self.grown(layout.zoomOut, pad: 2 * u)
            rects.append(Rect(x: 0, y: 0, width: r.maxX, height: r.maxY))
        }
        if old.bar != new.bar {
            rects.append(layout.bottomBar.union(Self.grown(layout.buy, pad: 2 * u)))
        } else if old.countdown != new.countdown {
            // The countdown's line under the total.
            let s = layout.summaryOrigin
            let right = layout.isPortrait ? size.width : layout.buy.minX
            rects.append(Rect(x: s.x - 4 * u, y: s.y + 38 * u - 30 * u, width: right - s.x, height: 40 * u))
        }
        if old.toast != new.toast {
            for box in [oldToast, newToast] { if let box { rects.append(box) } }
        }
        if old.overlay != new.overlay {
            // Same kind of card: only its contents changed (the button grows within the card).
            rects.append(layout.card.union(Self.grown(layout.cardButton, pad: 2 * u)))
        }
        return rects.map { r in
            let x0 = Int((r.minX - 2).rounded(.down)), y0 = Int((r.minY - 2).rounded(.down))
            let x1 = Int((r.maxX + 2).rounded(.up)), y1 = Int((r.maxY + 2).rounded(.up))
            return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        }
    }
}
