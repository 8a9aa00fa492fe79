import ArgumentParser
import Foundation
import Testing
@testable import tribune_headless

/// `tribune-headless replay`'s box-office timing flags: parsed as seconds, only with
/// --box-office, and a bad value refused naming the flag.
@Suite struct ReplayCommandTests {
    @Test func pollIntervalAndOutOfServiceAfterAreParsed() throws {
        let command = try ReplayCommand.parse(["session.yaml", "--box-office", "http://127.0.0.1:8080", "--token-file", "kiosk.token",
                                              "--poll-interval", "1.5", "--out-of-service-after", "12"])
        #expect(command.pollInterval == 1.5)
        #expect(command.outOfServiceAfter == 12)
        let defaults = try ReplayCommand.parse(["session.yaml"])
        #expect(defaults.pollInterval == nil && defaults.outOfServiceAfter == nil)
    }

    @Test func aValueThatIsNotANumberIsRefusedByName() {
        for flag in ["--poll-interval", "--out-of-service-after"] {
            do {
                _ = try ReplayCommand.parse(["session.yaml", flag, "soon"])
                Issue.record("\(flag) soon was accepted")
            } catch {
                let message = ReplayCommand.message(for: error)
                #expect(message.contains(flag) && message.contains("soon"), "\(message)")
            }
        }
    }

    @Test func theFlagsGoWithABoxOffice() throws {
        for flag in ["--poll-interval", "--out-of-service-after"] {
            var command = try ReplayCommand.parse(["session.yaml", flag, "5"])
            do {
                try command.run()
                Issue.record("\(flag) without --box-office was accepted")
            } catch {
                #expect(ReplayCommand.message(for: error).contains("go with --box-office"), "\(error)")
            }
        }
    }

    @Test func anOutOfRangeValueIsRefusedNamingTheFlag() throws {
        let token = NSTemporaryDirectory() + "replay-command-test-" + UUID().uuidString + ".token"
        try "token\n".write(toFile: token, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: token) }
        var command = try ReplayCommand.parse(["/nonexistent/session.yaml", "--box-office", "http://127.0.0.1:9", "--token-file", token,
                                              "--poll-interval", "0.1"])
        do {
            try command.run()
            Issue.record("--poll-interval 0.1 was accepted")
        } catch {
            #expect(ReplayCommand.message(for: error) == "--poll-interval: expected seconds ≥ 0.5; found 0.1")
        }
    }
}
