import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import Raster

// PNG files written out byte by byte here, with a hand-rolled CRC-32 and a stored-block
// (uncompressed) zlib stream, so decoding is checked against an encoder independent of ours.

/// Bitwise CRC-32 (ISO-HDLC, reflected polynomial 0xEDB88320), as the PNG spec defines it.
func referenceCRC(_ bytes: [UInt8]) -> UInt32 {
    var c: UInt32 = 0xFFFF_FFFF
    for b in bytes {
        c ^= UInt32(b)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    }
    return c ^ 0xFFFF_FFFF
}

func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }

func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let t = Array(type.utf8)
    return be(UInt32(data.count)) + t + data + be(referenceCRC(t + data))
}

/// A zlib stream holding `data` in one stored deflate block (RFC 1950/1951).
func storedZlib(_ data: [UInt8]) -> [UInt8] {
    var a: UInt32 = 1, b: UInt32 = 0
    for x in data { a = (a + UInt32(x)) % 65521; b = (b + a) % 65521 }
    let len = UInt16(data.count), nlen = ~len
    return [0x78, 0x01, 0x01, UInt8(len & 0xFF), UInt8(len >> 8), UInt8(nlen & 0xFF), UInt8(nlen >> 8)]
        + data + be(b << 16 | a)
}

func handMadePNG(width: UInt32, height: UInt32, depth: UInt8, colorType: UInt8, interlace: UInt8 = 0,
                 extra: [UInt8] = [], scanlines: [UInt8]) -> [UInt8] {
    [137, 80, 78, 71, 13, 10, 26, 10]
        + chunk("IHDR", be(width) + be(height) + [depth, colorType, 0, 0, interlace])
        + extra
        + chunk("IDAT", storedZlib(scanlines))
        + chunk("IEND", [])
}

func pixels(_ s: Surface) -> [PremultipliedPixel] {
    (0..<s.height).flatMap { y in (0..<s.width).map { x in s.pixel(x: x, y: y) } }
}

func expectPNGError(_ data: [UInt8], contains text: String, sourceLocation: SourceLocation = #_sourceLocation) {
    do {
        _ = try Surface(pngData: data)
        Issue.record("decoded without error; expected '\(text)'", sourceLocation: sourceLocation)
    } catch {
        #expect(error.description.contains(text), "\(error)", sourceLocation: sourceLocation)
    }
}

@Suite struct PNGTests {
    @Test func crcOfIENDMatchesTheSpec() {
        // Every PNG ends with AE 42 60 82, the CRC of "IEND".
        #expect(referenceCRC(Array("IEND".utf8)) == 0xAE42_6082)
    }

