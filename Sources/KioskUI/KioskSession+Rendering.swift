#if canImport(Glibc)
import Glibc
#endif
import Geometry
import Raster
import Seating
import Text

extension KioskSession {
    /// Everything drawn over the chart, in order: header, zoom-out button, bottom bar, toast and
    /// the modal card (idle prompt, dialog, processing), through the context's clip.
    func drawChrome(in context: DrawingContext) {
        drawHeader(in: context)
        drawZoomOutButton(in: context)
        drawBottomBar(in: context)
        if let toast = toastText { drawToast(toast, in: context) }
        if let remaining = idlePromptRemaining {
            drawCard(in: context)
            let c = layout.card, u = layout.u
            drawText("Still there?", bold: true, size: 52 * u, color: palette.cardText,
                     centerX: c.midX, baseline: c.minY + 100 * u, in: context)
            drawText("Touch Continue to keep your seats.", size: 28 * u, color: palette.cardSecondaryText,
                     centerX: c.midX, baseline: c.minY + 158 * u, in: context)
            let seconds = Int(remaining.rounded(.up))
            drawText("Starting over in \(seconds) s", bold: true, size: 30 * u, color: palette.accent,
                     centerX: c.midX, baseline: c.minY + 212 * u, in: context)
            drawButton(.idleContinue, title: "Continue", enabled: true, in: context)
        } else if let dialog {
            drawCard(in: context)
            let c = layout.card, u = layout.u
            switch dialog {
            case .purchased(let tickets):
                drawText("You've bought \(tickets) ticket\(tickets == 1 ? "" : "s").", bold: true, size: 44 * u,
                         color: palette.cardText, centerX: c.midX, baseline: c.minY + 115 * u, in: context)
                drawText("Enjoy your time at the game!", size: 32 * u, color: palette.cardSecondaryText,
                         centerX: c.midX, baseline: c.minY + 180 * u, in: context)
            case .failed(let reason):
                drawText("The purchase did not go through", bold: true, size: 40 * u, color: palette.danger,
                         centerX: c.midX, baseline: c.minY + 105 * u, in: context)
                drawText(reason, size: 28 * u, color: palette.cardSecondaryText, centerX: c.midX,
                         baseline: c.minY + 165 * u, maxWidth: c.width - 80 * u, in: context)
            }
            drawButton(.dialogOK, title: "Ok", enabled: true, in: context)
        } else if buyPending {
            drawCard(in: context)
            let c = layout.card, u = layout.u
            drawText("Processing…", bold: true, size: 44 * u, color: palette.cardText,
                     centerX: c.midX, baseline: c.minY + 120 * u, in: context)
            // A turning arc: one turn per 1.2 s.
            let centre = Point(x: c.midX, y: c.minY + 245 * u)
            let start = now.truncatingRemainder(dividingBy: 1.2) / 1.2 * 2 * .pi
            var arc = Path()
            arc.addArc(center: centre, radius: 40 * u, startAngle: .radians(start), endAngle: .radians(start + 4.4), clockwise: false)
            context.transform = .identity
            context.stroke(arc, with: .solid(palette.accent), style: StrokeStyle(lineWidth: 9 * u, lineCap: .round))
        }
    }

    // MARK: - Chart

    /// The chart as presented: the trace-in on start, SportFan's chart (ChartRenderer), the
    /// selected tribune's seats drawn in with a trim; on the attract screen, turning slowly.
    func drawChart(in context: DrawingContext) {
        let chart = interaction.chart
        var view = interaction.presentedView
        if let start = attractStartedAt {
            view = ChartViewState(viewSize: view.viewSize, chartSize: view.chartSize)
            view.rotation = Self.restingRotation(for: view.viewSize) + 2 * .pi * (now - start) / Self.attractTurnPeriod
        }
        let t = min(max(animator.value(trace), 0), 1)
        if t >= 1 {
            renderer.render(chart, view: view, seatReveal: 0, now: now, into: context)
        } else {
            drawTrace(t, view: view, in: context)
        }
        guard attractStartedAt == nil, let selected = chart.selectedTribune else { return }
        let reveal = interaction.seatReveal
        if reveal > 0 { drawSeats(of: selected, view: view, reveal: reveal, in: context) }
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
        let f = TraceFillLayer(venue: interaction.chart.venue, transform: m, width: width, height: height, style: renderer)
        frameCache.traceFills = f
        return f
    }

