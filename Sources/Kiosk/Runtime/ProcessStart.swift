#if canImport(Glibc)
import Glibc
#endif

/// When this process began, as the kernel recorded it, for `tribune run`'s start-up figure
/// (process start to the first frame on screen). The kernel's record counts the dynamic
/// loader and everything before `main`, which a time taken in `main` would miss.
enum ProcessStart {
    /// CLOCK_MONOTONIC now, s.
    static func monotonicNow() -> Double { now(CLOCK_MONOTONIC) }

    /// When the kernel started this process, on CLOCK_MONOTONIC (s). /proc/self/stat's
    /// `starttime` (field 22) counts clock ticks after boot, on CLOCK_BOOTTIME; it is moved to
    /// CLOCK_MONOTONIC by the two clocks' present difference (time spent suspended). Its
    /// resolution is one tick, 1/`sysconf(_SC_CLK_TCK)` s (10 ms at the usual 100 Hz). Nil when
    /// /proc cannot be read or says something else.
    static func monotonicTime() -> Double? {
        guard let ticks = startTicks(), sysconf(Int32(_SC_CLK_TCK)) > 0 else { return nil }
        let started = Double(ticks) / Double(sysconf(Int32(_SC_CLK_TCK)))
        let boot = now(CLOCK_BOOTTIME), monotonic = now(CLOCK_MONOTONIC)
        return started - (boot - monotonic)
    }

    /// Field 22 of /proc/self/stat. The second field, the command in parentheses, may itself
    /// hold spaces and parentheses: the fields are counted from after its last `)`.
    static func startTicks() -> UInt64? {
        let fd = open("/proc/self/stat", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 1024)
        let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard n > 0 else { return nil }
        return startTicks(statLine: buffer[..<n])
    }

    /// Field 22 of a /proc/PID/stat line.
    static func startTicks(statLine: ArraySlice<UInt8>) -> UInt64? {
        guard let close = statLine.lastIndex(of: UInt8(ascii: ")")) else { return nil }
        // After ")": field 3 (state) is the first; starttime (22) is the twentieth.
        let fields = statLine[(close + 1)...].split(separator: UInt8(ascii: " "))
        guard fields.count >= 20 else { return nil }
        return UInt64(String(decoding: fields[19], as: UTF8.self))
    }

    private static func now(_ clock: clockid_t) -> Double {
        var t = timespec()
        clock_gettime(clock, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
    }
}