    @Test func decodesHandMadeRGB() throws {
        let png = handMadePNG(width: 2, height: 1, depth: 8, colorType: 2, scanlines: [0, 255, 0, 0, 10, 20, 30])
        let s = try Surface(pngData: png)
        #expect(s.width == 2 && s.height == 1)
        #expect(pixels(s) == [PremultipliedPixel(red: 255, green: 0, blue: 0, alpha: 255),
                              PremultipliedPixel(red: 10, green: 20, blue: 30, alpha: 255)])
    }

    @Test func undoesAllFiveFilters() throws {
        // Grey 3×5; the filtered bytes were worked out by hand from these raw rows.
        let rawRows: [[UInt8]] = [[10, 20, 30], [15, 25, 40], [20, 30, 50], [0, 255, 100], [7, 8, 9]]
        let filtered: [UInt8] = [1, 10, 10, 10,      // Sub
                                 2, 5, 5, 10,        // Up
                                 3, 13, 8, 15,       // Average
                                 4, 236, 255, 101,   // Paeth
                                 0, 7, 8, 9]         // None
        let s = try Surface(pngData: handMadePNG(width: 3, height: 5, depth: 8, colorType: 0, scanlines: filtered))
        let got = pixels(s)
        let want = rawRows.flatMap { $0 }.map { PremultipliedPixel(red: $0, green: $0, blue: $0, alpha: 255) }
        #expect(got == want)
    }

    @Test func decodesTwoBitPaletteWithTransparency() throws {
        let plte = chunk("PLTE", [255, 0, 0, 0, 0, 255, 0, 255, 0])
        let trns = chunk("tRNS", [255, 128])
        // Indices 0 1 2 1 packed at 2 bits: 00 01 10 01.
        let png = handMadePNG(width: 4, height: 1, depth: 2, colorType: 3, extra: plte + trns, scanlines: [0, 0b0001_1001])
        let s = try Surface(pngData: png)
        let blueHalf = PremultipliedPixel(red: 0, green: 0, blue: 128, alpha: 128)  // 255·128/255
        #expect(pixels(s) == [PremultipliedPixel(red: 255, green: 0, blue: 0, alpha: 255), blueHalf,
                              PremultipliedPixel(red: 0, green: 255, blue: 0, alpha: 255), blueHalf])
    }

    @Test func decodesSixteenBitRGBAByHighByteAndPremultiplies() throws {
        // One pixel: R=0xC8xx G=0x64xx B=0x00xx A=0x80xx.
        let png = handMadePNG(width: 1, height: 1, depth: 16, colorType: 6,
                              scanlines: [0, 0xC8, 0x11, 0x64, 0x22, 0x00, 0x33, 0x80, 0x44])
        let s = try Surface(pngData: png)
        // round(200·128/255) = 100, round(100·128/255) = 50.
        #expect(pixels(s) == [PremultipliedPixel(red: 100, green: 50, blue: 0, alpha: 128)])
    }

    @Test func decodesGreyAlphaAndOneBitGrey() throws {
        let ga = handMadePNG(width: 1, height: 1, depth: 8, colorType: 4, scanlines: [0, 255, 51])
        #expect(pixels(try Surface(pngData: ga)) == [PremultipliedPixel(red: 51, green: 51, blue: 51, alpha: 51)])
        let bits = handMadePNG(width: 3, height: 1, depth: 1, colorType: 0, scanlines: [0, 0b1010_0000])
        #expect(pixels(try Surface(pngData: bits)).map(\.red) == [255, 0, 255])
    }

    // Files written by libpng (through cairo's cairo_surface_write_to_png, default filtering
    // and compression, with a bKGD chunk) from pixels chosen here.
    static let libpngARGB = "89504e470d0a1a0a0000000d4948445200000004000000030806000000b4f4aec600000006624b474400ff00ff00ffa0bda7930000003e494441540899013300ccff00ff0000ff00ff008000000000264d792800c86432ff4080bf04ffffffff000000ff02b8dcee1119336ec410233d45fa058000ec3113b4e621a4120000000049454e44ae426082"
    static let libpngRGB = "89504e470d0a1a0a0000000d49484452000000030000000208020000001216f14d00000006624b474400ff00ff00ffa0bda7930000001c49444154089963103209636060f8ffff3f539e8fd6eab3ef9998590041eb06f0cadef3400000000049454e44ae426082"
    static let libpngGrey = "89504e470d0a1a0a0000000d49484452000000030000000108000000003e8b4b6800000002624b474400ff878fccbf0000000c494441540899636048f90f0001cb01640413ffb40000000049454e44ae426082"

    static func bytes(hex: String) -> [UInt8] {
        let c = Array(hex.utf8)
        return stride(from: 0, to: c.count, by: 2).map { UInt8(String(decoding: c[$0..<$0 + 2], as: UTF8.self), radix: 16)! }
    }

    @Test func decodesFilesWrittenByLibpng() throws {
        // The premultiplied ARGB32 pixels cairo was given; libpng stored them unpremultiplied.
        let argb: [UInt32] = [0xFFFF_0000, 0x8000_8000, 0x0000_0000, 0x2806_0C13,
                              0xFFC8_6432, 0x0401_0203, 0xFFFF_FFFF, 0xFF00_0000,
                              0x1008_0402, 0xC846_8C23, 0x4404_0910, 0xFFFA_0580]
        let s = try Surface(pngData: Self.bytes(hex: Self.libpngARGB))
        #expect(s.width == 4 && s.height == 3)
        for (i, want) in argb.enumerated() {
            let got = s.pixel(x: i % 4, y: i / 4).rawValue
            for shift: UInt32 in [0, 8, 16, 24] {
                #expect(abs(Int(got >> shift & 0xFF) - Int(want >> shift & 0xFF)) <= 1,
                        "pixel \(i): \(String(got, radix: 16)) vs \(String(want, radix: 16))")
            }
        }
        let rgb = try Surface(pngData: Self.bytes(hex: Self.libpngRGB))
        #expect(pixels(rgb).map(\.rawValue) == [0xFF12_3456, 0xFF00_0000, 0xFFFF_FFFF, 0xFF80_8080, 0xFFAB_CDEF, 0xFF01_0203])
        let grey = try Surface(pngData: Self.bytes(hex: Self.libpngGrey))
        #expect(pixels(grey).map(\.rawValue) == [0xFF00_0000, 0xFF64_6464, 0xFFFF_FFFF])
    }

    @Test func roundTripIsExactForOpaqueAndCloseForTranslucent() throws {
        let s = Surface(width: 7, height: 5)
        for y in 0..<5 {
            for x in 0..<7 {
                let a = UInt8((x * 37 + y * 91) % 256)
                let straight = (r: UInt8((x * 50) % 256), g: UInt8((y * 60) % 256), b: UInt8((x * y * 13) % 256))
                let c = Color(red: Double(straight.r) / 255, green: Double(straight.g) / 255,
                              blue: Double(straight.b) / 255, alpha: y == 0 ? 1 : Double(a) / 255)
                s.setPixel(c.premultiplied, x: x, y: y)
            }
        }
        let back = try Surface(pngData: s.pngData())
        for y in 0..<5 {
            for x in 0..<7 {
                let p = s.pixel(x: x, y: y), q = back.pixel(x: x, y: y)
                #expect(p.alpha == q.alpha)
                if p.alpha == 255 { #expect(p == q) }
                let pc = p.color, qc = q.color
                for (u, v) in [(pc.red, qc.red), (pc.green, qc.green), (pc.blue, qc.blue)] where p.alpha > 0 {
                    #expect(abs(u - v) * 255 <= 1.0001)
                }
            }
        }
        #expect(s.pngData() == s.pngData())
    }

    @Test func encoderHeaderIsWellFormed() throws {
        let s = Surface(width: 300, height: 2)
        s.clear(Color(red: 0.2, green: 0.4, blue: 0.6))
        let data = s.pngData(opaque: true)
        #expect(Array(data[0..<8]) == [137, 80, 78, 71, 13, 10, 26, 10])
        #expect(Array(data[8..<33]) == chunk("IHDR", be(300) + be(2) + [8, 2, 0, 0, 0]))
        #expect(Array(data.suffix(12)) == chunk("IEND", []))
        let back = try Surface(pngData: data)
        #expect(back.pixel(x: 299, y: 1) == Color(red: 0.2, green: 0.4, blue: 0.6).premultiplied)
    }

    @Test func emptySurfaceEncodesWithoutCrashing() {
        let data = Surface(width: 0, height: 3).pngData()
        #expect(Array(data[16..<24]) == be(0) + be(3))  // IHDR width 0, height 3
        expectPNGError(data, contains: "invalid size 0×3")
    }

    @Test func fileRoundTrip() throws {
        let path = "/tmp/tribune-png-test-\(getpid()).png"
        defer { unlink(path) }
        let s = Surface(width: 3, height: 3)
        s.setPixel(PremultipliedPixel(red: 1, green: 2, blue: 3, alpha: 255), x: 1, y: 2)
        try s.writePNG(to: path)
        let back = try Surface(contentsOfPNGFile: path)
        #expect(pixels(back) == pixels(s))
        expectMissingFileError()
    }

    func expectMissingFileError() {
        do {
            _ = try Surface(contentsOfPNGFile: "/nonexistent/x.png")
            Issue.record("no error")
        } catch {
            #expect(error.description.contains("/nonexistent/x.png"))
        }
    }

    @Test func reportsBadInputWithLocation() {
        let good = handMadePNG(width: 2, height: 1, depth: 8, colorType: 2, scanlines: [0, 255, 0, 0, 10, 20, 30])
        var badSig = good; badSig[1] = 0
        expectPNGError(badSig, contains: "bad signature")
        // The IDAT chunk starts after the signature (8) and IHDR (25): byte 33; its data at 41.
        var badCRC = good; badCRC[45] ^= 0xFF
        expectPNGError(badCRC, contains: "bad CRC in IDAT chunk at byte 33")
        expectPNGError(Array(good.prefix(40)), contains: "truncated")
        expectPNGError(Array(good.dropLast(12)), contains: "truncated: file ends without IEND")
        expectPNGError(handMadePNG(width: 2, height: 1, depth: 8, colorType: 2, interlace: 1, scanlines: []),
                       contains: "unsupported interlace")
        expectPNGError(handMadePNG(width: 2, height: 1, depth: 8, colorType: 2, scanlines: [7, 1, 2, 3, 4, 5, 6]),
                       contains: "unknown filter type 7 on row 0")
        expectPNGError(handMadePNG(width: 2, height: 1, depth: 8, colorType: 2, scanlines: [0, 1, 2]),
                       contains: "IDAT data is truncated: inflated 3 of 7 bytes")
        expectPNGError(handMadePNG(width: 2, height: 1, depth: 4, colorType: 2, scanlines: [0, 1]),
                       contains: "bit depth 4 is invalid for colour type 2")
        expectPNGError([], contains: "truncated")
        // A huge IHDR with a tiny IDAT is refused before allocating the image.
        expectPNGError(handMadePNG(width: 8000, height: 8000, depth: 8, colorType: 6, scanlines: [0, 1, 2, 3, 4]),
                       contains: "cannot hold 8000×8000 pixels")
        // A cut zlib stream (the IDAT chunk itself intact).
        var cut = storedZlib([0, 255, 0, 0, 10, 20, 30]); cut.removeLast(6)
        expectPNGError([137, 80, 78, 71, 13, 10, 26, 10] + chunk("IHDR", be(2) + be(1) + [8, 2, 0, 0, 0])
                       + chunk("IDAT", cut) + chunk("IEND", []), contains: "IDAT data is corrupt or truncated")
    }
}