    /// The selected tribune's seats: blue, green when chosen, grey when sold or held, outlined
    /// in their category's colour, wheelchair spaces marked; a pressed seat grows about its
    /// centre. While `reveal` < 1 each seat's outline draws itself in (trim) as its fill fades in.
    func drawSeats(of tribune: Int, view: ChartViewState, reveal: Double, in context: DrawingContext) {
        let chart = interaction.chart
        let venue = chart.venue
        let m = view.chartToScreen
        let scale = max(abs(m.a * m.d - m.b * m.c).squareRoot(), 1e-9)
        context.transform = m
        let categoryColours = venue.categories.map { (try? Color(hex: $0.color)) ?? palette.secondaryText }
        let outlineStyle = StrokeStyle(lineWidth: 2.5 / scale, lineJoin: .round)
        let traceStyle = StrokeStyle(lineWidth: 1.5 / scale, lineCap: .round, lineJoin: .round)
        let pressedSeat: Int? = if case .seat(let s)? = pressed { s } else { nil }
        let grow = animator.value(pressScale)
        for seat in venue.tribunes[tribune].seats {
            let record = venue.seats[seat]
            var path = venue.seatPath(seat)
            if seat == pressedSeat && grow != 1 {
                path = path.applying(Self.scaling(grow, about: record.center))
            }
            let selected = chart.selection.contains(seat)
            let available = chart.availability.status(seat, at: now) == .available
            let fill = selected ? renderer.selectedSeat : available ? renderer.availableSeat : renderer.unavailableSeat
            context.fill(path, with: .solid(reveal < 1 ? fill.withOpacity(reveal) : fill))
            if reveal < 1 {
                context.stroke(path.trimmedPath(from: 0, to: reveal), with: .solid(renderer.outline), style: traceStyle)
                continue
            }
            if available && !selected && categoryColours.indices.contains(Int(record.category)) {
                context.stroke(path, with: .solid(categoryColours[Int(record.category)]), style: outlineStyle)
            }
            if record.flags.contains(.wheelchair) {
                let side = record.size * 0.62 * (seat == pressedSeat ? grow : 1)
                drawWheelchair(in: Rect(x: record.center.x - side / 2, y: record.center.y - side / 2, width: side, height: side),
                               color: palette.wheelchair, lineWidth: 2 / scale, in: context)
            }
        }
        context.transform = .identity
    }

    /// Scale by `s` about `c`.
    static func scaling(_ s: Double, about c: Point) -> Geometry.AffineTransform {
        AffineTransform(translationX: -c.x, y: -c.y)
            .concatenating(AffineTransform(scaleX: s, y: s))
            .concatenating(AffineTransform(translationX: c.x, y: c.y))
    }

    // MARK: - Chrome

    func drawHeader(in context: DrawingContext) {
        let visible = headerVisibility
        guard visible > 0 else { return }
        let h = headerFrame, u = layout.u
        context.transform = .identity
        context.fill(Path(h), with: .solid(palette.headerBackground))
        drawText(configuration.eventName, bold: true, size: 44 * u, color: palette.text, x: 40 * u,
                 baseline: h.minY + 70 * u, maxWidth: layout.cart.minX - 80 * u, in: context)
        let cart = layout.cart.offsetBy(dx: 0, dy: h.minY)
        withPressScale(.cart, centre: cart.center, in: context) {
            drawCartIcon(in: cart.insetBy(dx: 14 * u, dy: 16 * u), color: palette.text, lineWidth: 5 * u, in: context)
            let n = selectedSeats.count
            if n > 0 {
                let r = 22 * u
                let centre = Point(x: cart.maxX - 10 * u, y: cart.minY + 16 * u)
                context.fill(Path(ellipseIn: Rect(x: centre.x - r, y: centre.y - r, width: 2 * r, height: 2 * r)),
                             with: .solid(palette.badge))
                drawText("\(n)", bold: true, size: 26 * u, color: .white, centerX: centre.x, baseline: centre.y + 9 * u, in: context)
            }
        }
    }

