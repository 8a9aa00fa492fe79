import Foundation
import Logging
import Testing
@testable import Kiosk
#if canImport(Glibc)
import Glibc
#endif

@Suite struct KioskLogHandlerTests {
    @Test func underJournaldLinesCarryTheSyslogPriority() {
        // sd-daemon.h: SD_CRIT <2>, SD_ERR <3>, SD_WARNING <4>, SD_NOTICE <5>, SD_INFO <6>, SD_DEBUG <7>.
        let expected: [(Logger.Level, String)] = [(.critical, "<2>"), (.error, "<3>"), (.warning, "<4>"), (.notice, "<5>"),
                                                  (.info, "<6>"), (.debug, "<7>"), (.trace, "<7>")]
        for (level, prefix) in expected {
            let line = KioskLogHandler.format(level: level, message: "display blanked", metadata: [:], label: "tribune", journald: true)
            #expect(line == "\(prefix)display blanked\n")
        }
    }

    @Test func onATerminalLinesCarryTimeLevelAndLabel() {
        let line = KioskLogHandler.format(level: .warning, message: "out of service", metadata: ["code": "BO-NET"],
                                          label: "tribune", journald: false, time: "2026-01-01T00:00:00Z")
        #expect(line == "2026-01-01T00:00:00Z WARNING tribune: out of service code=BO-NET\n")
    }

    @Test func secretsAndNewlinesNeverReachTheLog() {
        let line = KioskLogHandler.format(level: .info, message: "two\nlines", metadata: ["token": "s3cr3t", "Authorization": "Bearer x", "seat": "A-1"],
                                          label: "tribune", journald: true)
        #expect(line == "<6>two lines Authorization=<redacted> seat=A-1 token=<redacted>\n")
        #expect(!line.contains("s3cr3t"))
    }

    @Test func journalStreamMustNameThisStderr() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        var st = stat()
        #expect(fstat(fds[1], &st) == 0)
        #expect(KioskLogHandler.stderrIsJournal(environment: "\(st.st_dev):\(st.st_ino)", fileDescriptor: fds[1]))
        #expect(!KioskLogHandler.stderrIsJournal(environment: "\(st.st_dev):\(st.st_ino + 1)", fileDescriptor: fds[1]))
        #expect(!KioskLogHandler.stderrIsJournal(environment: nil, fileDescriptor: fds[1]))
        #expect(!KioskLogHandler.stderrIsJournal(environment: "garbage", fileDescriptor: fds[1]))
    }

    @Test func theHandlerWritesWholeLinesToItsDescriptor() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]) }
        var logger = Logger(label: "kiosk-test") { KioskLogHandler(label: $0, level: .info, journald: true, fileDescriptor: fds[1]) }
        logger.logLevel = .info
        logger.debug("not shown")
        logger.error("flip timed out", metadata: ["card": "/dev/dri/card0"])
        close(fds[1])
        var buffer = [UInt8](repeating: 0, count: 512)
        let n = read(fds[0], &buffer, buffer.count)
        #expect(String(decoding: buffer[0..<max(0, n)], as: UTF8.self) == "<3>flip timed out card=/dev/dri/card0\n")
    }
}
