import BoxOffice
import BoxOfficeClient
import Foundation
import Seating
import Testing

/// An event created from a generated Tribune venue file (what `tribune venue generate` writes)
/// reaches the kiosk as that venue, not as a pretix import.
@Suite("Tribune venue layouts")
struct TribuneVenueLayoutTests {
    @Test func generatedVenueRoundTripsThroughTheBoxOffice() async throws {
        let generated = StadiumGenerator.generate(.forSeatCount(600), id: "cup-arena", name: "Cup Arena")
        let file = VenueFile.encode(generated)
        let directory = NSTemporaryDirectory() + "boxoffice-venue-client-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Data(file).write(to: URL(fileURLWithPath: directory + "/venue.json"))

        var setup = EventSetup(databasePath: directory + "/boxoffice.sqlite", venuePath: directory + "/venue.json", name: "Cup")
        setup.id = "evt_cup"
        #expect(try await setup.run() == "evt_cup")
        let server = try BoxOfficeServer(configuration: .init(databasePath: directory + "/boxoffice.sqlite", port: 0, tokens: ["token-k1": "k1"]))
        let port = try await server.start()
        defer { Task { await server.stop() } }
        let configuration = PurchaseClient.Configuration(cacheDirectory: directory + "/kiosk")
        let client = PurchaseClient(connection: BoxOfficeConnection(baseURL: "http://127.0.0.1:\(port)", token: "token-k1", requestTimeout: 5),
                                    journal: try PurchaseJournal(directory: directory + "/kiosk"), configuration: configuration)
        let event = try await client.loadEvent("evt_cup")
        // The generator's prices (CAT1 4500, … WHEEL 2900 EUR), as the event's.
        #expect(event.categories.map(\.name) == generated.categories.map(\.id).sorted())
        for category in event.categories {
            let source = try #require(generated.categories.first { $0.id == category.name })
            #expect(category.price.amountMinor == source.priceMinor)
            #expect(category.price.currency == source.currency)
        }
        let venue = try await client.venue()
        #expect(VenueFile.encode(venue) == file)

        // A seat taken by the kiosk is priced as its category in the file.
        let seatIndex = 0
        let seatID = generated.seatIDs[seatIndex]
        let hold = try await client.tapSeat(seatID)
        #expect(hold.total.amountMinor == generated.categories[Int(generated.seats[seatIndex].category)].priceMinor)
    }
}