    func drawZoomOutButton(in context: DrawingContext) {
        let shown = 1 - headerVisibility
        guard shown > 0, phase == .zoomed || headerVisibility < 1 else { return }
        let r = layout.zoomOut, u = layout.u
        // Slides in from the left as the header leaves.
        let dx = -(1 - shown) * (r.maxX + 10 * u)
        let frame = r.offsetBy(dx: dx, dy: 0)
        context.transform = .identity
        withPressScale(.zoomOut, centre: frame.center, in: context) {
            context.fill(Path(ellipseIn: frame), with: .solid(Color.white.withOpacity(0.95)))
            // A magnifier with a minus.
            let c = Point(x: frame.midX - 6 * u, y: frame.midY - 6 * u), lens = 22 * u
            var glass = Path(ellipseIn: Rect(x: c.x - lens, y: c.y - lens, width: 2 * lens, height: 2 * lens))
            glass.move(to: Point(x: c.x + lens * 0.72, y: c.y + lens * 0.72))
            glass.addLine(to: Point(x: c.x + lens * 1.5, y: c.y + lens * 1.5))
            glass.move(to: Point(x: c.x - lens * 0.5, y: c.y))
            glass.addLine(to: Point(x: c.x + lens * 0.5, y: c.y))
            context.stroke(glass, with: .solid(palette.accent), style: StrokeStyle(lineWidth: 6 * u, lineCap: .round))
        }
    }

    func drawBottomBar(in context: DrawingContext) {
        let u = layout.u, bar = layout.bottomBar
        context.transform = .identity
        context.fill(Path(bar), with: .solid(palette.barBackground))
        // Legend: up to four categories, then taken and wheelchair.
        let venue = interaction.chart.venue
        var k = 0
        let swatch = 30 * u
        for (i, category) in venue.categories.prefix(4).enumerated() where k < layout.legendOrigins.count - 2 {
            let o = layout.legendOrigins[k]
            let box = Rect(x: o.x, y: o.y, width: swatch, height: swatch)
            context.fill(Path(roundedRect: box, cornerRadius: 6 * u), with: .solid(renderer.availableSeat))
            context.stroke(Path(roundedRect: box.insetBy(dx: 2 * u, dy: 2 * u), cornerRadius: 5 * u),
                           with: .solid((try? Color(hex: category.color)) ?? palette.secondaryText),
                           style: StrokeStyle(lineWidth: 4 * u))
            var label = category.name
            if let p = price(ofCategory: i) { label += " · " + MoneyFormat.string(minor: p, currency: configuration.currency) }
            drawText(label, size: 22 * u, color: palette.text, x: o.x + swatch + 12 * u, baseline: o.y + 23 * u,
                     maxWidth: 330 * u - swatch - 24 * u, in: context)
            k += 1
        }
        if k < layout.legendOrigins.count {
            let o = layout.legendOrigins[k]
            context.fill(Path(roundedRect: Rect(x: o.x, y: o.y, width: swatch, height: swatch), cornerRadius: 6 * u),
                         with: .solid(renderer.unavailableSeat))
            drawText("Sold or held", size: 22 * u, color: palette.text, x: o.x + swatch + 12 * u, baseline: o.y + 23 * u, in: context)
            k += 1
        }
        if k < layout.legendOrigins.count {
            let o = layout.legendOrigins[k]
            let box = Rect(x: o.x, y: o.y, width: swatch, height: swatch)
            context.fill(Path(roundedRect: box, cornerRadius: 6 * u), with: .solid(renderer.availableSeat))
            drawWheelchair(in: box.insetBy(dx: 4 * u, dy: 4 * u), color: palette.wheelchair, lineWidth: 2.5 * u, in: context)
            drawText("Wheelchair space", size: 22 * u, color: palette.text, x: o.x + swatch + 12 * u, baseline: o.y + 23 * u, in: context)
        }

        // Summary: tickets and total, the hold's countdown.
        let n = selectedSeats.count
        let s = layout.summaryOrigin
        if n == 0 {
            drawText("No seats chosen yet", size: 28 * u, color: palette.secondaryText, x: s.x, baseline: s.y, in: context)
        } else {
            drawText("\(n) ticket\(n == 1 ? "" : "s") · \(MoneyFormat.string(minor: total, currency: configuration.currency))",
                     bold: true, size: 30 * u, color: palette.text, x: s.x, baseline: s.y, in: context)
        }
        if let expiry = holdExpiresAt, expiry > now {
            let left = Int((expiry - now).rounded(.up))
            let mmss = "\(left / 60):\(left % 60 < 10 ? "0" : "")\(left % 60)"
            drawText("Seats held for \(mmss)", size: 24 * u, color: left <= 60 ? palette.note : palette.secondaryText,
                     x: s.x, baseline: s.y + 38 * u, in: context)
        }
        if !configuration.boxOfficeConfigured {
            drawText("Purchases unavailable: no box office connected", size: 22 * u, color: palette.note,
                     x: layout.noteOrigin.x, baseline: layout.noteOrigin.y, maxWidth: layout.isPortrait ? nil : layout.buy.minX - layout.noteOrigin.x - 20 * u,
                     in: context)
        }
        drawButton(.buy, title: "Buy Tickets", enabled: canBuy, in: context)
    }

