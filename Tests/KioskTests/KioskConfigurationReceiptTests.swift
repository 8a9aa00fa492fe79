import Testing
import KioskUI
import Seating
@testable import Kiosk

/// `idle.receipt` (`--receipt-timeout`): how long the receipt stays before the kiosk resets for
/// the next visitor, in seconds; 0 keeps it until Done. The file, the flag, a bad value, and
/// what reaches the visitor's session.
@Suite struct KioskConfigurationReceiptTests {
    static let venue = StadiumGenerator.generate(.design())

    static func session(_ c: KioskConfiguration) -> KioskSession.Configuration {
        KioskRuntime.sessionConfiguration(c, screen: (1920, 1080), device: (1920, 1080), event: nil, venue: venue)
    }

    @Test func sixtySecondsUnlessConfigured() throws {
        let c = try KioskConfiguration.parse(toml: "", source: "tribune.toml")
        #expect(c.idle.receipt == 60)
        #expect(Self.session(c).receiptTimeout == 60)
    }

    @Test func theFileAndTheFlagSetIt() throws {
        var c = try KioskConfiguration.parse(toml: "[idle]\nreceipt = 45", source: "tribune.toml")
        #expect(c.idle.receipt == 45 && Self.session(c).receiptTimeout == 45)
        try c.set("idle.receipt", fromFlag: "120")
        #expect(Self.session(c).receiptTimeout == 120)
        try c.set("idle.receipt", fromFlag: "0")
        #expect(Self.session(c).receiptTimeout == nil)   // until Done
    }

    @Test func aNegativeTimeSaysWhatWasExpected() {
        #expect(throws: ConfigurationError(source: "tribune.toml", key: "idle.receipt",
                                           reason: "expected a number of seconds ≥ 0 (0: until Done), found -5")) {
            try KioskConfiguration.parse(toml: "[idle]\nreceipt = -5", source: "tribune.toml")
        }
    }
}
