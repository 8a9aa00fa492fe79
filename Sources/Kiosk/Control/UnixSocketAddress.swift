#if canImport(Glibc)
import Glibc
#endif

/// A `sockaddr_un` for a path or, when the name starts with `@`, a Linux abstract socket
/// (systemd's convention for `$NOTIFY_SOCKET`).
struct UnixSocketAddress {
    var storage = sockaddr_un()
    var length: socklen_t

    /// Nil when the name is empty or longer than `sun_path` holds (107 bytes).
    init?(_ name: String) {
        var bytes = Array(name.utf8)
        let abstract = bytes.first == UInt8(ascii: "@")
        if abstract { bytes[0] = 0 }
        let capacity = MemoryLayout.size(ofValue: storage.sun_path)
        guard !bytes.isEmpty, bytes.count < capacity else { return nil }
        storage.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &storage.sun_path) { raw in
            for (i, b) in bytes.enumerated() { raw[i] = b }
        }
        let offset = MemoryLayout<sockaddr_un>.offset(of: \sockaddr_un.sun_path)!
        // Abstract names are exactly their bytes; paths include the terminating NUL.
        length = socklen_t(offset + bytes.count + (abstract ? 0 : 1))
    }

    func withSockaddr<R>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> R) -> R {
        withUnsafePointer(to: storage) { p in
            p.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, length) }
        }
    }
}