    /// The toast's pill for `message` (screen px); nil without fonts.
    func toastBox(_ message: String) -> Rect? {
        let u = layout.u
        guard let l = textLayout(message, bold: false, size: 28 * u, maxWidth: nil, oneLine: false) else { return nil }
        let w = min(l.size.width + 64 * u, layout.size.width - 40 * u), h = 72 * u
        return Rect(x: (layout.size.width - w) / 2, y: layout.toastCenterY - h / 2, width: w, height: h)
    }

    func drawToast(_ message: String, in context: DrawingContext) {
        let u = layout.u
        guard let box = toastBox(message) else { return }
        let w = box.width, h = box.height
        context.transform = .identity
        context.fill(Path(roundedRect: box, cornerRadius: h / 2), with: .solid(palette.toast))
        drawText(message, size: 28 * u, color: palette.text, centerX: box.midX, baseline: box.midY + 10 * u,
                 maxWidth: w - 48 * u, in: context)
    }

    func drawCard(in context: DrawingContext) {
        let s = context.surface
        context.transform = .identity
        Self.dim(s, within: context.clipBounds, by: palette.scrim.premultiplied.rawValue)
        context.fill(Path(roundedRect: layout.card, cornerRadius: 28 * layout.u), with: .solid(palette.card))
    }

    /// Source-over of the premultiplied pixel `p` on every pixel of `rect`: the modal card's
    /// dim, one blend per pixel (no rasterizing of a screen-sized rectangle). Lanes as
    /// Raster's compositor: d' = p + d·(255 − αp)/255, rounded exactly.
    static func dim(_ surface: Surface, within rect: PixelRect, by p: UInt32) {
        let r = rect.intersection(surface.bounds)
        let ia = UInt64(255 &- (p >> 24))
        guard !r.isEmpty, ia < 255 else { return }
        let lanes: UInt64 = 0x00FF_00FF_00FF_00FF
        let s = UInt64(p & 0x00FF_00FF) | (UInt64(p & 0xFF00_FF00) << 24)
        for y in r.minY..<r.maxY {
            let row = surface.row(y) + r.minX
            for i in 0..<r.width {
                let v = UInt64(row[i])
                let d = (v & 0x00FF_00FF) | ((v & 0xFF00_FF00) << 24)
                let t = d &* ia &+ 0x0080_0080_0080_0080
                var sum = s &+ (((t &+ ((t >> 8) & lanes)) >> 8) & lanes)
                // Invalid premultiplied input (a channel above alpha) would carry: clamp lanes.
                if sum & 0xFF00_FF00_FF00_FF00 != 0 {
                    var c: UInt64 = 0
                    for k in stride(from: 0, to: 64, by: 16) { c |= min((sum >> UInt64(k)) & 0xFFFF, 255) << UInt64(k) }
                    sum = c
                }
                row[i] = UInt32(truncatingIfNeeded: (sum & 0x00FF_00FF) | ((sum >> 24) & 0xFF00_FF00))
            }
        }
    }

