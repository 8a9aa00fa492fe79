import Testing
@testable import KioskUI

/// Every edge of the screen state machine (`KioskScreen.after(_:)`), one case each, with the
/// expected screen written out by hand from the product's rules; and the events each screen
/// ignores. Session-level consequences (holds released, timers) are in KioskSessionTests.
@Suite struct KioskScreenTests {
    struct Edge: CustomTestStringConvertible, Sendable {
        var from: KioskScreen
        var event: KioskScreen.Event
        var to: KioskScreen
        var testDescription: String { "\(from) --\(event)--> \(to)" }
    }

    /// Receipts as the box office's answers make them (the screen carries them as they are).
    static let three = Receipt(orderCode: "ord_3", seats: (1...3).map { Receipt.Seat(section: "North 2", row: "5", seat: "\($0)") },
                               total: 19_500, currency: "EUR")
    static let two = Receipt(orderCode: "ord_2", seats: [.init(section: "A", row: "1", seat: "1"), .init(section: "A", row: "1", seat: "2")],
                             total: 2, currency: "EUR")
    static let one = Receipt(orderCode: "ord_1", seats: [.init(section: "A", row: "1", seat: "1")], total: 1, currency: "EUR")

    static let edges: [Edge] = [
        // The chart follows its zoom.
        Edge(from: .stadium, event: .chartZoomed(true), to: .tribune),
        Edge(from: .tribune, event: .chartZoomed(false), to: .stadium),
        Edge(from: .stadium, event: .chartZoomed(false), to: .stadium),
        // The cart.
        Edge(from: .stadium, event: .cartOpened, to: .cart),
        Edge(from: .tribune, event: .cartOpened, to: .cart),
        Edge(from: .cart, event: .cartClosed(zoomed: false), to: .stadium),
        Edge(from: .cart, event: .cartClosed(zoomed: true), to: .tribune),
        Edge(from: .cart, event: .holdExpired(zoomed: true), to: .tribune),
        Edge(from: .cart, event: .reviewRequested, to: .review),
        Edge(from: .cart, event: .blankTimeout, to: .blanked(serviceCode: nil)),
        // Review, then pay.
        Edge(from: .stadium, event: .reviewRequested, to: .review),
        Edge(from: .tribune, event: .reviewRequested, to: .review),
        Edge(from: .review, event: .reviewDismissed(zoomed: true), to: .tribune),
        Edge(from: .review, event: .reviewDismissed(zoomed: false), to: .stadium),
        Edge(from: .review, event: .holdExpired(zoomed: false), to: .stadium),
        Edge(from: .review, event: .blankTimeout, to: .blanked(serviceCode: nil)),
        Edge(from: .review, event: .serviceLost(code: "BO-503"), to: .outOfService(code: "BO-503", beneath: .review)),
        Edge(from: .outOfService(code: "BO-1", beneath: .review), event: .serviceRestored(zoomed: true), to: .review),
        // Checkout.
        Edge(from: .review, event: .buyRequested, to: .purchasing),
        Edge(from: .purchasing, event: .purchased(three, at: 42), to: .receipt(three, since: 42)),
        Edge(from: .purchasing, event: .purchaseFailed(reason: "Seat sold"), to: .purchaseFailed(reason: "Seat sold")),
        Edge(from: .receipt(three, since: 42), event: .dialogDismissed, to: .stadium),
        Edge(from: .purchaseFailed(reason: "x"), event: .dialogDismissed, to: .stadium),
        // Idle.
        Edge(from: .stadium, event: .idleTimeout(at: 90), to: .idlePrompt(since: 90)),
        Edge(from: .tribune, event: .idleTimeout(at: 91.5), to: .idlePrompt(since: 91.5)),
        Edge(from: .idlePrompt(since: 90), event: .visitorContinued(zoomed: true), to: .tribune),
        Edge(from: .idlePrompt(since: 90), event: .visitorContinued(zoomed: false), to: .stadium),
        Edge(from: .idlePrompt(since: 90), event: .promptExpired(at: 110), to: .attract(since: 110)),
        Edge(from: .stadium, event: .blankTimeout, to: .blanked(serviceCode: nil)),
        Edge(from: .tribune, event: .blankTimeout, to: .blanked(serviceCode: nil)),
        Edge(from: .idlePrompt(since: 1), event: .blankTimeout, to: .blanked(serviceCode: nil)),
        Edge(from: .attract(since: 1), event: .blankTimeout, to: .blanked(serviceCode: nil)),
        Edge(from: .attract(since: 1), event: .wake(zoomed: false), to: .stadium),
        Edge(from: .blanked(serviceCode: nil), event: .wake(zoomed: false), to: .stadium),
        // Service.
        Edge(from: .stadium, event: .serviceLost(code: "BO-503"), to: .outOfService(code: "BO-503", beneath: .stadium)),
        Edge(from: .purchasing, event: .serviceLost(code: "BO-503"), to: .outOfService(code: "BO-503", beneath: .purchasing)),
        Edge(from: .attract(since: 5), event: .serviceLost(code: "BO-1"), to: .outOfService(code: "BO-1", beneath: .attract(since: 5))),
        Edge(from: .outOfService(code: "BO-1", beneath: .tribune), event: .serviceLost(code: "BO-2"),
             to: .outOfService(code: "BO-2", beneath: .tribune)),
        Edge(from: .outOfService(code: "BO-1", beneath: .tribune), event: .serviceRestored(zoomed: true), to: .tribune),
        Edge(from: .outOfService(code: "BO-1", beneath: .receipt(two, since: 7)), event: .serviceRestored(zoomed: false),
             to: .receipt(two, since: 7)),
        Edge(from: .outOfService(code: "BO-1", beneath: .idlePrompt(since: 3)), event: .serviceRestored(zoomed: false),
             to: .stadium),
        Edge(from: .outOfService(code: "BO-1", beneath: .purchasing), event: .purchased(two, at: 9),
             to: .outOfService(code: "BO-1", beneath: .receipt(two, since: 9))),
        Edge(from: .outOfService(code: "BO-1", beneath: .purchasing), event: .purchaseFailed(reason: "r"),
             to: .outOfService(code: "BO-1", beneath: .purchaseFailed(reason: "r"))),
        Edge(from: .outOfService(code: "BO-1", beneath: .stadium), event: .chartZoomed(true),
             to: .outOfService(code: "BO-1", beneath: .tribune)),
        Edge(from: .outOfService(code: "BO-1", beneath: .attract(since: 2)), event: .wake(zoomed: false),
             to: .outOfService(code: "BO-1", beneath: .stadium)),
        Edge(from: .blanked(serviceCode: nil), event: .serviceLost(code: "BO-7"), to: .blanked(serviceCode: "BO-7")),
        Edge(from: .blanked(serviceCode: "BO-7"), event: .serviceRestored(zoomed: false), to: .blanked(serviceCode: nil)),
        Edge(from: .blanked(serviceCode: "BO-7"), event: .wake(zoomed: false), to: .outOfService(code: "BO-7", beneath: .stadium)),
        // The accessibility card: over the chart's screens, from the attract screen onto the chart,
        // Close back; the chart zooms beneath; the idle prompt and blanking close it; the service
        // going away lies over it and gives it back.
        Edge(from: .stadium, event: .accessibilityOpened(zoomed: false), to: .accessibilityMenu(beneath: .stadium)),
        Edge(from: .tribune, event: .accessibilityOpened(zoomed: true), to: .accessibilityMenu(beneath: .tribune)),
        Edge(from: .attract(since: 3), event: .accessibilityOpened(zoomed: false), to: .accessibilityMenu(beneath: .stadium)),
        Edge(from: .accessibilityMenu(beneath: .tribune), event: .accessibilityClosed, to: .tribune),
        // The button is on every screen a visitor can touch; what comes without the visitor goes on under the card.
        Edge(from: .cart, event: .accessibilityOpened(zoomed: true), to: .accessibilityMenu(beneath: .cart)),
        Edge(from: .review, event: .accessibilityOpened(zoomed: false), to: .accessibilityMenu(beneath: .review)),
        Edge(from: .purchasing, event: .accessibilityOpened(zoomed: false), to: .accessibilityMenu(beneath: .purchasing)),
        Edge(from: .receipt(one, since: 2), event: .accessibilityOpened(zoomed: false), to: .accessibilityMenu(beneath: .receipt(one, since: 2))),
        Edge(from: .purchaseFailed(reason: "r"), event: .accessibilityOpened(zoomed: false),
             to: .accessibilityMenu(beneath: .purchaseFailed(reason: "r"))),
        Edge(from: .accessibilityMenu(beneath: .cart), event: .accessibilityClosed, to: .cart),
        Edge(from: .accessibilityMenu(beneath: .review), event: .holdExpired(zoomed: true), to: .accessibilityMenu(beneath: .tribune)),
        Edge(from: .accessibilityMenu(beneath: .purchasing), event: .purchased(one, at: 4),
             to: .accessibilityMenu(beneath: .receipt(one, since: 4))),
        Edge(from: .accessibilityMenu(beneath: .purchasing), event: .purchaseFailed(reason: "r"),
             to: .accessibilityMenu(beneath: .purchaseFailed(reason: "r"))),
        Edge(from: .accessibilityMenu(beneath: .tribune), event: .chartZoomed(false), to: .accessibilityMenu(beneath: .stadium)),
        Edge(from: .accessibilityMenu(beneath: .stadium), event: .idleTimeout(at: 9), to: .idlePrompt(since: 9)),
        Edge(from: .accessibilityMenu(beneath: .stadium), event: .blankTimeout, to: .blanked(serviceCode: nil)),
        Edge(from: .accessibilityMenu(beneath: .stadium), event: .serviceLost(code: "BO-2"),
             to: .outOfService(code: "BO-2", beneath: .accessibilityMenu(beneath: .stadium))),
        Edge(from: .outOfService(code: "BO-2", beneath: .accessibilityMenu(beneath: .stadium)), event: .serviceRestored(zoomed: false),
             to: .accessibilityMenu(beneath: .stadium)),
    ]

