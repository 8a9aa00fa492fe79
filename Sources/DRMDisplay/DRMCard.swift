import CDRM
import Descriptors
import SystemPackage
#if canImport(Glibc)
import Glibc
#endif

/// An open DRM device node (`/dev/dri/cardN`). The card owns its file descriptor and closes it
/// when released; everything read from it is copied into Swift values at once.
public final class DRMCard {
    public let path: String
    private let node: OwnedDescriptor
    /// The card's descriptor, open while the card lives. Owned by the card: do not close it.
    public var fileDescriptor: FileDescriptor { node.descriptor }

    /// Opens `path` read-write with close-on-exec.
    public init(path: String) throws(DRMError) {
        self.path = path
        do {
            node = OwnedDescriptor(adopting: try FileDescriptor.open(FilePath(path), .readWrite, options: [.closeOnExec]))
        } catch let e as Errno {
            throw DRMError(call: "open", path: path, errno: e)
        } catch {
            throw DRMError(call: "open", path: path, errno: .ioError)
        }
    }

    /// The kernel driver's name, e.g. `bochs-drm`, `i915`.
    public func driverName() throws(DRMError) -> String {
        guard let v = drmGetVersion(fileDescriptor.rawValue) else {
            throw DRMError(call: "drmGetVersion", path: path, errno: Errno(rawValue: Glibc.errno))
        }
        defer { drmFreeVersion(v) }
        return v.pointee.name.map { String(cString: $0) } ?? ""
    }

    /// Every connector of the card with its status and modes.
    public func connectors() throws(DRMError) -> [DRMConnectorInfo] {
        guard let res = drmModeGetResources(fileDescriptor.rawValue) else {
            throw DRMError(call: "drmModeGetResources", path: path, errno: Errno(rawValue: Glibc.errno))
        }
        defer { drmModeFreeResources(res) }
        var out: [DRMConnectorInfo] = []
        for i in 0..<Int(res.pointee.count_connectors) {
            let id = res.pointee.connectors[i]
            guard let c = drmModeGetConnector(fileDescriptor.rawValue, id) else {
                throw DRMError(call: "drmModeGetConnector(\(id))", path: path, errno: Errno(rawValue: Glibc.errno))
            }
            out.append(DRMConnectorInfo(c.pointee))
            drmModeFreeConnector(c)
        }
        return out
    }

    /// The DRM card nodes present on this machine (`/dev/dri/card*`), sorted by number.
    public static func cardPaths(directory: String = "/dev/dri") -> [String] {
        guard let dir = opendir(directory) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name.hasPrefix("card"), Int(name.dropFirst(4)) != nil { names.append(name) }
        }
        return names.sorted { Int($0.dropFirst(4))! < Int($1.dropFirst(4))! }.map { "\(directory)/\($0)" }
    }
}
