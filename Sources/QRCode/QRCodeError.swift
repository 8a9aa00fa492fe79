#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a text could not become a QR code: libqrencode's errno, with the input's length so the
/// message says which text it was about ("QR code for 3000 bytes: too long … (ERANGE)").
public struct QRCodeError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Reason: Sendable, Hashable {
        /// Empty, or containing a NUL byte (EINVAL).
        case invalidInput
        /// More than version 40 holds at the chosen correction (ERANGE).
        case tooLong
        /// libqrencode could not allocate (ENOMEM).
        case outOfMemory
        /// Any other errno.
        case other
    }

    /// The text's length in UTF-8 bytes.
    public var inputLength: Int
    /// libqrencode's errno (EINVAL for a text containing NUL, which is refused before encoding).
    public var errno: Int32
    /// The text contained a NUL byte (which a C string cannot carry).
    public var containsNUL = false

    public init(inputLength: Int, errno: Int32, containsNUL: Bool = false) {
        self.inputLength = inputLength
        self.errno = errno
        self.containsNUL = containsNUL
    }

    public var reason: Reason {
        switch errno {
        case EINVAL: .invalidInput
        case ERANGE: .tooLong
        case ENOMEM: .outOfMemory
        default: .other
        }
    }

    public var description: String {
        let what: String
        switch reason {
        case .invalidInput: what = containsNUL ? "contains a NUL byte" : "empty or not encodable"
        case .tooLong: what = "too long for the largest QR code (version 40) at this correction level"
        case .outOfMemory: what = "out of memory"
        case .other: what = "libqrencode failed"
        }
        return "QR code for \(inputLength) bytes: \(what) (\(Self.name(of: errno)))"
    }

    /// "EINVAL", "ERANGE", "ENOMEM", else "errno N".
    static func name(of code: Int32) -> String {
        switch code {
        case EINVAL: "EINVAL"
        case ERANGE: "ERANGE"
        case ENOMEM: "ENOMEM"
        default: "errno \(code)"
        }
    }
}
