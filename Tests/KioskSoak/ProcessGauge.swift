#if canImport(Glibc)
import CLinux
import Glibc
#endif

/// This process's resident memory, open file descriptors and threads, read from /proc/self:
/// what the soak watches for growth. The harness's own fault proxy runs on one thread with a
/// bounded set of sockets, so it adds a constant to each figure.
struct ProcessGauge: Equatable {
    /// Resident set, bytes (`/proc/self/statm`, second field, in pages).
    var residentBytes: Int
    /// Entries of `/proc/self/fd`.
    var descriptors: Int
    /// Those that are sockets: the kiosk's HTTP connections and the proxy's two per connection
    /// come and go (a 503, a dropped answer or a restart closes one; the next request opens one).
    var sockets: Int
    /// Entries of `/proc/self/task`.
    var threads: Int
    /// Heap bytes handed out by malloc and not yet freed, all arenas (`mallinfo2()`: `uordblks`
    /// plus `hblkhd`, the chunks mmapped on their own). Resident memory that rises while this
    /// stays flat is the allocator's fragmentation or its cached free pages; this rising is a leak.
    var heapInUseBytes: Int

    static func now() -> ProcessGauge {
        ProcessGauge(residentBytes: residentSetBytes(), descriptors: entries(of: "/proc/self/fd"),
                     sockets: entries(of: "/proc/self/fd") { target($0, in: "/proc/self/fd").hasPrefix("socket:") },
                     threads: entries(of: "/proc/self/task"), heapInUseBytes: heapInUse())
    }

    static func heapInUse() -> Int {
        let info = mallinfo2()
        return Int(info.uordblks) + Int(info.hblkhd)
    }

    static func residentSetBytes() -> Int {
        let fd = open("/proc/self/statm", O_RDONLY)
        guard fd >= 0 else { return -1 }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 128)
        let n = read(fd, &buffer, buffer.count)
        let fields = String(decoding: buffer[..<max(n, 0)], as: UTF8.self).split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return -1 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// Directory entries other than `.` and `..` (the listing's own descriptor included, as
    /// on every reading, so it cancels out).
    static func entries(of path: String, where wanted: (String) -> Bool = { _ in true }) -> Int {
        guard let dir = opendir(path) else { return -1 }
        defer { closedir(dir) }
        var count = 0
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." && wanted(name) { count += 1 }
        }
        return count
    }

    /// What the symbolic link `name` in `directory` points to ("" when unreadable).
    static func target(_ name: String, in directory: String) -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        let n = readlink(directory + "/" + name, &buffer, buffer.count - 1)
        return n > 0 ? String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
    }
}
