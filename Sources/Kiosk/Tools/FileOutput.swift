import SystemPackage
#if canImport(Glibc)
import Glibc
#endif

/// Creating output folders and writing output files for commands.
public enum FileOutput {
    /// Writes `bytes` to `path` in place (created with mode 0644 when missing, else truncated):
    /// a FIFO, a device or `/dev/stdout` is written through and stays what it was, never
    /// replaced by a renamed file.
    public static func write(_ bytes: [UInt8], to path: String) throws(SystemCallError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .current("open", path) }
        defer { close(fd) }
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw .current("write", path) }
            offset += n
        }
    }

    /// Creates `path` and its missing parents (mode 0755); an existing folder is fine.
    public static func makeDirectory(_ path: String) throws(Errno) {
        var current = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/") {
            current += "/" + part
            if mkdir(current, 0o755) != 0 && errno != EEXIST {
                throw Errno(rawValue: errno)
            }
        }
    }
}
