import CFontStack

/// A font that cannot be used: which file, and what FreeType (or the file system) said.
public struct FontError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The font file's path as given.
    public var path: String
    /// FreeType's error code (`FT_Error`), or 0 when the failure is not FreeType's.
    public var code: Int32
    /// FreeType's message for `code`, or what went wrong otherwise.
    public var reason: String

    public init(path: String, code: Int32, reason: String) {
        self.path = path; self.code = code; self.reason = reason
    }

    /// An error for FreeType's `code` with its own message.
    init(path: String, freeTypeError code: FT_Error, doing what: String) {
        self.path = path
        self.code = Int32(code)
        self.reason = "\(what): \(String(cString: tribune_ft_error_string(Int32(code)))) (FreeType error 0x\(String(code, radix: 16)))"
    }

    public var description: String { "font '\(path)': \(reason)" }
}
