import Foundation

/// This test process's age as /proc tells it, independently of `ProcessStart`: /proc/uptime
/// (seconds since boot, to 10 ms) less /proc/self/stat's start time (field 22, clock ticks).
enum ProcessAge {
    struct Unreadable: Error {}

    /// Seconds since the kernel started this process.
    static func fromProc() throws -> Double {
        let uptimeText = try String(contentsOfFile: "/proc/uptime", encoding: .utf8)
        let stat = try String(contentsOfFile: "/proc/self/stat", encoding: .utf8)
        guard let uptime = uptimeText.split(separator: " ").first.flatMap({ Double($0) }),
              let close = stat.range(of: ")", options: .backwards) else { throw Unreadable() }
        let fields = stat[close.upperBound...].split(separator: " ")
        guard fields.count > 19, let ticks = Double(fields[19]) else { throw Unreadable() }
        return uptime - ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
}