    @Test(arguments: edges) func edge(_ e: Edge) {
        #expect(e.from.after(e.event) == e.to)
    }

    /// Events a screen has no edge for leave it as it is: no prompt or blanking during a
    /// purchase, no buying from a modal screen, nothing but the service itself and what goes
    /// on underneath while out of service.
    static let ignored: [(KioskScreen, KioskScreen.Event)] = [
        (.purchasing, .idleTimeout(at: 1)), (.purchasing, .blankTimeout), (.purchasing, .buyRequested),
        (.receipt(one, since: 0), .idleTimeout(at: 1)), (.receipt(one, since: 0), .blankTimeout),
        (.receipt(one, since: 0), .purchased(two, at: 1)),
        (.purchaseFailed(reason: "r"), .chartZoomed(true)), (.idlePrompt(since: 1), .buyRequested),
        (.idlePrompt(since: 1), .chartZoomed(true)), (.attract(since: 1), .idleTimeout(at: 5)),
        (.attract(since: 1), .chartZoomed(true)), (.blanked(serviceCode: nil), .idleTimeout(at: 5)),
        (.blanked(serviceCode: nil), .blankTimeout), (.stadium, .purchased(one, at: 1)), (.stadium, .dialogDismissed),
        (.stadium, .wake(zoomed: true)), (.stadium, .serviceRestored(zoomed: false)),
        (.outOfService(code: "c", beneath: .stadium), .idleTimeout(at: 1)),
        (.outOfService(code: "c", beneath: .stadium), .blankTimeout),
        (.outOfService(code: "c", beneath: .stadium), .buyRequested),
        (.outOfService(code: "c", beneath: .receipt(one, since: 0)), .dialogDismissed),
        // Buying goes through the review; the cart and the review have no idle prompt (the
        // hold's expiry ends them) and open only from the chart.
        (.stadium, .buyRequested), (.tribune, .buyRequested), (.cart, .buyRequested), (.cart, .idleTimeout(at: 1)),
        (.review, .idleTimeout(at: 1)), (.review, .cartOpened), (.review, .cartClosed(zoomed: false)), (.cart, .reviewDismissed(zoomed: false)),
        (.stadium, .holdExpired(zoomed: false)), (.purchasing, .holdExpired(zoomed: false)), (.idlePrompt(since: 1), .cartOpened),
        (.purchasing, .reviewRequested), (.receipt(one, since: 0), .cartOpened),
        // The accessibility card is modal: nothing but Close leaves it for another screen, and
        // the idle prompt, the attract screen's wake and the blanked screen do not open it.
        (.accessibilityMenu(beneath: .stadium), .cartOpened), (.accessibilityMenu(beneath: .stadium), .reviewRequested),
        (.accessibilityMenu(beneath: .stadium), .accessibilityOpened(zoomed: false)), (.idlePrompt(since: 1), .accessibilityOpened(zoomed: false)),
        (.blanked(serviceCode: nil), .accessibilityOpened(zoomed: false)), (.stadium, .accessibilityClosed),
        (.accessibilityMenu(beneath: .cart), .reviewRequested), (.accessibilityMenu(beneath: .receipt(one, since: 0)), .dialogDismissed),
    ]

