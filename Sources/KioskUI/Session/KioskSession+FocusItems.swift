import Geometry

/// The items of each screen in reading order, for the screen reader (`FocusItem`): the
/// header's controls, the party's controls, the bar's buttons on the map's screens; the lines,
/// their remove controls and the buttons on the cart and the review; the order code, the total
/// and Done on the receipt. Labels say everything the item shows.
extension KioskSession {
    /// The items on screen now, in reading order (empty where touch does nothing: blanked,
    /// attract, out of service). The cart, the review, purchasing, the receipt and the dialogs
    /// show the accessibility button over their card: it is their last item (it floats over
    /// them, and a visitor swiping from the start meets the screen's own items first).
    public var focusItems: [FocusItem] {
        var items = screenItems
        switch screen {
        case .cart, .review, .purchasing, .receipt, .purchaseFailed, .idlePrompt:
            if let r = frame(of: .accessibility) { items.append(.control(content.strings.accessibilityTitle, r)) }
        default:
            break
        }
        return items
    }

    /// The screen's own items, in reading order.
    private var screenItems: [FocusItem] {
        let strings = content.strings
        switch screen {
        case .stadium, .tribune:
            return chartScreenItems()
        case .cart, .review:
            return seatListItems()
        case .receipt(let receipt, _):
            let l = receiptLayout(receipt)
            let money = content.money(receipt.total, currency: receipt.currency)
            return [FocusItem(label: strings.orderCode + " " + Self.spelledOut(receipt.orderCode), frame: l.code, activationPoint: nil)]
                + receiptSeatItems(receipt, l) + [
                FocusItem(label: KioskStrings.fill(strings.receiptTotal, ("total", money)), frame: l.total, activationPoint: nil),
                .control(strings.doneButton, l.done),
            ]
        case .purchaseFailed(let reason):
            return [FocusItem(label: reason, frame: layout.cardBodyBox, activationPoint: nil),
                    .control(strings.okButton, layout.cardButton)]
        case .idlePrompt:
            return [.control(strings.continueButton, layout.cardButton)]
        case .accessibilityMenu:
            // Each switch with its state, then Close.
            let card = AccessibilityCardLayout(layout: layout)
            let titles = AccessibilityCardView.toggleTitles(strings), on = AccessibilityCardView.toggleStates(accessibility)
            var items = card.toggles.indices.map { k in
                FocusItem.control(titles[k] + " · " + (on[k] ? strings.spokenOn : strings.spokenOff), card.toggles[k])
            }
            items.append(.control(strings.closeButton, card.close))
            return items
        default:
            // Blanked, attract, out of service: touch does nothing there; purchasing: only the
            // accessibility button.
            return []
        }
    }

    /// The receipt's seats as it shows them, each an item saying where the seat is, its
    /// category and price (as the cart's lines say them); "+ N more" when not all are shown.
    private func receiptSeatItems(_ receipt: Receipt, _ l: ReceiptLayout) -> [FocusItem] {
        let strings = content.strings, shown = ReceiptView.shownSeats(receipt, in: l)
        var items = receipt.seats.prefix(shown).enumerated().map { k, seat in
            var label = ReceiptView.place(seat, strings)
            if let price = seat.price {
                label += " · " + KioskStrings.fill(strings.categoryAndPrice, ("name", seat.category),
                                                   ("price", content.money(price, currency: receipt.currency)))
            } else if !seat.category.isEmpty {
                label += " · " + seat.category
            }
            return FocusItem(label: label, frame: l.seatLines[k], activationPoint: nil)
        }
        if shown < receipt.seats.count, let last = l.seatLines.last {
            items.append(FocusItem(label: strings.counted(\.moreSeats, receipt.seats.count - shown), frame: last, activationPoint: nil))
        }
        return items
    }

    /// The stadium's and a tribune's items: home, cart, the party's controls or the
    /// step-through list's entries (`stepListEntries`), the legend's toggle, More time, Buy.
    private func chartScreenItems() -> [FocusItem] {
        let strings = content.strings
        var items: [FocusItem] = []
        func add(_ control: KioskControl, _ label: String) {
            if let r = frame(of: control) { items.append(.control(label, r)) }
        }
        add(.zoomOut, strings.spokenWholeStadium)
        let bag = selectedSeats.isEmpty ? strings.noSeatsChosen
            : content.ticketsAndTotal(selectedSeats.count, total: total)
        add(.cart, strings.cartTitle + " · " + bag)
        add(.accessibility, strings.accessibilityTitle)
        add(.language, strings.languageTitle + " · " + configuration.language.nativeName)
        if partyFrame(of: .partySize) != nil {
            for (k, r) in partyLayout.sizes.enumerated() {
                let n = k + 1
                items.append(.control(strings.counted(\.spokenSeats, n), r))
            }
        }
        if let n = party.size {
            add(.partyChange, strings.counted(\.partyOf, n))
        }
        for entry in stepListEntries { items.append(.control(entry.label, entry.frame)) }
        add(.bestSeats, strings.bestSeats)
        add(.accessibleFilter, strings.accessibleFilter + " · " + (party.accessibleOnly ? strings.spokenOn : strings.spokenOff))
        add(.legendToggle, strings.legendToggle)
        add(.moreTime, strings.moreTime)
        add(.buy, canBuy ? strings.buyTickets : strings.buyTickets + " · " + strings.spokenDimmed)
        return items
    }

    /// The cart's and the review's items: each seat's line (and in the cart its remove
    /// control), the total, More time, then Close and Buy, or Back and Confirm.
    private func seatListItems() -> [FocusItem] {
        let strings = content.strings, list = seatListLayout, cart = screen == .cart
        let lines = seatListLines()
        var items: [FocusItem] = []
        let shown = list.shown(of: lines.count)
        for k in 0..<shown {
            let label = lines[k].place + " · " + lines[k].detail
            if cart {
                items.append(.control(label, list.text(ofLine: k)))
                items.append(.control(KioskStrings.fill(strings.spokenRemove, ("seat", lines[k].place)), list.remove(ofLine: k)))
            } else {
                items.append(FocusItem(label: label, frame: list.lines[k], activationPoint: nil))
            }
        }
        if shown < lines.count {
            items.append(FocusItem(label: strings.counted(\.moreSeats, lines.count - shown), frame: list.moreLabel, activationPoint: nil))
        }
        let money = content.ticketsAndTotal(selectedSeats.count, total: total)
        items.append(FocusItem(label: money, frame: list.total, activationPoint: nil))
        if offersMoreTime { items.append(.control(strings.moreTime, list.moreTime)) }
        items.append(.control(cart ? strings.closeButton : strings.backButton, list.secondary))
        items.append(.control(cart ? strings.buyTickets : strings.confirmButton, list.primary))
        return items
    }
}
