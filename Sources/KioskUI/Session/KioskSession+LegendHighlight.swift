import Geometry

/// A legend entry's seats picked out on the map: every other look is dimmed until `until`.
struct LegendHighlight: Equatable {
    var status: SeatLook.Status
    /// Clock time (s) the highlight ends.
    var until: Double
}

extension KioskSession {
    /// How long a tapped legend entry stays highlighted, s (another tap on it, any chart gesture
    /// or another control ends it sooner).
    public static let legendHighlightDuration = 6.0

    /// The legend's entries on screen (px): the cells that hold an entry, as one rect.
    var legendFrame: Rect? {
        let cells = layout.legendCells.prefix(content.legend.count)
        guard let first = cells.first else { return nil }
        return cells.dropFirst().reduce(first) { $0.union($1) }
    }

    /// The status highlighted on the map now (nil: none, or its time is up): a tapped legend
    /// entry's, else the accessible filter's while it is on.
    var activeLegendHighlight: SeatLook.Status? {
        guard let h = legendHighlight, h.until > now else { return accessibleHighlight }
        return h.status
    }

    /// A tap on the legend at `p` (px): highlights that entry's seats on the map, or ends the
    /// highlight when the entry already is. A folded legend closes, so the map shows them.
    func tapLegend(at p: Point) {
        guard let k = layout.legendCells.prefix(content.legend.count).firstIndex(where: { $0.contains(p) }) else { return }
        let status = content.legend[k].status
        legendHighlight = activeLegendHighlight == status
            ? nil : LegendHighlight(status: status, until: now + Self.legendHighlightDuration)
        legendOpen = false
        dirty = true
    }

    /// Opens or closes the folded legend's panel; the callout goes (the panel may cover it).
    func toggleLegend() {
        legendOpen.toggle()
        seatCallout = nil
        dirty = true
    }

    /// A touch sequence starts towards `route` on the map's screens: anything but a legend
    /// entry (a chart gesture, another control, the toggle) ends the highlight, and a chart
    /// gesture or another control closes an open legend. Touches on bars and panels do neither.
    func legendSees(_ route: TouchRouter.Route) {
        switch route {
        case .control(.legend), .swallow, .screenReader:
            return
        case .control(.legendToggle):
            if legendHighlight == nil { return }
            legendHighlight = nil
        case .chart, .control:
            if legendHighlight == nil && !legendOpen { return }
            legendHighlight = nil
            legendOpen = false
        }
        dirty = true
    }
}
