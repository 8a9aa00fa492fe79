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

    /// A failed `socket`, `bind`, `listen` or `connect` on 127.0.0.1, with its errno.
    public struct SocketError: Error, CustomStringConvertible {
        public var call: String, errno: Int32
        public var description: String { "\(call) on 127.0.0.1: errno \(errno)" }
    }

    /// A blocking TCP connection to 127.0.0.1:`port` (close-on-exec), as the caller's descriptor
    /// to close; the flood test and benchmark hold thousands of them.
    public static func connect(port: Int) throws(SocketError) -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw SocketError(call: "socket", errno: errno) }
        var address = Self.address(port: port)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else {
            let e = errno
            close(fd)
            throw SocketError(call: "connect", errno: e)
        }
        return fd
    }

    /// True when something accepts connections on 127.0.0.1:`port` now (a server started).
    public static func accepts(port: Int) -> Bool {
        guard let fd = try? connect(port: port) else { return false }
        close(fd)
        return true
    }

    /// A socket listening on 127.0.0.1 (close-on-exec, `SO_REUSEADDR`) at a port the kernel
    /// picks from its ephemeral range, and that port: for a server no client must find again
    /// after a restart (the tests' fault proxies). The caller closes the socket.
    public static func listening(backlog: Int32 = 64) throws(SocketError) -> (descriptor: Int32, port: Int) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw SocketError(call: "socket", errno: errno) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = Self.address(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let failed: String? = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { a in
                if bind(fd, a, length) != 0 { return "bind" }
                if listen(fd, backlog) != 0 { return "listen" }
                return getsockname(fd, a, &length) != 0 ? "getsockname" : nil
            }
        }
        if let failed {
            let e = errno
            close(fd)
            throw SocketError(call: failed, errno: e)
        }
        return (fd, Int(UInt16(bigEndian: address.sin_port)))
    }
}
