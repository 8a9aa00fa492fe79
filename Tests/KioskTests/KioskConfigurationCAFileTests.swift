import Foundation
import Testing
@testable import Kiosk

/// `box_office.ca_file`: read from TOML and from `--ca-file`, and refused where it would be
/// silently ignored (a plain http:// URL, no URL at all), each error naming the key.
@Suite struct KioskConfigurationCAFileTests {
    static let https = """
        [box_office]
        url = "https://boxoffice.venue.lan:8443"
        token_file = "/etc/tribune/token"
        event_id = "cup-final"
        ca_file = "/etc/tribune/venue-ca.crt"

        """

    @Test func anHTTPSBoxOfficeTakesItsCAFile() throws {
        let c = try KioskConfiguration.parse(toml: Self.https, source: "t.toml")
        try c.validate(source: "t.toml")
        #expect(c.boxOffice.url == "https://boxoffice.venue.lan:8443")
        #expect(c.boxOffice.caFile == "/etc/tribune/venue-ca.crt")
        var flagged = c
        try flagged.set("box_office.ca_file", fromFlag: "/run/credentials/ca.crt")
        #expect(flagged.boxOffice.caFile == "/run/credentials/ca.crt")
        #expect(KioskConfiguration.flag(forKey: "box_office.ca_file") == "--ca-file")
    }

    @Test func aCAFileWithAPlainHTTPURLIsRefused() throws {
        let c = try KioskConfiguration.parse(toml: Self.https.replacingOccurrences(of: "https://", with: "http://"), source: "t.toml")
        #expect(throws: ConfigurationError(source: "t.toml", key: "box_office.ca_file",
                                           reason: "only used with an https:// box_office.url (the URL is plain http://)")) {
            try c.validate(source: "t.toml")
        }
    }

    @Test func aCAFileWithoutAURLIsRefused() throws {
        let c = try KioskConfiguration.parse(toml: "venue = \"/v.json\"\n[box_office]\nca_file = \"/etc/tribune/venue-ca.crt\"\n", source: "t.toml")
        #expect(throws: ConfigurationError(source: "t.toml", key: "box_office.url",
                                           reason: "missing (token_file/event_id/ca_file are set, but no URL to use them with)")) {
            try c.validate(source: "t.toml")
        }
    }

    @Test func anEmptyCAFileIsRefused() {
        #expect(throws: ConfigurationError(source: "t.toml", key: "box_office.ca_file", reason: "expected a path, found \"\"")) {
            try KioskConfiguration.parse(toml: "[box_office]\nca_file = \"\"\n", source: "t.toml")
        }
    }
}
