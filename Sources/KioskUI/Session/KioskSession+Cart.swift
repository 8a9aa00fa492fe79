import Geometry
import Seating

extension KioskSession {
    /// The cart's seats in the venue's order (tribune, row, seat), as its lines list them.
    var cartSeats: [Int] { selectedSeats.sorted() }

    /// The cart's or the review's lines: where each seat is and its category and price.
    func seatListLines() -> [SeatListView.State.Line] {
        let venue = interaction.chart.venue, strings = content.strings
        return cartSeats.map { i in
            let s = venue.seats[i], category = Int(s.category)
            let place = KioskStrings.fill(strings.receiptSeat, ("section", venue.tribunes[Int(s.tribune)].label),
                                          ("row", venue.rowLabels[Int(s.row)]), ("seat", venue.seatNumbers[i]))
            var detail = venue.categories.indices.contains(category) ? venue.categories[category].name : ""
            if let price = checkout.price(ofCategory: category) {
                detail = KioskStrings.fill(strings.categoryAndPrice, ("name", detail),
                                           ("price", content.money(price)))
            }
            return .init(place: place, detail: detail)
        }
    }

    /// The card on the cart or review screen now (nil on other screens).
    func seatListState() -> SeatListView.State? {
        let kind: SeatListView.State.Kind
        switch screen.beneathAccessibilityMenu {
        case .cart: kind = .cart
        case .review: kind = .review
        default: return nil
        }
        func scale(_ c: KioskControl) -> Double { pressed == .control(c) ? animator.value(pressScale) : 1 }
        var s = SeatListView.State(kind: kind, lines: seatListLines(), tickets: selectedSeats.count, total: total,
                                   secondsLeft: holdSecondsLeft, offersMoreTime: offersMoreTime)
        s.primaryScale = scale(kind == .cart ? .buy : .reviewConfirm)
        s.secondaryScale = scale(kind == .cart ? .cartClose : .reviewBack)
        s.moreTimeScale = scale(.moreTime)
        if pressed == .control(.cartRemove), let k = listLine {
            s.pressedRemove = k
            s.removeScale = animator.value(pressScale)
        }
        return s
    }

    /// The cart's layout on this screen.
    var seatListLayout: SeatListLayout { SeatListLayout(layout: layout, removable: screen == .cart) }

    /// Line `k` of the cart (the part a tap flies to), nil when the cart is not open or the line
    /// is not shown.
    public func frame(ofCartLine k: Int) -> Rect? {
        guard screen == .cart, k >= 0, k < seatListLayout.shown(of: selectedSeats.count) else { return nil }
        return seatListLayout.text(ofLine: k)
    }

    /// Line `k`'s remove control, nil when the cart is not open or the line is not shown.
    public func frame(ofCartRemove k: Int) -> Rect? {
        guard screen == .cart, k >= 0, k < seatListLayout.shown(of: selectedSeats.count) else { return nil }
        return seatListLayout.remove(ofLine: k)
    }

    /// Where `control` is on the cart or the review screen (nil: not there or not offered).
    func seatListFrame(of control: KioskControl) -> Rect? {
        let list = seatListLayout, cart = screen == .cart
        switch control {
        case .buy: return cart ? list.primary : nil
        case .cartClose: return cart ? list.secondary : nil
        case .reviewConfirm: return cart ? nil : list.primary
        case .reviewBack: return cart ? nil : list.secondary
        case .moreTime: return offersMoreTime ? list.moreTime : nil
        // The line the touch in progress went to (the first line otherwise).
        case .cartLine: return frame(ofCartLine: listLine ?? 0)
        case .cartRemove: return frame(ofCartRemove: listLine ?? 0)
        default: return nil
        }
    }

    /// Where a touch at `p` goes on the cart or the review: its controls, else nowhere (the
    /// card covers the chart). On the cart a line's index is kept in `listLine`.
    func seatListRoute(at p: Point) -> TouchRouter.Route {
        listLine = nil
        if screen == .cart {
            for k in 0..<seatListLayout.shown(of: selectedSeats.count) {
                if frame(ofCartRemove: k)?.contains(p) == true { listLine = k; return .control(.cartRemove) }
                if frame(ofCartLine: k)?.contains(p) == true { listLine = k; return .control(.cartLine) }
            }
        }
        for c in [KioskControl.buy, .cartClose, .reviewBack, .reviewConfirm, .moreTime] {
            if let r = frame(of: c), r.contains(p) { return .control(c) }
        }
        return .swallow(wake: false)
    }

    /// The cart in the header: the cart opens (a toast says it is empty when it is).
    func openCart() {
        guard !selectedSeats.isEmpty else { return showToast(content.strings.cartEmpty) }
        seatCallout = nil
        legendOpen = false
        go(.cartOpened)
    }

    func closeCart() { go(.cartClosed(zoomed: chartIsZoomed)) }

    /// The box office took the last seat away while the cart or the review was open (sold
    /// elsewhere): back to the chart, where the toast names the seat.
    func leaveEmptySeatList() {
        guard selectedSeats.isEmpty else { return }
        if screen == .cart { closeCart() } else if screen == .review { leaveReview() }
    }

    /// The remove control on line `k`: the seat leaves the selection and its hold is let go
    /// (the release a deselected seat sends); an emptied cart closes.
    func removeCartLine(_ k: Int) {
        let seats = cartSeats
        guard seats.indices.contains(k) else { return }
        let before = selectedSeats
        interaction.deselect(seats[k])
        checkout.selectionChanged(from: before, to: selectedSeats)
        if selectedSeats.isEmpty { closeCart() }
    }

    /// A tap on line `k`: the cart closes and the chart flies to the seat's tribune, fitted
    /// (`ChartInteraction.show`), with the seat's callout.
    func flyToCartLine(_ k: Int) {
        let seats = cartSeats
        guard seats.indices.contains(k) else { return }
        let seat = seats[k], venue = interaction.chart.venue
        interaction.show(SeatBlock(row: Int(venue.seats[seat].row), seats: seat..<(seat + 1)))
        closeCart()
        // The callout's tail points from the seat itself once the view has arrived.
        let target = interaction.chart.view.screenPoint(fromChart: venue.seats[seat].center)
        seatCallout = SeatCallout(seat: seat, finger: target, outcome: .inCart)
    }
}
