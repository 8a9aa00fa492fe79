import Testing
import Geometry
import Seating
@testable import KioskUI

/// What the checkout keeps of past orders does not grow with the visitors.
@Suite struct CheckoutTests {
    @Test func onlyTheLatestOrdersAreKept() {
        let venue = KioskDriver.design
        var checkout = Checkout(venue: venue, configuration: .init(screenSize: Size(width: 1920, height: 1080), pixelsPerMillimetre: 4))
        for k in 1...40 { checkout.completed(orderID: "ord-\(k)") }
        #expect(checkout.purchaseCount == 40)
        #expect(checkout.purchases == (25...40).map { "ord-\($0)" })
    }
}
