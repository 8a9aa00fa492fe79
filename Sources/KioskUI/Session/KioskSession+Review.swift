extension KioskSession {
    /// Buy Tickets (on the chart or in the cart): the review comes first, with the seats still
    /// held; a toast says why when Buy cannot be pressed.
    func openReview() {
        guard canBuy else {
            if !configuration.boxOfficeConfigured {
                showToast(content.strings.purchasesNotAvailableYet)
            } else if selectedSeats.isEmpty {
                showToast(content.strings.tapTribuneFirst)
            }
            return
        }
        seatCallout = nil
        legendOpen = false
        go(.reviewRequested)
    }

    /// Confirm: the order goes to the box office at the total the review showed (idempotent and
    /// journaled by the host's client, as every purchase).
    func confirmReview() {
        guard screen == .review, canBuy else { return }
        checkout.requestPurchase(of: selectedSeats, total: total)
        go(.buyRequested)
    }

    /// Back: the chart as it was, the seats still held.
    func leaveReview() { go(.reviewDismissed(zoomed: chartIsZoomed)) }
}
