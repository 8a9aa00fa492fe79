import ArgumentParser
import Testing
@testable import tribune

/// `tribune bench --size WxH`: parsed into the benchmark's screen, and refused with a message
/// naming the option and what was given (validated before anything is measured).
@Suite struct BenchCommandTests {
    @Test func sizeAndThreadsReachTheBenchmark() throws {
        let command = try #require(try Tribune.parseAsRoot(["bench", "--size", "3840x2160", "--threads", "1"]) as? BenchCommand)
        let options = try command.benchmarkOptions()
        #expect(options.width == 3840 && options.height == 2160 && options.threads == 1)
        let plain = try #require(try Tribune.parseAsRoot(["bench"]) as? BenchCommand)
        let defaults = try plain.benchmarkOptions()
        #expect(defaults.width == 1920 && defaults.height == 1080 && defaults.threads == 2)
    }

    @Test(arguments: [("4k", "expected WxH"), ("1920.5x1080", "whole pixels"), ("100x100", "240…7680")])
    func badSizesAreRefusedWithTheReason(size: String, reason: String) {
        do {
            _ = try Tribune.parseAsRoot(["bench", "--size", size])
            Issue.record("--size \(size) was accepted")
        } catch {
            let message = Tribune.message(for: error)
            #expect(message.contains("--size") && message.contains(reason) && message.contains(size), "\(message)")
            #expect(Tribune.exitCode(for: error) == .validationFailure)
        }
    }
}
