import Foundation
import Testing
@testable import Kiosk

@Suite struct ProcessStartTests {
    /// The command may hold spaces and parentheses: fields count from its last `)`. Field n
    /// of this line reads 1000 + n, so starttime (22) is 1022.
    @Test func startTimeIsFieldTwentyTwoAfterTheCommand() {
        let rest = (3...52).map { "\(1000 + $0)" }.joined(separator: " ")
        let line = "4242 (tribune (x) y) \(rest)\n"
        #expect(ProcessStart.startTicks(statLine: ArraySlice(Array(line.utf8))) == 1022)
        #expect(ProcessStart.startTicks(statLine: ArraySlice(Array("4242 (cut".utf8))) == nil)
        #expect(ProcessStart.startTicks(statLine: ArraySlice(Array("4242 (short) S 1 2".utf8))) == nil)
    }

    /// This process's start on CLOCK_MONOTONIC is in the past, and its age lies between the
    /// ages /proc/uptime and /proc/self/stat give just before and just after it is taken (each
    /// to a tick, 10 ms), however long the reads are apart.
    @Test func theProcessStartedAsProcSays() throws {
        let before = try ProcessAge.fromProc()
        let start = try #require(ProcessStart.monotonicTime())
        let age = ProcessStart.monotonicNow() - start
        let after = try ProcessAge.fromProc()
        #expect(age >= 0)
        #expect(age >= before - 0.02 && age <= after + 0.02, "age \(age) s, /proc says \(before) s before and \(after) s after")
    }
}
