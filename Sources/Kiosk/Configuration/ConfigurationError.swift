/// A configuration the kiosk refuses to start with: where (the file's name or the flag), which
/// key, and why — e.g. `tribune.toml: display.rotation: expected 0, 90, 180 or 270, found 45`.
public struct ConfigurationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file name (last path component) or the flag, e.g. `--rotation`.
    public var source: String
    /// The dotted key, e.g. `display.rotation` ("" for the file as a whole).
    public var key: String
    public var reason: String

    public init(source: String, key: String, reason: String) {
        self.source = source; self.key = key; self.reason = reason
    }

    public var description: String { key.isEmpty ? "\(source): \(reason)" : "\(source): \(key): \(reason)" }
}