    @Test func eventsWithoutAnEdgeLeaveTheScreen() {
        for (screen, event) in Self.ignored {
            #expect(screen.after(event) == screen, "\(screen) on \(event)")
        }
    }

    @Test func phasesNameTheScreenShown() {
        let expected: [(KioskScreen, KioskPhase)] = [
            (.stadium, .browsing), (.tribune, .zoomed), (.cart, .cart), (.review, .review), (.purchasing, .checkout), (.receipt(Self.one, since: 0), .confirmation),
            (.purchaseFailed(reason: ""), .purchaseFailed), (.idlePrompt(since: 0), .idlePrompt), (.attract(since: 0), .attract),
            (.blanked(serviceCode: "c"), .blanked), (.outOfService(code: "c", beneath: .purchasing), .outOfService),
            (.accessibilityMenu(beneath: .tribune), .accessibility),
        ]
        for (screen, phase) in expected { #expect(screen.phase == phase) }
        #expect(Set(expected.map(\.1)) == Set(KioskPhase.allCases))
    }

    @Test func checkoutScreensHoldOffTimersEvenUnderOutOfService() {
        #expect(KioskScreen.purchasing.isInCheckout)
        #expect(KioskScreen.receipt(Self.one, since: 0).isInCheckout)
        #expect(KioskScreen.outOfService(code: "c", beneath: .purchaseFailed(reason: "r")).isInCheckout)
        #expect(!KioskScreen.stadium.isInCheckout && !KioskScreen.idlePrompt(since: 0).isInCheckout)
        // The hold runs on while the visitor reviews: it may expire there.
        #expect(!KioskScreen.review.isInCheckout && !KioskScreen.cart.isInCheckout)
    }
}
