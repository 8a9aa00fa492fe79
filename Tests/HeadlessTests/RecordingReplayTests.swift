import BoxOfficeTestSupport
import Foundation
import Headless
import Kiosk
import KioskUI
import Recording
import Seating
import Testing

/// `tribune-headless replay` (`RecordingReplay`): against the real box office on loopback, windows of the
/// recording, and the panel size for recordings without axis resolution.
@Suite("Recording replay", .serialized)
struct RecordingReplayTests {
    static func temporaryPath(_ name: String) -> String {
        NSTemporaryDirectory() + "tribune-replay-test-" + UUID().uuidString.lowercased() + "-" + name
    }

    static func sessionPath() throws -> String {
        try #require(Demo.bundledSessionPath(), "demo/demo-session.yaml is part of the repository")
    }

    static func options(_ recording: String, venue: String) -> RecordingReplay.Options {
        var o = RecordingReplay.Options(recording: recording)
        o.venue = .file(venue)
        o.size = DemoSession.screenSize
        o.timing = false
        o.showsProgress = false
        return o
    }

    /// The bundled demo session as recorded (party size first), on the default venue, untimed.
    static func bundledSessionOptions() throws -> RecordingReplay.Options {
        var o = RecordingReplay.Options(recording: try sessionPath())
        o.timing = false
        o.showsProgress = false
        o.partySizeFirst = true
        return o
    }

    @Test func aReplayWithTheBoxOfficeBuysTheTappedSeatsThere() async throws {
        let venue = DemoSession.venue()
        let venuePath = Self.temporaryPath("stadium.venue.json")
        try VenueFile.write(venue, to: venuePath)
        defer { try? FileManager.default.removeItem(atPath: venuePath) }
        let boxOffice = try await EmbeddedBoxOffice.start(venue: venue, eventName: "Replay Test Match")
        var options = Self.options(try Self.sessionPath(), venue: venuePath)
        options.boxOffice = .init(url: boxOffice.baseURL, token: boxOffice.token)   // the event: the only one
        options.partySizeFirst = true   // as the demo session was recorded
        let settings = options
        let result: RecordingReplay.Result
        do {
            result = try await onOwnThread { try RecordingReplay(options: settings).run() }
        } catch {
            await boxOffice.stop()
            throw error
        }
        #expect(result.errors.isEmpty, "\(result.errors)")
        // Two visitors: a party of three (Best seats, then Buy), then accessible mode's wheelchair
        // space with its companion seat.
        #expect(result.report.purchases == 2)
        #expect(result.orders.map(\.lines.count) == [3, 2])
        let seatIDs = Set((0..<venue.seatIDs.count).map { venue.seatIDs[$0] })
        for order in result.orders {
            // Each order is in the box office's database with exactly those seats, all of the venue.
            let stored = try await boxOffice.storedOrder(id: order.orderID)
            #expect(stored?.seats == order.lines.map(\.seatGUID).sorted())
            for line in order.lines { #expect(seatIDs.contains(line.seatGUID), "\(line.seatGUID)") }
        }
        await boxOffice.stop()
    }

    @Test func aWindowLateInTheRecordingStartsTheClockThere() throws {
        let venuePath = Self.temporaryPath("stadium.venue.json")
        try VenueFile.write(DemoSession.venue(), to: venuePath)
        defer { try? FileManager.default.removeItem(atPath: venuePath) }
        // 200 s is past the recording's end and past the idle timeout (90 s) plus the prompt (20 s):
        // had the clock started at 0, the kiosk would be on its turning attract screen by then.
        var options = Self.options(try Self.sessionPath(), venue: venuePath)
        options.from = 200
        options.to = 200.5
        let report = try RecordingReplay(options: options).run().report
        // The same half second of a kiosk just started, untouched: a session on its own clock.
        var configuration = KioskSession.Configuration(screenSize: DemoSession.screenSize, pixelsPerMillimetre: 4)
        configuration.boxOfficeConfigured = false
        var fresh = KioskReplay(venue: try VenueFile.read(path: venuePath), configuration: configuration, options: .init(timing: false))
        ReplayTimeline(frames: [], frameRate: 60, start: 0, end: 0.5).run(&fresh)
        let expected = fresh.report()
        #expect(report.touchFrames == 0)
        #expect(report.frames == expected.frames)
        #expect(report.duration == expected.duration)
        #expect(report.viewRotationDegrees == 0)   // not the attract screen's turning stadium
        #expect(report.zoom == expected.zoom && report.offset == expected.offset)
    }

    @Test func aWindowCutsTheSessionWhereItSays() throws {
        let venuePath = Self.temporaryPath("stadium.venue.json")
        try VenueFile.write(DemoSession.venue(), to: venuePath)
        defer { try? FileManager.default.removeItem(atPath: venuePath) }
        let session = try Self.sessionPath()
        var all = Self.options(session, venue: venuePath)
        all.partySizeFirst = true   // as the demo session was recorded
        let whole = try RecordingReplay(options: all).run().report
        // Up to the key moment "one tap: three seats side by side": zoomed into the tribune with
        // seats selected, nothing bought yet.
        var options = all
        options.to = try #require(DemoSession.keyMoments.first { $0.name == "06-party-seats" }).time
        let upToSeats = try RecordingReplay(options: options).run().report
        #expect(upToSeats.purchases == 0)
        #expect(upToSeats.selectedSeats.count == 3)
        #expect(upToSeats.zoom > 1)
        #expect(whole.purchases == 0)   // standalone: Buy is disabled without a box office
        #expect(upToSeats.touchFrames < whole.touchFrames)
    }

    @Test func aPanelSizeStandsInForMissingAxisResolution() throws {
        let venuePath = Self.temporaryPath("stadium.venue.json")
        try VenueFile.write(DemoSession.venue(), to: venuePath)
        defer { try? FileManager.default.removeItem(atPath: venuePath) }
        // The demo session with the resolution taken off its axes.
        let session = try Self.sessionPath()
        var recording = try RecordingReader.read(path: session)
        let panel = try #require(recording.device.panelSize)   // mm, from the original resolution
        recording.device.axes = recording.device.axes.map { var a = $0; a.resolution = 0; return a }
        #expect(recording.device.panelSize == nil)
        let stripped = Self.temporaryPath("no-resolution.yaml")
        try LibinputRecordWriter.document(recording).write(toFile: stripped, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: stripped) }

        let original = try RecordingReplay(options: Self.options(session, venue: venuePath)).run()
        let guessed = try RecordingReplay(options: Self.options(stripped, venue: venuePath)).run()
        #expect(guessed.notes.contains { $0.contains("assuming 96 dpi") })
        var options = Self.options(stripped, venue: venuePath)
        options.touchSize = panel
        let sized = try RecordingReplay(options: options).run()
        #expect(!sized.notes.contains { $0.contains("assuming") })
        // With the panel's real size the gesture thresholds (mm) are the original's again.
        #expect(sized.report.json() == original.report.json())
    }
}
