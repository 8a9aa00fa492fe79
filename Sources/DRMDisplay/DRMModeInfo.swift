import CDRM

/// A display mode a connector offers, copied out of libdrm's `drmModeModeInfo`.
public struct DRMModeInfo: Hashable, Sendable, CustomStringConvertible {
    /// Visible pixels.
    public var width: Int, height: Int
    /// Refresh rate in hertz (vertical refresh, as the kernel reports it).
    public var refreshRate: Int
    /// True when the connector marks this mode as preferred (the panel's native mode).
    public var isPreferred: Bool
    /// The kernel's name for the mode, e.g. `1920x1080`.
    public var name: String

    init(_ m: drmModeModeInfo) {
        width = Int(m.hdisplay); height = Int(m.vdisplay); refreshRate = Int(m.vrefresh)
        isPreferred = m.type & UInt32(DRM_MODE_TYPE_PREFERRED) != 0
        name = withUnsafeBytes(of: m.name) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }

    public var description: String { "\(width)x\(height)@\(refreshRate)\(isPreferred ? " (preferred)" : "")" }
}
