import Geometry
import Seating
@testable import KioskUI

/// Party size first's screens for the chrome layout checks (their names start with "party": the
/// suite's driver turns party size first on for them).
extension ChromeLayoutTests {
    static let partyScreens: [(name: String, standalone: Bool, reach: @Sendable (KioskDriver, Bool) -> Void)] = [
        // What a new visitor meets: the picker.
        ("party-picker", false, { d, _ in d.run(to: 1.5) }),
        // Four chosen, the accessible filter on: the strip over the highlighted map.
        ("party-strip", false, { d, _ in
            d.run(to: 1.5); pickParty(4, d); d.tap(.accessibleFilter); d.run(to: d.now + 0.5)
        }),
        // Best seats: flown to, the block pointed out ("4 seats together here").
        ("party-best-seats", false, { d, _ in
            d.run(to: 1.5); pickParty(4, d); d.tap(.bestSeats); d.run(to: d.now + 1.2)
        }),
        // A seat the party does not fit at: the toast says why, the nearest block is proposed.
        ("party-proposal", false, { d, _ in
            d.run(to: 1.5); pickParty(2, d)
            let t = d.zoomIn()
            let rows = d.venue.rows.filter { d.venue.tribunes[t].seats.contains($0.seats.lowerBound) }
            let row = rows[rows.count / 2].seats, s = row.lowerBound + row.count / 2
            for x in [s - 2, s + 2] { d.session.interaction.setStatus(x, .sold) }
            d.tap(d.seatPoint(s)); d.run(to: d.now + 1.2)
        }),
        // The picker again, from the chip, with the size chosen.
        ("party-picker-again", false, { d, _ in
            d.run(to: 1.5); pickParty(3, d); d.tap(.partyChange); d.run(to: d.now + 0.5)
        }),
    ]

    /// Taps the picker's button for `n` seats.
    static func pickParty(_ n: Int, _ d: KioskDriver) {
        d.tap(d.session.partyLayout.sizes[n - 1].center)
    }
}
