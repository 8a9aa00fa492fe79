import CQRencode
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A QR code symbol (ISO/IEC 18004) encoded by libqrencode: its module matrix, row by row,
/// one byte per module in one contiguous array, so drawing it is a flat loop.
///
/// The version (1…40, side `17 + 4·version` modules) is the smallest that holds the text at
/// the chosen error correction; libqrencode picks the segment modes (numeric, alphanumeric,
/// 8-bit) and the mask. The text is encoded as its UTF-8 bytes, case kept. The symbol does not
/// include its quiet zone: drawers leave `quietZone` light modules around it.
public struct QRCode: Sendable, Hashable {
    /// How much of the symbol may be damaged and still decode (the spec's levels L, M, Q, H).
    public enum Correction: Sendable, Hashable, CaseIterable {
        /// About 7 % of codewords.
        case low
        /// About 15 %: the usual choice for screens.
        case medium
        /// About 25 %.
        case quartile
        /// About 30 %.
        case high

        var level: QRecLevel {
            switch self {
            case .low: QR_ECLEVEL_L
            case .medium: QR_ECLEVEL_M
            case .quartile: QR_ECLEVEL_Q
            case .high: QR_ECLEVEL_H
            }
        }
    }

    /// The light margin a reader needs around the symbol, in modules (the spec's minimum).
    public static let quietZone = 4

    /// 1…40.
    public let version: Int
    public let correction: Correction
    /// Modules per side, `17 + 4·version`.
    public let size: Int
    /// `size·size` modules, row-major from the top-left: 1 dark, 0 light.
    public let modules: [UInt8]

    /// Encodes `text` (its UTF-8 bytes) at `correction`.
    /// - Throws: `QRCodeError` naming the input's length and libqrencode's errno: empty or
    ///   containing NUL (EINVAL), longer than version 40 holds at this level (ERANGE), out of
    ///   memory (ENOMEM).
    public init(encoding text: String, correction: Correction = .medium) throws(QRCodeError) {
        let length = text.utf8.count
        // libqrencode reads a C string: a NUL would silently end the text early.
        if text.utf8.contains(0) { throw QRCodeError(inputLength: length, errno: EINVAL, containsNUL: true) }
        errno = 0
        let symbol = text.withCString { QRcode_encodeString($0, 0, correction.level, QR_MODE_8, 1) }
        guard let symbol else { throw QRCodeError(inputLength: length, errno: errno) }
        defer { QRcode_free(symbol) }
        let width = Int(symbol.pointee.width)
        // Bit 0 of each byte is the module's colour; the other bits say what the module is for.
        let data = UnsafeBufferPointer(start: symbol.pointee.data, count: width * width)
        version = Int(symbol.pointee.version)
        self.correction = correction
        size = width
        modules = data.map { $0 & 1 }
    }

    /// Whether the module in column `x`, row `y` (0 ≤ x, y < size) is dark.
    @inlinable public func isDark(x: Int, y: Int) -> Bool { modules[y &* size &+ x] != 0 }

    /// Modules per side with the quiet zone on every side.
    public var sizeWithQuietZone: Int { size + 2 * Self.quietZone }
}
