/// The buttons a visitor can press, named for scripts and tests (`KioskSession.frame(of:)`).
public enum KioskControl: String, Hashable, Sendable, CaseIterable {
    /// Buy Tickets in the bottom bar (disabled with no seats or without a box office).
    case buy
    /// The round zoom-out button, top left, while zoomed.
    case zoomOut
    /// Ok in the confirmation or purchase-failed dialog.
    case dialogOK
    /// The cart in the header: opens the cart.
    case cart
    /// Continue in the "Still there?" prompt.
    case idleContinue
    /// The legend's entries: a tap highlights the entry's seats on the map (`tapLegend`).
    case legend
    /// Opens and closes the legend's panel where the legend folds (`KioskLayout.legendFolds`).
    case legendToggle
    /// Party size first: the picker's size buttons (which one from where the finger was).
    case partySize
    /// The party's chip in the strip: opens the picker again.
    case partyChange
    /// Best seats in the party strip (`BestAvailable` for the party).
    case bestSeats
    /// The accessible filter in the party strip: wheelchair spaces and companion seats.
    case accessibleFilter
    /// "More time" in the hold's last minute (above Buy on the chart, by the countdown on the
    /// cart and the review): asks the box office to extend the hold.
    case moreTime
    /// The cart's lines: a tap closes the cart and flies the chart to the line's seat
    /// (`frame(ofCartLine:)`; `frame(of:)` gives the touched line's, else the first).
    case cartLine
    /// The cart's remove control on a line: the seat leaves the cart and its hold is let go
    /// (`frame(ofCartRemove:)`; `frame(of:)` gives the touched line's, else the first).
    case cartRemove
    /// Close on the cart.
    case cartClose
    /// Back on the review: the chart, the seats still held.
    case reviewBack
    /// Confirm on the review: places the order.
    case reviewConfirm
    /// The accessibility button (header and attract screen): opens the accessibility card.
    case accessibility
    /// The accessibility card's switches (which one from where the finger was,
    /// `frame(ofAccessibilityToggle:)`; `frame(of:)` gives the first).
    case accessibilityToggle
    /// Close on the accessibility card.
    case accessibilityClose
    /// The language button (header and attract screen): the next offered language, at once
    /// (`KioskLanguages.after`); the next visitor starts in the configured default.
    case language
    /// Step-through selection: an entry of the list — an item, Back, Previous or More
    /// (`KioskSession.stepListEntries`; `frame(of:)` gives the touched entry's, else the first).
    case stepItem
}