    func drawButton(_ control: KioskControl, title: String, enabled: Bool, in context: DrawingContext) {
        let r: Rect = control == .buy ? layout.buy : layout.cardButton
        let u = layout.u
        context.transform = .identity
        withPressScale(control, centre: r.center, in: context) {
            context.fill(Path(roundedRect: r, cornerRadius: 20 * u), with: .solid(enabled ? palette.accent : palette.disabledButton))
            drawText(title, bold: true, size: 34 * u, color: enabled ? palette.buttonText : palette.disabledText,
                     centerX: r.midX, baseline: r.midY + 12 * u, in: context)
        }
    }

    func drawOutOfService(code: String, in context: DrawingContext) {
        let s = context.surface, u = layout.u
        context.transform = .identity
        let w = Double(s.width), h = Double(s.height)
        context.fill(Path(Rect(x: 0, y: 0, width: w, height: h)), with: .solid(palette.serviceBackground))
        drawText("Out of service", bold: true, size: 76 * u, color: palette.text, centerX: w / 2, baseline: h * 0.4, in: context)
        drawText("This kiosk cannot sell tickets right now.", size: 34 * u, color: palette.secondaryText,
                 centerX: w / 2, baseline: h * 0.4 + 80 * u, in: context)
        drawText("Please ask a member of staff for help.", size: 34 * u, color: palette.secondaryText,
                 centerX: w / 2, baseline: h * 0.4 + 130 * u, in: context)
        let box = Rect(x: w / 2 - 220 * u, y: h * 0.4 + 180 * u, width: 440 * u, height: 96 * u)
        context.stroke(Path(roundedRect: box, cornerRadius: 16 * u), with: .solid(palette.serviceCode), style: StrokeStyle(lineWidth: 4 * u))
        drawText("Code \(code)", bold: true, size: 44 * u, color: palette.serviceCode, centerX: box.midX,
                 baseline: box.midY + 16 * u, maxWidth: box.width - 30 * u, in: context)
    }

    func drawAttract(since start: Double, in context: DrawingContext) {
        let u = layout.u, w = layout.size.width, h = layout.size.height
        context.transform = .identity
        drawText(configuration.eventName, bold: true, size: 56 * u, color: palette.text, centerX: w / 2, baseline: 120 * u,
                 maxWidth: w - 80 * u, in: context)
        // A pill with the invitation, breathing (period 2 s).
        let pulse = 0.8 + 0.2 * cos(2 * .pi * (now - start) / 2)
        let pill = Rect(x: w / 2 - min(420 * u, w / 2 - 20 * u), y: h - 230 * u, width: 2 * min(420 * u, w / 2 - 20 * u), height: 110 * u)
        context.fill(Path(roundedRect: pill, cornerRadius: 55 * u), with: .solid(palette.accent.withOpacity(pulse)))
        drawText("Touch to choose your seats", bold: true, size: 44 * u, color: .white, centerX: pill.midX,
                 baseline: pill.midY + 15 * u, maxWidth: pill.width - 40 * u, in: context)
    }

    /// Runs `body` with the context scaled about `centre` by the press feedback when `control`
    /// is the pressed item.
    func withPressScale(_ control: KioskControl, centre: Point, in context: DrawingContext, _ body: () -> Void) {
        let grow = pressed == .control(control) ? animator.value(pressScale) : 1
        let saved = context.transform
        if grow != 1 { context.transform = Self.scaling(grow, about: centre).concatenating(saved) }
        body()
        context.transform = saved
    }

    // MARK: - Icons and text

    /// A wheelchair pictogram in `rect` (the international symbol, stroked).
    func drawWheelchair(in rect: Rect, color: Color, lineWidth: Double, in context: DrawingContext) {
        func p(_ x: Double, _ y: Double) -> Point { Point(x: rect.minX + x * rect.width, y: rect.minY + y * rect.height) }
        let head = rect.width * 0.11
        context.fill(Path(ellipseIn: Rect(x: p(0.42, 0.1).x - head, y: p(0.42, 0.1).y - head, width: 2 * head, height: 2 * head)),
                     with: .solid(color))
        var body = Path()
        body.move(to: p(0.40, 0.28)); body.addLine(to: p(0.44, 0.60)); body.addLine(to: p(0.70, 0.60)); body.addLine(to: p(0.82, 0.88))
        body.move(to: p(0.41, 0.42)); body.addLine(to: p(0.64, 0.42))
        let r = rect.width * 0.28
        body.addArc(center: p(0.42, 0.66), radius: r, startAngle: .degrees(-60), endAngle: .degrees(200), clockwise: false)
        context.stroke(body, with: .solid(color), style: StrokeStyle(lineWidth: lineWidth, lineCap: .round, lineJoin: .round))
    }

