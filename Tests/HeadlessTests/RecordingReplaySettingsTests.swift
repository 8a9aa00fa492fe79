import Foundation
import Headless
import Testing

/// `tribune-headless replay --poll-interval / --out-of-service-after` (`RecordingReplay.BoxOffice`):
/// a value out of range is refused before anything is read or asked, naming the flag and the value.
@Suite struct RecordingReplaySettingsTests {
    /// A replay of a recording that does not exist against a box office nobody asks: only the
    /// settings can fail first.
    static func run(pollInterval: Double = 3, outOfServiceAfter: Double = 30) -> String? {
        var options = RecordingReplay.Options(recording: "/nonexistent/recording.yaml")
        var boxOffice = RecordingReplay.BoxOffice(url: "http://127.0.0.1:9", token: "token")
        boxOffice.pollInterval = pollInterval
        boxOffice.outOfServiceAfter = outOfServiceAfter
        options.boxOffice = boxOffice
        options.showsProgress = false
        do { _ = try RecordingReplay(options: options).run(); return nil } catch { return "\(error)" }
    }

    @Test(arguments: [0.1, 0, -3, Double.nan, Double.infinity])
    func aPollIntervalOutOfRangeIsRefusedByName(_ seconds: Double) {
        let message = Self.run(pollInterval: seconds)
        #expect(message == "--poll-interval: expected seconds ≥ 0.5; found \(seconds)")
    }

    @Test(arguments: [-1, -0.001, Double.nan, Double.infinity])
    func anOutOfServiceTimeOutOfRangeIsRefusedByName(_ seconds: Double) {
        let message = Self.run(outOfServiceAfter: seconds)
        #expect(message == "--out-of-service-after: expected seconds ≥ 0; found \(seconds)")
    }

    @Test func valuesInRangePassToTheRecording() {
        // The settings are accepted: what fails next is the missing recording, named by its path.
        for (poll, outOfService) in [(0.5, 0.0), (1.5, 12.0), (3.0, 30.0)] {
            let message = Self.run(pollInterval: poll, outOfServiceAfter: outOfService)
            #expect(message?.contains("/nonexistent/recording.yaml") == true, "\(message ?? "no error")")
        }
    }
}
