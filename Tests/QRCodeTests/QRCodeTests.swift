import Testing
@testable import QRCode
#if canImport(Glibc)
import Glibc
#endif

/// The symbols libqrencode makes, checked against ISO/IEC 18004's tables: the smallest version
/// for a text's length (the capacity table, per mode and level), the side `17 + 4·version`, the
/// finder and timing patterns where the spec puts them; and the typed errors. That they decode
/// is checked by an independent decoder (zbar) on the rendered receipt (KioskUITests).
@Suite struct QRCodeTests {
    /// (text, level, version) from the spec's capacity table (Table 7): 8-bit mode holds 14, 26
    /// and 42 bytes in versions 1–3 at M, 17 at L and 7 at H in version 1; numeric mode 34 digits
    /// in version 1 at M; alphanumeric 20 characters. One character more needs the next version.
    /// Lowercase letters are outside the alphanumeric set, so they go in 8-bit mode.
    static let capacities: [(text: String, correction: QRCode.Correction, version: Int)] = [
        (String(repeating: "a", count: 14), .medium, 1),
        (String(repeating: "a", count: 15), .medium, 2),
        (String(repeating: "a", count: 26), .medium, 2),
        (String(repeating: "a", count: 27), .medium, 3),
        (String(repeating: "a", count: 42), .medium, 3),
        (String(repeating: "a", count: 43), .medium, 4),
        (String(repeating: "a", count: 17), .low, 1),
        (String(repeating: "a", count: 18), .low, 2),
        (String(repeating: "a", count: 7), .high, 1),
        (String(repeating: "a", count: 8), .high, 2),
        (String(repeating: "7", count: 34), .medium, 1),
        (String(repeating: "7", count: 35), .medium, 2),
        (String(repeating: "K", count: 20), .medium, 1),
        (String(repeating: "K", count: 21), .medium, 2),
        // Version 40 holds 2953 bytes at L.
        (String(repeating: "a", count: 2953), .low, 40),
    ]

    @Test(arguments: capacities.indices)
    func smallestVersionForTheLength(_ i: Int) throws {
        let (text, correction, version) = Self.capacities[i]
        let code = try QRCode(encoding: text, correction: correction)
        #expect(code.version == version, "\(text.count) characters at \(correction)")
        #expect(code.size == 17 + 4 * version)
        #expect(code.modules.count == code.size * code.size)
        #expect(code.modules.allSatisfy { $0 <= 1 })
        #expect(code.sizeWithQuietZone == code.size + 8)
    }

    /// The three finder patterns (7×7: dark ring, light ring, dark 3×3 centre) in the corners,
    /// their light separators, and the timing patterns alternating dark/light on row and column 6.
    @Test(arguments: ["K7Q2XA", "ord_0194f3a2b1c9d8e7f6a5b4c3", "Sektion Nord · Reihe 12 · Platz 7"])
    func finderAndTimingPatterns(_ text: String) throws {
        let code = try QRCode(encoding: text)
        let n = code.size
        func finderDark(_ dx: Int, _ dy: Int) -> Bool {
            let ring = max(abs(dx - 3), abs(dy - 3))
            return ring == 3 || ring <= 1
        }
        for (ox, oy) in [(0, 0), (n - 7, 0), (0, n - 7)] {
            for dy in 0..<7 {
                for dx in 0..<7 {
                    #expect(code.isDark(x: ox + dx, y: oy + dy) == finderDark(dx, dy), "finder at (\(ox), \(oy)) + (\(dx), \(dy))")
                }
            }
        }
        // Separators: the light row and column between each finder and the data.
        for k in 0..<8 {
            #expect(!code.isDark(x: k, y: 7) && !code.isDark(x: 7, y: k))
            #expect(!code.isDark(x: n - 1 - k, y: 7) && !code.isDark(x: n - 8, y: k))
            #expect(!code.isDark(x: k, y: n - 8) && !code.isDark(x: 7, y: n - 1 - k))
        }
        for k in 8..<(n - 8) {
            #expect(code.isDark(x: k, y: 6) == (k % 2 == 0), "timing row at \(k)")
            #expect(code.isDark(x: 6, y: k) == (k % 2 == 0), "timing column at \(k)")
        }
        // The dark module beside the lower-left finder (always dark).
        #expect(code.isDark(x: 8, y: n - 8))
    }

    @Test func sameTextSameSymbol() throws {
        let a = try QRCode(encoding: "K7Q2XA"), b = try QRCode(encoding: "K7Q2XA")
        #expect(a == b)
        #expect(try QRCode(encoding: "K7Q2XB") != a)
    }

    @Test func tooLongIsERANGE() {
        // One byte over version 40's 2953 at L; at H version 40 holds 1273.
        for (length, correction) in [(2954, QRCode.Correction.low), (1274, .high)] {
            #expect(throws: QRCodeError(inputLength: length, errno: ERANGE)) {
                try QRCode(encoding: String(repeating: "a", count: length), correction: correction)
            }
        }
        let e = QRCodeError(inputLength: 2954, errno: ERANGE)
        #expect(e.reason == .tooLong)
        #expect(e.description.contains("2954 bytes") && e.description.contains("ERANGE"))
    }

    @Test func emptyAndNULAreEINVAL() {
        #expect(throws: QRCodeError(inputLength: 0, errno: EINVAL)) { try QRCode(encoding: "") }
        #expect(throws: QRCodeError(inputLength: 3, errno: EINVAL, containsNUL: true)) { try QRCode(encoding: "a\u{0}b") }
        let e = QRCodeError(inputLength: 3, errno: EINVAL, containsNUL: true)
        #expect(e.reason == .invalidInput)
        #expect(e.description == "QR code for 3 bytes: contains a NUL byte (EINVAL)")
        #expect(QRCodeError(inputLength: 1, errno: ENOMEM).reason == .outOfMemory)
        #expect(QRCodeError(inputLength: 1, errno: EIO).description.hasSuffix("(errno \(EIO))"))
    }

    /// The input length is counted in UTF-8 bytes: "ü" is two, so 7 of them (14 bytes) fill
    /// version 1 at M and 8 need version 2.
    @Test func lengthIsUTF8Bytes() throws {
        #expect(try QRCode(encoding: String(repeating: "ü", count: 7)).version == 1)
        #expect(try QRCode(encoding: String(repeating: "ü", count: 8)).version == 2)
        #expect(throws: QRCodeError(inputLength: 2954, errno: ERANGE)) {
            try QRCode(encoding: String(repeating: "ü", count: 1477), correction: .low)
        }
    }
}
