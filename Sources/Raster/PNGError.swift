/// Why a PNG could not be read or written: what is wrong and, for input, the byte offset in
/// the file where it was found (e.g. "bad CRC in IDAT chunk" at byte 1234).
public struct PNGError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, in words a person can act on.
    public var reason: String
    /// Offset in the file (from its first byte) of the chunk or field at fault, when known.
    public var offset: Int?
    /// The file involved, when reading or writing one.
    public var path: String?

    public init(_ reason: String, offset: Int? = nil, path: String? = nil) {
        self.reason = reason; self.offset = offset; self.path = path
    }

    public var description: String {
        var s = "PNG"
        if let path { s += " '\(path)'" }
        s += ": " + reason
        if let offset { s += " at byte \(offset)" }
        return s
    }
}
