import Geometry
import Raster

extension SessionSnapshot {
    /// The screen areas (device px) whose pixels differ between `old` and `self`, both drawn
    /// over the same chart picture: each changed part's band or box; the whole screen when the
    /// modal card comes or goes (its dim covers everything). `oldToast`/`newToast` are the
    /// toast pills as drawn (they depend on shaped text).
    func damage(since old: SessionSnapshot, layout: KioskLayout, oldToast: Rect?, newToast: Rect?) -> [PixelRect] {
        let u = layout.u, size = layout.size
        let screen = [PixelRect(x: 0, y: 0, width: Int(size.width.rounded(.up)), height: Int(size.height.rounded(.up)))]
        if (old.card == nil) != (card == nil) { return screen }
        // The accessibility card dims everything; a switch may change the whole look.
        if old.accessibilityCard != accessibilityCard { return screen }
        var rects: [Rect] = []
        if old.header != header || old.home != home {
            // The header's band; the cart and the home control grow by at most `pressedScale`.
            let grown = Self.grown(layout.cart, pad: 2 * u).union(Self.grown(layout.home, pad: 2 * u))
                .union(Self.grown(layout.accessibilityButton, pad: 2 * u))
                .union(layout.languageButton == .zero ? .null : Self.grown(layout.languageButton, pad: 2 * u))
            rects.append(Rect(x: 0, y: 0, width: size.width, height: max(layout.header.maxY, grown.maxY)))
        }
        if old.bar != bar {
            rects.append(layout.bottomBar.union(Self.grown(layout.buy, pad: 2 * u)))
            if layout.legendFolds {
                rects.append(Self.grown(layout.legendToggle, pad: 2 * u))
                if old.bar.legendOpen != bar.legendOpen { rects.append(layout.legendPanel) }
            }
        } else if old.holdSecondsLeft != holdSecondsLeft {
            // The countdown's box under the total.
            rects.append(layout.noteBox)
        }
        if old.moreTime != moreTime {
            // With its high-contrast halo (large text's theme).
            let pad = 2 * u + (layout.chromeScale > 1 ? ChromePainter.haloUnits * layout.chromeUnit : 0)
            for m in [old.moreTime, moreTime] { if let m { rects.append(Self.grown(m.frame, pad: pad)) } }
        }
        if old.toast != toast {
            for box in [oldToast, newToast] { if let box { rects.append(box) } }
        }
        if old.callout != callout {
            for c in [old.callout, callout] { if let c { rects.append(c.bounds.insetBy(dx: -2 * u, dy: -2 * u)) } }
        }
        if old.party != party {
            // The picker's panel, or the strip, grown controls included.
            for p in [old.party, party] { if let p { rects.append(PartyBarView.bounds(p, layout: layout)) } }
        }
        if old.stepList != stepList {
            for l in [old.stepList, stepList] { if let l { rects.append(StepListView.bounds(l, layout: layout)) } }
        }
        if old.focusRing != focusRing {
            // The panels a ring lies over are redrawn whole: a clip edge through their rounded,
            // blended shapes does not always repaint the same pixels as a full frame.
            let panels = [layout.header, layout.bottomBar] + [old.stepList, stepList].compactMap { $0.map { StepListView.bounds($0, layout: layout) } }
                + [old.party, party].compactMap { $0.map { PartyBarView.bounds($0, layout: layout) } }
            for f in [old.focusRing, focusRing] {
                guard let f else { continue }
                let ring = FocusRingView.bounds(around: f, layout: layout)
                rects.append(panels.filter { $0.intersects(ring) }.reduce(ring) { $0.union($1) })
            }
        }
        if old.card != card {
            // Same kind of card: only its contents changed (the button grows within the card).
            rects.append(layout.card.union(Self.grown(layout.cardButton, pad: 2 * u)))
        }
        return rects.map { r in
            let x0 = Int((r.minX - 2).rounded(.down)), y0 = Int((r.minY - 2).rounded(.down))
            let x1 = Int((r.maxX + 2).rounded(.up)), y1 = Int((r.maxY + 2).rounded(.up))
            return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        }
    }

    /// `r` scaled by `pressedScale` about its centre, plus `pad` on each side.
    static func grown(_ r: Rect, pad: Double) -> Rect {
        let s = KioskSession.pressedScale
        let dx = r.width * (s - 1) / 2 + pad, dy = r.height * (s - 1) / 2 + pad
        return r.insetBy(dx: -dx, dy: -dy)
    }
}
