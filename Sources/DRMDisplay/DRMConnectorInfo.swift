import CDRM

/// A display connector as the kernel describes it, copied out of `drmModeConnector`.
public struct DRMConnectorInfo: Hashable, Sendable {
    public enum Status: String, Hashable, Sendable { case connected, disconnected, unknown }

    /// The kernel object id.
    public var id: UInt32
    /// The name used in configuration and by other tools: type name and per-type index, e.g.
    /// `HDMI-A-1`, `eDP-1`, `Virtual-1`.
    public var name: String
    public var status: Status
    public var modes: [DRMModeInfo]
    /// Physical size in millimetres (0 when unknown, e.g. projectors and virtual outputs).
    public var widthMillimetres: Int, heightMillimetres: Int

    init(_ c: drmModeConnector) {
        id = c.connector_id
        let typeName = drmModeGetConnectorTypeName(c.connector_type).map { String(cString: $0) } ?? "Unknown"
        name = "\(typeName)-\(c.connector_type_id)"
        switch c.connection {
        case DRM_MODE_CONNECTED: status = .connected
        case DRM_MODE_DISCONNECTED: status = .disconnected
        default: status = .unknown
        }
        modes = (0..<Int(c.count_modes)).map { DRMModeInfo(c.modes[$0]) }
        widthMillimetres = Int(c.mmWidth); heightMillimetres = Int(c.mmHeight)
    }

    /// The preferred mode, else the largest by area.
    public var defaultMode: DRMModeInfo? {
        modes.first(where: \.isPreferred) ?? modes.max { $0.width * $0.height < $1.width * $1.height }
    }
}
