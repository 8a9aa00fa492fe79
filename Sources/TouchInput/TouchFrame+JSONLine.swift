import Gestures
import JSON

extension TouchFrame {
    /// One line of JSON for `tribune touches` and `tribune play --emulate`:
    /// `{"t":S,"touches":[{"id":N,"x":PX,"y":PX,"phase":"began"},…]}` plus `"latency_us"`
    /// when given. Numbers in Swift's shortest round-trip form, so nothing is lost.
    public func jsonLine(latencyMicroseconds: Int64? = nil) -> String {
        var s = "{\"t\":\(timestamp)"
        if let latencyMicroseconds { s += ",\"latency_us\":\(latencyMicroseconds)" }
        s += ",\"touches\":["
        for (i, t) in touches.enumerated() {
            if i > 0 { s += "," }
            s += "{\"id\":\(t.id),\"x\":\(t.location.x),\"y\":\(t.location.y),\"phase\":\"\(t.phase.rawValue)\"}"
        }
        return s + "]}"
    }
}

extension TouchDevice {
    /// One line of JSON for a device event: `{"device":"added","id":N,"name":…,"role":…}`.
    public func jsonLine(event: String) -> String {
        var s = "{\"device\":\"\(event)\",\"id\":\(id),\"name\":\(JSONWriter.quoted(name)),\"sysname\":\(JSONWriter.quoted(sysname))"
        s += ",\"role\":\"\(role.rawValue)\""
        if let size = physicalSize { s += ",\"size_mm\":[\(size.width),\(size.height)]" }
        return s + "}"
    }
}
