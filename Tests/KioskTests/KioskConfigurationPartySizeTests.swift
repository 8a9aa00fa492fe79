import Testing
import KioskUI
@testable import Kiosk

/// `seating.party_size_first` (`--no-party-size-first`): on unless configured, off from the
/// file or the flag, a non-boolean refused by key, and what reaches the visitor's session.
@Suite struct KioskConfigurationPartySizeTests {
    /// What reaches the visitor's session (the receipt's suite makes it the same way).
    static func session(_ c: KioskConfiguration) -> KioskSession.Configuration { KioskConfigurationReceiptTests.session(c) }

    @Test func onUnlessConfigured() throws {
        let c = try KioskConfiguration.parse(toml: "", source: "tribune.toml")
        #expect(c.seating.partySizeFirst)
        #expect(Self.session(c).partySizeFirst)
    }

    @Test func theFileAndTheFlagTurnItOff() throws {
        let off = try KioskConfiguration.parse(toml: "[seating]\nparty_size_first = false", source: "tribune.toml")
        #expect(!off.seating.partySizeFirst && !Self.session(off).partySizeFirst)
        var c = try KioskConfiguration.parse(toml: "", source: "tribune.toml")
        try c.set("seating.party_size_first", fromFlag: "false")
        #expect(!Self.session(c).partySizeFirst)
        #expect(KioskConfiguration.flag(forKey: "seating.party_size_first") == "--no-party-size-first")
    }

    @Test func aWordThatIsNotABooleanIsRefusedByKey() {
        #expect(throws: ConfigurationError(source: "tribune.toml", key: "seating.party_size_first",
                                           reason: "expected true or false, found \"yes\"")) {
            try KioskConfiguration.parse(toml: "[seating]\nparty_size_first = \"yes\"", source: "tribune.toml")
        }
    }
}
