import CZlib

/// Reads a PNG byte stream into premultiplied pixels (`0xAARRGGBB`).
/// Every length and index is checked; malformed input throws a `PNGError` with the offset.
struct PNGDecoder {
    struct Image {
        var width: Int, height: Int
        var pixels: [UInt32]
    }

    /// Refuse images whose pixels would take more than 256 MiB.
    static let maxPixels = 1 << 26

    /// Whether a chunk's CRC may be wrong: only in the fuzzing build (scripts/fuzz.sh defines
    /// FUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION, as libpng's fuzzers do), where a fuzzer could
    /// otherwise never get a mutated chunk past its checksum to the code behind it.
    #if FUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION
    static let ignoresChecksums = true
    #else
    static let ignoresChecksums = false
    #endif

    static func decode(_ data: [UInt8]) throws(PNGError) -> Image {
        let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]
        guard data.count >= 8 else { throw PNGError("truncated: \(data.count) bytes is shorter than the signature", offset: 0) }
        guard Array(data[0..<8]) == signature else { throw PNGError("bad signature (not a PNG file)", offset: 0) }

        var pos = 8
        var width = 0, height = 0, depth = 0, colorType = -1
        var palette: [UInt32] = []  // straight 0xAARRGGBB
        var transparentKey: [Int]? = nil  // grey or RGB sample values that are transparent
        var idat: [UInt8] = []
        var sawIHDR = false, sawIEND = false, idatDone = false, sawIDAT = false
        var firstIDAT = 0

        func be32(_ i: Int) -> Int {
            Int(data[i]) << 24 | Int(data[i + 1]) << 16 | Int(data[i + 2]) << 8 | Int(data[i + 3])
        }

