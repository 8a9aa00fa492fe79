import CDRM
#if canImport(Glibc)
import Glibc
#endif

/// A chosen display path on a card: connector, mode, encoder and CRTC (and for atomic, the
/// primary plane), with everything read from the kernel copied into Swift values.
public struct DRMOutput: @unchecked Sendable {
    public var connector: DRMConnectorInfo
    public var mode: DRMModeInfo
    /// The raw kernel mode, handed back to `drmModeSetCrtc` and the `MODE_ID` blob.
    public var rawMode: drmModeModeInfo
    public var encoderID: UInt32
    public var crtcID: UInt32
    /// The CRTC's index in the card's resources (for `possible_crtcs` bit masks).
    public var crtcIndex: Int
    /// The `panel orientation` property (`Normal`, `Upside Down`, `Left Side Up`, `Right Side Up`),
    /// nil when the connector has none.
    public var panelOrientation: String?
}

/// A requested mode: `WxH` or `WxH@Hz`.
public struct DRMModeRequest: Hashable, Sendable, CustomStringConvertible {
    public var width: Int, height: Int, refreshRate: Int?
    public init(width: Int, height: Int, refreshRate: Int? = nil) {
        self.width = width; self.height = height; self.refreshRate = refreshRate
    }
    /// Parses `1920x1080` or `1920x1080@60`; nil for anything else.
    public init?(_ text: String) {
        let at = text.split(separator: "@", omittingEmptySubsequences: false)
        guard at.count <= 2 else { return nil }
        let wh = at[0].split(separator: "x", omittingEmptySubsequences: false)
        guard wh.count == 2, let w = Int(wh[0]), let h = Int(wh[1]), w > 0, h > 0 else { return nil }
        var hz: Int?
        if at.count == 2 { guard let r = Int(at[1]), r > 0 else { return nil }; hz = r }
        self.init(width: w, height: h, refreshRate: hz)
    }
    public var description: String { "\(width)x\(height)" + (refreshRate.map { "@\($0)" } ?? "") }

    func matches(_ m: DRMModeInfo) -> Bool {
        m.width == width && m.height == height && (refreshRate == nil || m.refreshRate == refreshRate)
    }
}

/// A selection that cannot be satisfied: names what was asked for and what exists.
public struct DRMSelectionError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

extension DRMCard {
    /// Picks a connector (by name, else the first connected), a mode (the request, else preferred,
    /// else largest), and an encoder/CRTC pair that can drive it — the connector's current one
    /// when it has one, to avoid a needless modeset.
    public func selectOutput(connector name: String? = nil, mode request: DRMModeRequest? = nil) throws -> DRMOutput {
        let fd = fileDescriptor.rawValue
        guard let res = drmModeGetResources(fd) else {
            throw DRMError(call: "drmModeGetResources", path: path, errno: .current)
        }
        defer { drmModeFreeResources(res) }
        let crtcs = (0..<Int(res.pointee.count_crtcs)).map { res.pointee.crtcs[$0] }
        var names: [String] = []
        for i in 0..<Int(res.pointee.count_connectors) {
            guard let c = drmModeGetConnector(fd, res.pointee.connectors[i]) else { continue }
            defer { drmModeFreeConnector(c) }
            let info = DRMConnectorInfo(c.pointee)
            names.append("\(info.name) (\(info.status.rawValue))")
            if let name, info.name != name { continue }
            if name == nil && info.status != .connected { continue }
            guard info.status == .connected, !info.modes.isEmpty else {
                throw DRMSelectionError("connector \(info.name) on \(path) is \(info.status.rawValue) and has no modes")
            }
            // Mode.
            let index: Int
            if let request {
                guard let i = info.modes.firstIndex(where: request.matches) else {
                    throw DRMSelectionError("connector \(info.name) has no mode \(request); it offers "
                                            + info.modes.map(\.description).joined(separator: ", "))
                }
                index = i
            } else {
                let best = info.defaultMode!
                index = info.modes.firstIndex(of: best)!
            }
            // Encoder and CRTC: the current pair first, else any compatible pair.
            var pairs: [(UInt32, UInt32, Int)] = []
            var encoderIDs = (0..<Int(c.pointee.count_encoders)).map { c.pointee.encoders[$0] }
            if c.pointee.encoder_id != 0 { encoderIDs.insert(c.pointee.encoder_id, at: 0) }
            for e in encoderIDs {
                guard let enc = drmModeGetEncoder(fd, e) else { continue }
                defer { drmModeFreeEncoder(enc) }
                if e == c.pointee.encoder_id, enc.pointee.crtc_id != 0,
                   let ci = crtcs.firstIndex(of: enc.pointee.crtc_id) {
                    pairs.append((e, enc.pointee.crtc_id, ci))
                }
                for (ci, crtc) in crtcs.enumerated() where enc.pointee.possible_crtcs & (1 << UInt32(ci)) != 0 {
                    pairs.append((e, crtc, ci))
                }
            }
            guard let pair = pairs.first else {
                throw DRMSelectionError("connector \(info.name) on \(path) has no encoder/CRTC that can drive it")
            }
            let orientation = propertyEnumName(object: info.id, type: UInt32(DRM_MODE_OBJECT_CONNECTOR),
                                               name: "panel orientation")
            return DRMOutput(connector: info, mode: info.modes[index], rawMode: c.pointee.modes[index],
                             encoderID: pair.0, crtcID: pair.1, crtcIndex: pair.2, panelOrientation: orientation)
        }
        if let name {
            throw DRMSelectionError("no connector named \(name) on \(path); it has: " + names.joined(separator: ", "))
        }
        throw DRMSelectionError("no connected connector on \(path); it has: " + names.joined(separator: ", "))
    }

    /// The id of the property called `name` on a KMS object, and its current value.
    public func property(object: UInt32, type: UInt32, name: String) -> (id: UInt32, value: UInt64)? {
        let fd = fileDescriptor.rawValue
        guard let props = drmModeObjectGetProperties(fd, object, type) else { return nil }
        defer { drmModeFreeObjectProperties(props) }
        for i in 0..<Int(props.pointee.count_props) {
            guard let p = drmModeGetProperty(fd, props.pointee.props[i]) else { continue }
            defer { drmModeFreeProperty(p) }
            let pname = withUnsafeBytes(of: p.pointee.name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if pname == name { return (p.pointee.prop_id, props.pointee.prop_values[i]) }
        }
        return nil
    }

    /// The current value of an enum property as its name (e.g. `panel orientation` → `Normal`).
    public func propertyEnumName(object: UInt32, type: UInt32, name: String) -> String? {
        guard let (id, value) = property(object: object, type: type, name: name),
              let p = drmModeGetProperty(fileDescriptor.rawValue, id) else { return nil }
        defer { drmModeFreeProperty(p) }
        for i in 0..<Int(p.pointee.count_enums) where p.pointee.enums[i].value == value {
            return withUnsafeBytes(of: p.pointee.enums[i].name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        }
        return nil
    }

    /// The first card (in number order) with a connected connector, or nil.
    public static func firstConnectedCardPath(directory: String = "/dev/dri") -> String? {
        for p in cardPaths(directory: directory) {
            guard let card = try? DRMCard(path: p), let cs = try? card.connectors() else { continue }
            if cs.contains(where: { $0.status == .connected }) { return p }
        }
        return nil
    }
}
