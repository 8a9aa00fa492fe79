import Animation
import Geometry
import Seating

/// Seat blocks chosen for the visitor (party placement, Best seats): the selection replaced by
/// a block, and the view flown to it.
extension ChartInteraction {
    /// Replaces the selection with `seats`, in order. No checks: the block comes from a
    /// placement rule that already followed them (`PartyPlacement`, `BestAvailable`).
    public func select(_ seats: [Int]) {
        var selection = chart.selection
        selection.removeAll()
        selection.add(seats)
        chart.selection = selection
    }

    /// Flies the view to `block` with the tribune-tap animation: its tribune selected and fitted
    /// into the safe area (`ChartViewState.fittedPlacement`), aimed at the block's centre, so
    /// where the fit would show seats under 9 mm the view zooms to 9 mm seats centred on the
    /// block; either way the block ends inside the safe area. A tribune newly selected reveals
    /// its seats after the zoom.
    public func show(_ block: SeatBlock) {
        let venue = chart.venue
        guard block.first >= 0, block.last < venue.seatCount else { return }
        let tribune = Int(venue.seats[block.first].tribune)
        let shown = presentedView
        let aim = chart.view.screenPoint(fromChart: block.centre(in: venue))
        if chart.selectedTribune != tribune {
            chart.selectedTribune = tribune
            // A newly selected tribune's seats start hidden.
            animator.set(reveal, to: 0, transaction: Transaction())
        }
        chart.view.cancelGestures()
        chart.view.place(chart.view.fittedPlacement(outline: venue.tribunes[tribune].path, tap: aim))
        animateView(from: shown.placement, revealTo: 1)
    }

    /// True when `block`'s tribune is the selected one and every seat of it, with half a seat
    /// around its centre, lies inside the safe area in the view flown to (`chart.view`).
    func isInSight(_ block: SeatBlock) -> Bool {
        let venue = chart.venue, view = chart.view
        guard block.first >= 0, block.last < venue.seatCount,
              chart.selectedTribune == Int(venue.seats[block.first].tribune) else { return false }
        let half = view.seatSize * view.placement.scale / 2
        let area = view.safeArea.insetBy(dx: half, dy: half)
        return block.seats.allSatisfy { area.contains(view.screenPoint(fromChart: venue.seats[$0].center)) }
    }

    /// Flies to `block` as `show` does when it is not in sight (`isInSight`); true when it flew.
    /// A list choosing seats beside a small map strip shows them there without moving a map
    /// that already does.
    @discardableResult
    func keepInSight(_ block: SeatBlock) -> Bool {
        guard !isInSight(block) else { return false }
        show(block)
        return true
    }
}