        while pos < data.count {
            let start = pos
            guard pos + 8 <= data.count else { throw PNGError("truncated chunk header", offset: start) }
            let length = be32(pos)
            let typeBytes = Array(data[(pos + 4)..<(pos + 8)])
            let type = String(decoding: typeBytes, as: UTF8.self)
            guard typeBytes.allSatisfy({ (65...90).contains($0) || (97...122).contains($0) }) else {
                throw PNGError("invalid chunk type bytes \(typeBytes)", offset: start + 4)
            }
            guard length <= Int(Int32.max) else { throw PNGError("chunk \(type) length \(length) exceeds 2³¹−1", offset: start) }
            guard pos + 12 + length <= data.count else {
                throw PNGError("truncated: chunk \(type) needs \(length + 12) bytes, \(data.count - pos) left", offset: start)
            }
            let body = data[(pos + 8)..<(pos + 8 + length)]
            let storedCRC = UInt32(truncatingIfNeeded: be32(pos + 8 + length))
            guard PNGChunk.crc(typeBytes, body) == storedCRC || Self.ignoresChecksums else {
                throw PNGError("bad CRC in \(type) chunk", offset: start)
            }
            pos += 12 + length

            if !sawIHDR && type != "IHDR" { throw PNGError("first chunk is \(type), expected IHDR", offset: start) }
            if sawIDAT && type != "IDAT" { idatDone = true }
            switch type {
            case "IHDR":
                guard !sawIHDR else { throw PNGError("second IHDR chunk", offset: start) }
                guard length == 13 else { throw PNGError("IHDR length \(length), expected 13", offset: start) }
                let b = body.startIndex
                width = be32(b); height = be32(b + 4)
                depth = Int(data[b + 8]); colorType = Int(data[b + 9])
                guard width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max) else {
                    throw PNGError("invalid size \(width)×\(height)", offset: b)
                }
                guard width * height <= maxPixels else {
                    throw PNGError("image \(width)×\(height) is too large (limit \(maxPixels) pixels)", offset: b)
                }
                let allowed: [Int]
                switch colorType {
                case 0: allowed = [1, 2, 4, 8, 16]
                case 3: allowed = [1, 2, 4, 8]
                case 2, 4, 6: allowed = [8, 16]
                default: throw PNGError("invalid colour type \(colorType)", offset: b + 9)
                }
                guard allowed.contains(depth) else {
                    throw PNGError("bit depth \(depth) is invalid for colour type \(colorType)", offset: b + 8)
                }
                guard data[b + 10] == 0 else { throw PNGError("unknown compression method \(data[b + 10])", offset: b + 10) }
                guard data[b + 11] == 0 else { throw PNGError("unknown filter method \(data[b + 11])", offset: b + 11) }
                switch data[b + 12] {
                case 0: break
                case 1: throw PNGError("unsupported interlace (Adam7); save the image non-interlaced", offset: b + 12)
                default: throw PNGError("unknown interlace method \(data[b + 12])", offset: b + 12)
                }
                sawIHDR = true
            case "PLTE":
                guard length % 3 == 0, length > 0, length <= 768 else {
                    throw PNGError("PLTE length \(length) is not 3·n with 1 ≤ n ≤ 256", offset: start)
                }
                palette = stride(from: body.startIndex, to: body.endIndex, by: 3).map {
                    0xFF00_0000 | UInt32(data[$0]) << 16 | UInt32(data[$0 + 1]) << 8 | UInt32(data[$0 + 2])
                }
            case "tRNS":
                switch colorType {
                case 3:
                    guard length <= palette.count else {
                        throw PNGError("tRNS has \(length) entries for a \(palette.count)-colour palette", offset: start)
                    }
                    for (k, i) in body.indices.enumerated() {
                        palette[k] = (palette[k] & 0x00FF_FFFF) | UInt32(data[i]) << 24
                    }
                case 0:
                    guard length == 2 else { throw PNGError("tRNS length \(length), expected 2 for grey", offset: start) }
                    transparentKey = [Int(data[body.startIndex]) << 8 | Int(data[body.startIndex + 1])]
                case 2:
                    guard length == 6 else { throw PNGError("tRNS length \(length), expected 6 for RGB", offset: start) }
                    let b = body.startIndex
                    transparentKey = (0..<3).map { Int(data[b + 2 * $0]) << 8 | Int(data[b + 2 * $0 + 1]) }
                default:
                    throw PNGError("tRNS is not allowed for colour type \(colorType)", offset: start)
                }
            case "IDAT":
                guard !idatDone else { throw PNGError("IDAT chunks are not consecutive", offset: start) }
                if !sawIDAT { firstIDAT = start }
                sawIDAT = true
                idat += body
            case "IEND":
                sawIEND = true
            default:
                // Critical chunks (upper-case first letter) we do not know cannot be skipped.
                if typeBytes[0] < 97 { throw PNGError("unknown critical chunk \(type)", offset: start) }
            }
            if sawIEND { break }
        }
        guard sawIHDR else { throw PNGError("truncated: no IHDR chunk", offset: pos) }
        guard sawIDAT else { throw PNGError("no IDAT chunk", offset: pos) }
        guard sawIEND else { throw PNGError("truncated: file ends without IEND", offset: data.count) }
        if colorType == 3 && palette.isEmpty { throw PNGError("palette image without PLTE", offset: firstIDAT) }

        let channels = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][colorType]!
        let bitsPerPixel = channels * depth
        let rowBytes = (width * bitsPerPixel + 7) / 8
        let bpp = Swift.max(1, bitsPerPixel / 8)
        let expected = (rowBytes + 1) * height

        // deflate cannot expand more than about 1032:1; refuse before allocating for a lie.
        guard expected <= idat.count * 1040 + 1024 else {
            throw PNGError("IDAT data is truncated: \(idat.count) compressed bytes cannot hold \(width)×\(height) pixels",
                           offset: firstIDAT)
        }
        var raw = [UInt8](repeating: 0, count: expected)
        var destLen = uLong(expected)
        let status = raw.withUnsafeMutableBufferPointer { o in
            idat.withUnsafeBufferPointer { i in uncompress(o.baseAddress, &destLen, i.baseAddress, uLong(i.count)) }
        }
        // Z_BUF_ERROR with a full buffer means extra data after the image: tolerated.
        if !(status == Z_OK || (status == Z_BUF_ERROR && Int(destLen) == expected)) || Int(destLen) != expected {
            let what = status == Z_OK ? "truncated" : status == Z_DATA_ERROR ? "corrupt or truncated"
                : "unreadable (zlib status \(status))"
            throw PNGError("IDAT data is \(what): inflated \(destLen) of \(expected) bytes", offset: firstIDAT)
        }

        // Undo the filters in place; the previous row is read back from the buffer.
        try raw.withUnsafeMutableBufferPointer { (buf: inout UnsafeMutableBufferPointer<UInt8>) throws(PNGError) in
            for y in 0..<height {
                let rowStart = y * (rowBytes + 1)
                let type = buf[rowStart]
                let cur = rowStart + 1, prev = rowStart - rowBytes  // prev valid for y > 0
                switch type {
                case 0: break
                case 1:
                    for i in bpp..<Swift.max(bpp, rowBytes) { buf[cur + i] &+= buf[cur + i - bpp] }
                case 2:
                    if y > 0 { for i in 0..<rowBytes { buf[cur + i] &+= buf[prev + i] } }
                case 3:
                    for i in 0..<rowBytes {
                        let a = i >= bpp ? Int(buf[cur + i - bpp]) : 0
                        let b = y > 0 ? Int(buf[prev + i]) : 0
                        buf[cur + i] &+= UInt8((a + b) / 2)
                    }
                case 4:
                    for i in 0..<rowBytes {
                        let a = i >= bpp ? Int(buf[cur + i - bpp]) : 0
                        let b = y > 0 ? Int(buf[prev + i]) : 0
                        let c = (i >= bpp && y > 0) ? Int(buf[prev + i - bpp]) : 0
                        buf[cur + i] &+= UInt8(PNGFilter.paeth(a, b, c))
                    }
                default:
                    throw PNGError("unknown filter type \(type) on row \(y)", offset: firstIDAT)
                }
            }
        }

        var pixels = [UInt32](repeating: 0, count: width * height)
        let maxSample = (1 << depth) - 1
        raw.withUnsafeBufferPointer { buf in
            for y in 0..<height {
                let r = y * (rowBytes + 1) + 1
                // Sample k of this row (channel-major within the pixel), full precision.
                @inline(__always) func sample(_ k: Int) -> Int {
                    switch depth {
                    case 8: return Int(buf[r + k])
                    case 16: return Int(buf[r + 2 * k]) << 8 | Int(buf[r + 2 * k + 1])
                    default:
                        let bit = k * depth
                        return Int(buf[r + bit >> 3]) >> (8 - depth - (bit & 7)) & maxSample
                    }
                }
                @inline(__always) func to8(_ v: Int) -> Int {
                    depth == 16 ? v >> 8 : depth == 8 ? v : v * 255 / maxSample
                }
                for x in 0..<width {
                    var a = 255, rr = 0, gg = 0, bb = 0
                    switch colorType {
                    case 0:
                        let v = sample(x)
                        rr = to8(v); gg = rr; bb = rr
                        if let key = transparentKey, key[0] == v { a = 0 }
                    case 2:
                        let r0 = sample(3 * x), g0 = sample(3 * x + 1), b0 = sample(3 * x + 2)
                        rr = to8(r0); gg = to8(g0); bb = to8(b0)
                        if let key = transparentKey, key[0] == r0, key[1] == g0, key[2] == b0 { a = 0 }
                    case 3:
                        let i = sample(x)
                        let c = i < palette.count ? palette[i] : 0xFF00_0000  // out-of-range index: black
                        a = Int(c >> 24); rr = Int(c >> 16 & 0xFF); gg = Int(c >> 8 & 0xFF); bb = Int(c & 0xFF)
                    case 4:
                        rr = to8(sample(2 * x)); gg = rr; bb = rr; a = to8(sample(2 * x + 1))
                    default:
                        rr = to8(sample(4 * x)); gg = to8(sample(4 * x + 1)); bb = to8(sample(4 * x + 2))
                        a = to8(sample(4 * x + 3))
                    }
                    if a < 255 {
                        rr = premultiply(rr, a); gg = premultiply(gg, a); bb = premultiply(bb, a)
                    }
                    pixels[y * width + x] = UInt32(a) << 24 | UInt32(rr) << 16 | UInt32(gg) << 8 | UInt32(bb)
                }
            }
        }
        return Image(width: width, height: height, pixels: pixels)
    }

    /// round(c·a / 255) exactly.
    @inline(__always) static func premultiply(_ c: Int, _ a: Int) -> Int {
        let t = c * a + 128
        return (t + (t >> 8)) >> 8
    }
}
