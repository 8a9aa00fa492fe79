import SystemPackage
#if canImport(Glibc)
import Glibc
#endif

/// Creating output folders for commands that write files.
public enum FileOutput {
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
