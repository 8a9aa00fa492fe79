import Geometry

extension ChartLabels {
    /// Tribune `t`'s outline on screen, bounding box (px).
    func screenBox(of t: Int, _ m: AffineTransform) -> Rect? {
        let r = outlineStart[t]..<outlineStart[t + 1]
        guard !r.isEmpty else { return nil }
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        for i in r {
            let p = outline[i].applying(m)
            x0 = min(x0, p.x); y0 = min(y0, p.y); x1 = max(x1, p.x); y1 = max(y1, p.y)
        }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Seat numbers centred in their seats, on tribunes zoomed enough; none on a seat whose
    /// middle carries a mark (its paint's bit in `marked`: ✓ selected, ✕ sold, and the
    /// high-contrast theme's others; the wheelchair of `glyphTribune`'s spaces) or that is not
    /// drawn (`paints`).
    func placeSeats(_ m: AffineTransform, scale s: Double, screen: Rect, paints: [UInt8], marked: UInt32, glyphTribune: Int) {
        let known = paints.count == seatCentres.count
        for t in 0..<seatFit.count {
            let opacity = Self.fadeIn(scale: s, fit: seatFit[t])
            guard opacity > 0, let area = screenBox(of: t, m), area.intersects(screen) else { continue }
            for seat in tribuneSeats[t] where seatSprite[seat] >= 0 {
                if known {
                    let p = paints[seat]
                    if marked >> UInt32(p) & 1 != 0 || p == ChartScene.Paint.hidden { continue }
                }
                if t == glyphTribune && seatWheelchair[seat] != 0 { continue }
                let c = seatCentres[seat].applying(m)
                let b = box(of: seatSprite[seat], centre: c)
                guard screen.contains(b) else { continue }
                add(Placed(kind: .seat, sprite: seatSprite[seat], centre: c, box: b, opacity: opacity))
            }
        }
    }

    /// Row labels just beyond both end seats of each row, on tribunes zoomed enough: clear of
    /// the end seat and of every seat number by `rowClearanceMillimetres`, and one label where
    /// two rows of the same name end side by side (the second within a label's size is left out).
    func placeRows(_ m: AffineTransform, scale s: Double, screen: Rect) {
        let gap = Self.rowClearanceMillimetres * pixelsPerMillimetre
        for t in 0..<rowFit.count {
            let opacity = Self.fadeIn(scale: s, fit: rowFit[t])
            guard opacity > 0, let area = screenBox(of: t, m), area.insetBy(dx: -4 * fontSize, dy: -4 * fontSize).intersects(screen) else { continue }
            for row in tribuneRows[t] where rowSprite[row] >= 0 {
                let k = rowSprite[row], sp = sprites[Int(k)]
                let w = Double(sp.width), h = Double(sp.height)
                for e in 2 * row...2 * row + 1 {
                    // Outward on screen: half a seat, the clearance, then half the label's box.
                    let p = rowEnd[e].applying(m)
                    let ox = m.a * rowOut[e].dx + m.c * rowOut[e].dy, oy = m.b * rowOut[e].dx + m.d * rowOut[e].dy
                    let n = (ox * ox + oy * oy).squareRoot()
                    guard n > 0 else { continue }
                    let ux = ox / n, uy = oy / n
                    let reach = rowSeatSize[row] * s / 2 + gap + abs(ux) * w / 2 + abs(uy) * h / 2
                    let c = Point(x: p.x + ux * reach, y: p.y + uy * reach)
                    let b = box(of: k, centre: c)
                    guard screen.contains(b) else { continue }
                    // The same row's label from the neighbouring tribune, within a label's size.
                    let tag = Int32(Kind.row.rawValue) << 24 | k
                    if grid.collides(b.insetBy(dx: -w, dy: -h), where: { $0 == tag }) { continue }
                    add(Placed(kind: .row, sprite: k, centre: c, box: b, opacity: opacity), margin: gap)
                }
            }
        }
    }
}
