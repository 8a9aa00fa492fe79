import Testing
import Geometry
import Seating
@testable import KioskUI

/// The event's most seats per order (the box office's `max_seats_per_order`) bounds the party
/// picker and the selection, at start and when the event's details arrive late.
@Suite struct KioskSessionOrderLimitTests {
    @Test func thePickerOffersOneToTheEventsMaximum() {
        let d = KioskDriver { $0.partySizeFirst = true; $0.maxSeatsPerOrder = 4 }
        d.run(to: 1.2)
        #expect(d.session.partyLayout.sizes.count == 4)
        #expect(d.session.interaction.chart.selection.maxPerOrder == 4)
    }

    @Test func aLateEventBringsItsMaximum() {
        let d = KioskDriver { $0.partySizeFirst = true }
        d.run(to: 1.2)
        #expect(d.session.partyLayout.sizes.count == 8)
        var late = d.session.configuration
        late.maxSeatsPerOrder = 6
        d.session.adoptEventDetails(from: late)
        #expect(d.session.partyLayout.sizes.count == 6)
        #expect(d.session.interaction.chart.selection.maxPerOrder == 6)
    }
}
