import Glibc

/// Loopback ports for tests whose server must come back on the port it had (a stopped box office
/// restarted, PostgreSQL restarted) or start later on a port a client already knows.
///
/// A port of the kernel's ephemeral range (32768–60999 by default; what binding port 0 gives)
/// is lent to any outgoing connection of any test once its server lets it go, and the flood test
/// alone holds 5,500 of them: a restart on such a port failed in a loaded CI run with "Address
/// already in use". These ports are taken below that range (20000–31999), where no outgoing
/// connection is given one. Sockets are close-on-exec: a process another test spawns meanwhile
/// (PostgreSQL, a box office) would otherwise keep the port bound after it is closed here.
public enum LoopbackPort {
    /// A port bound on 127.0.0.1 but not listening (connections are refused), and its socket:
    /// the port stays the caller's until it closes the socket. nil if 200 tries found none free.
    public static func reserved() -> (descriptor: Int32, port: Int)? {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let candidate = UInt16.random(in: 20_000..<32_000, using: &generator)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard fd >= 0 else { return nil }
            var address = Self.address(port: Int(candidate))
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
            }
            if bound { return (fd, Int(candidate)) }
            close(fd)
        }
        return nil
    }

    /// A port nothing listens on now (reserved, then let go): connecting is refused at once, and a
    /// server may take it later.
    public static func unused() -> Int? {
        guard let (fd, port) = reserved() else { return nil }
        close(fd)
        return port
    }

    /// 127.0.0.1:`port` as a socket address.
    public static func address(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = in_port_t(UInt16(truncatingIfNeeded: port).bigEndian)
        return address
    }

    /// A failed `socket` or `connect`, with its errno.
    public struct ConnectError: Error, CustomStringConvertible {
        public var call: String, errno: Int32
        public var description: String { "\(call) to 127.0.0.1: errno \(errno)" }
    }

    /// A blocking TCP connection to 127.0.0.1:`port` (close-on-exec), as the caller's descriptor
    /// to close; the flood test and benchmark hold thousands of them.
    public static func connect(port: Int) throws(ConnectError) -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw ConnectError(call: "socket", errno: errno) }
        var address = Self.address(port: port)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else {
            let e = errno
            close(fd)
            throw ConnectError(call: "connect", errno: e)
        }
        return fd
    }
}
