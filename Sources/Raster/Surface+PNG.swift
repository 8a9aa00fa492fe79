#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CZlib

extension Surface {
    /// Encodes the surface as an 8-bit PNG: RGBA with straight (un-premultiplied, rounded)
    /// colour, or with `opaque: true` RGB of the pixels as composited over black. Output is
    /// deterministic (fixed filter heuristic, zlib level 6, no timestamps). A surface without
    /// pixels gives a 0×0 PNG, which decoders (this one included) reject.
    public func pngData(opaque: Bool = false) -> [UInt8] {
        let rowBytes = width * (opaque ? 3 : 4)
        // The filtered stream (one filter byte per row).
        var filtered = [UInt8]()
        filtered.reserveCapacity((rowBytes + 1) * height)
        var scanlines = PNGScanlineFilter(width: width, opaque: opaque)
        for y in 0..<(rowBytes > 0 ? height : 0) { scanlines.append(row: UnsafePointer(row(y)), to: &filtered) }

        var out: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]
        var ihdr = [UInt8]()
        ihdr.appendBigEndian(UInt32(width)); ihdr.appendBigEndian(UInt32(height))
        ihdr += [8, opaque ? 2 : 6, 0, 0, 0]
        PNGChunk.append("IHDR", ihdr, to: &out)
        PNGChunk.append("IDAT", PNGDeflate.compress(filtered), to: &out)
        PNGChunk.append("IEND", [], to: &out)
        return out
    }

    /// Writes `pngData(opaque:)` to a file, replacing its contents in place (a device, FIFO or
    /// /dev/stdout is written through, never renamed over).
    public func writePNG(to path: String, opaque: Bool = false) throws(PNGError) {
        try FileBytes.write(pngData(opaque: opaque), to: path)
    }

    /// Decodes a PNG (colour types 0, 2, 3, 4, 6; bit depths 1–16, 16-bit samples keep their
    /// high byte; not interlaced) into a premultiplied surface.
    public convenience init(pngData data: [UInt8]) throws(PNGError) {
        let image = try PNGDecoder.decode(data)
        self.init(width: image.width, height: image.height)
        image.pixels.withUnsafeBufferPointer { px in
            for y in 0..<image.height {
                row(y).update(from: px.baseAddress! + y * image.width, count: image.width)
            }
        }
    }

    /// Reads and decodes a PNG file.
    public convenience init(contentsOfPNGFile path: String) throws(PNGError) {
        guard let f = fopen(path, "rb") else {
            throw PNGError("cannot open: \(String(cString: strerror(errno)))", path: path)
        }
        defer { fclose(f) }
        var data = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, f) }
            if n > 0 { data += chunk[0..<n] }
            if n < chunk.count { break }
        }
        if ferror(f) != 0 { throw PNGError("read failed: \(String(cString: strerror(errno)))", path: path) }
        do {
            try self.init(pngData: data)
        } catch {
            var e = error; e.path = path
            throw e
        }
    }
}

extension Array where Element == UInt8 {
    mutating func appendBigEndian(_ v: UInt32) {
        append(UInt8(v >> 24)); append(UInt8((v >> 16) & 0xFF)); append(UInt8((v >> 8) & 0xFF)); append(UInt8(v & 0xFF))
    }
}

/// Chunk framing: length, type, data, CRC-32 of type and data (zlib's crc32).
enum PNGChunk {
    static func append(_ type: String, _ data: [UInt8], to out: inout [UInt8]) {
        let typeBytes = Array(type.utf8)
        out.appendBigEndian(UInt32(data.count))
        out += typeBytes
        out += data
        out.appendBigEndian(crc(typeBytes, data))
    }

    static func crc(_ type: [UInt8], _ data: ArraySlice<UInt8>) -> UInt32 {
        var c = type.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
        c = data.withUnsafeBufferPointer { crc32(c, $0.baseAddress, uInt($0.count)) }
        return UInt32(truncatingIfNeeded: c)
    }

    static func crc(_ type: [UInt8], _ data: [UInt8]) -> UInt32 { crc(type, data[...]) }
}

/// zlib streams via the system zlib.
enum PNGDeflate {
    static func compress(_ input: [UInt8]) -> [UInt8] {
        var destLen = compressBound(uLong(input.count))
        var out = [UInt8](repeating: 0, count: Int(destLen))
        let status = out.withUnsafeMutableBufferPointer { o in
            input.withUnsafeBufferPointer { i in
                compress2(o.baseAddress, &destLen, i.baseAddress, uLong(i.count), 6)
            }
        }
        precondition(status == Z_OK, "zlib compress2 failed (\(status)) with a compressBound-sized buffer")
        out.removeLast(out.count - Int(destLen))
        return out
    }
}

/// The five PNG scanline filters.
enum PNGFilter {
    @inline(__always) static func paeth(_ a: Int, _ b: Int, _ c: Int) -> Int {
        let p = a + b - c
        let pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }

    /// Filters one row of `count` bytes (`previous` is the row above, zeros for the first row)
    /// with `type` into `out`; returns the sum of |signed filtered bytes|.
    static func apply(_ type: UInt8, raw: UnsafePointer<UInt8>, previous: UnsafePointer<UInt8>, count n: Int,
                      bpp: Int, into out: UnsafeMutablePointer<UInt8>) -> Int {
        @inline(__always) func put(_ i: Int, _ pred: Int) -> Int {
            let v = UInt8(truncatingIfNeeded: Int(raw[i]) - pred)
            out[i] = v
            return v < 128 ? Int(v) : 256 - Int(v)
        }
        var score = 0
        switch type {
        case 1:
            for i in 0..<n { score += put(i, i >= bpp ? Int(raw[i - bpp]) : 0) }
        case 2:
            for i in 0..<n { score += put(i, Int(previous[i])) }
        case 3:
            for i in 0..<n { score += put(i, ((i >= bpp ? Int(raw[i - bpp]) : 0) + Int(previous[i])) >> 1) }
        case 4:
            for i in 0..<n {
                let a = i >= bpp ? Int(raw[i - bpp]) : 0, c = i >= bpp ? Int(previous[i - bpp]) : 0
                score += put(i, paeth(a, Int(previous[i]), c))
            }
        default:
            for i in 0..<n { score += put(i, 0) }
        }
        return score
    }
}