    /// A shopping cart in `rect`.
    func drawCartIcon(in rect: Rect, color: Color, lineWidth: Double, in context: DrawingContext) {
        func p(_ x: Double, _ y: Double) -> Point { Point(x: rect.minX + x * rect.width, y: rect.minY + y * rect.height) }
        var cart = Path()
        cart.move(to: p(0.0, 0.08)); cart.addLine(to: p(0.16, 0.08)); cart.addLine(to: p(0.30, 0.68))
        cart.addLine(to: p(0.86, 0.68)); cart.addLine(to: p(0.98, 0.24)); cart.addLine(to: p(0.20, 0.24))
        context.stroke(cart, with: .solid(color), style: StrokeStyle(lineWidth: lineWidth, lineCap: .round, lineJoin: .round))
        let r = rect.width * 0.08
        for x in [0.36, 0.80] {
            let c = p(x, 0.88)
            context.fill(Path(ellipseIn: Rect(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r)), with: .solid(color))
        }
    }

    /// The shaped line for `string`, from the frame cache (shaping costs more than drawing).
    /// `oneLine` false is the toast's measuring layout (no line limit, no ellipsis).
    func textLayout(_ string: String, bold: Bool, size: Double, maxWidth: Double?, oneLine: Bool = true) -> TextLayout? {
        guard let renderer = text.renderer else { return nil }
        let key = KioskFrameCache.TextKey(string: string, size: size, bold: bold,
                                          maxWidth: oneLine ? maxWidth : -1)
        if let l = frameCache.texts[key] { return l }
        let options = oneLine
            ? TextLayout.Options(width: maxWidth, wraps: false, maxLines: 1, truncatesWithEllipsis: maxWidth != nil)
            : TextLayout.Options(wraps: false)
        let l = renderer.layout(string, fontSize: size, options: options, fonts: bold ? text.bold : text.regular)
        if frameCache.texts.count >= KioskFrameCache.textLimit { frameCache.texts.removeAll(keepingCapacity: true) }
        frameCache.texts[key] = l
        return l
    }

    /// One line of text starting at `x` on `baseline` (cut with an ellipsis beyond `maxWidth`).
    func drawText(_ string: String, bold: Bool = false, size: Double, color: Color, x: Double, baseline: Double,
                  maxWidth: Double? = nil, in context: DrawingContext) {
        guard let renderer = text.renderer, let l = textLayout(string, bold: bold, size: size, maxWidth: maxWidth) else { return }
        renderer.draw(l, at: Point(x: x, y: baseline - l.firstBaseline), color: color, in: context)
    }

    /// One line of text centred on `centerX`.
    func drawText(_ string: String, bold: Bool = false, size: Double, color: Color, centerX: Double, baseline: Double,
                  maxWidth: Double? = nil, in context: DrawingContext) {
        guard let renderer = text.renderer, let l = textLayout(string, bold: bold, size: size, maxWidth: maxWidth) else { return }
        let w = l.lines.first?.width ?? l.size.width
        let left = centerX - w / 2 - (l.lines.first?.x ?? 0)
        renderer.draw(l, at: Point(x: left, y: baseline - l.firstBaseline), color: color, in: context)
    }
}

/// The kiosk's fonts (DejaVu Sans and DejaVu Sans Bold) and text renderer, loaded once per
/// session; nil when the fonts are missing (the screens then draw without text rather than fail).
final class TextRendererBox {
    let regular: FontChain?
    let bold: FontChain?
    let renderer: TextRenderer?

    static let regularPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    static let boldPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"

    init() {
        regular = (try? Font(path: Self.regularPath)).map { FontChain(primary: $0) }
        bold = (try? Font(path: Self.boldPath)).map { FontChain(primary: $0) } ?? regular
        renderer = regular.map { TextRenderer(fonts: $0) }
    }
}
