import Foundation
import Raster
import Spawn
import Testing

/// Animated PNG: the chunk sequence, CRCs and sequence numbers are checked by a parser written
/// here (bitwise CRC-32, no zlib); each frame is decoded back by wrapping its data into a
/// stand-alone PNG and comparing with the pixels that were drawn.
@Suite("Animated PNG encoder")
struct AnimatedPNGEncoderTests {
    struct Chunk { var type: String; var data: [UInt8] }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            c ^= UInt32(b)
            for _ in 0..<8 { c = (c & 1) != 0 ? (c >> 1) ^ 0xEDB8_8320 : c >> 1 }
        }
        return ~c
    }

    static func be32(_ d: [UInt8], _ i: Int) -> Int { Int(d[i]) << 24 | Int(d[i + 1]) << 16 | Int(d[i + 2]) << 8 | Int(d[i + 3]) }
    static func be16(_ d: [UInt8], _ i: Int) -> Int { Int(d[i]) << 8 | Int(d[i + 1]) }

    /// Splits the file into chunks, checking every CRC.
    static func chunks(_ file: [UInt8]) throws -> [Chunk] {
        #expect(Array(file[0..<8]) == [137, 80, 78, 71, 13, 10, 26, 10])
        var out: [Chunk] = []
        var pos = 8
        while pos < file.count {
            let length = be32(file, pos)
            let typeAndData = Array(file[(pos + 4)..<(pos + 8 + length)])
            let stored = UInt32(be32(file, pos + 8 + length))
            #expect(stored == crc32(typeAndData), "CRC of chunk at byte \(pos)")
            out.append(Chunk(type: String(decoding: typeAndData[0..<4], as: UTF8.self), data: Array(typeAndData[4...])))
            pos += 12 + length
        }
        #expect(pos == file.count)
        return out
    }

    static func chunkBytes(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeAndData = Array(type.utf8) + data
        let n = data.count, c = crc32(typeAndData)
        return [UInt8(n >> 24), UInt8((n >> 16) & 0xFF), UInt8((n >> 8) & 0xFF), UInt8(n & 0xFF)] + typeAndData
            + [UInt8(c >> 24), UInt8((c >> 16) & 0xFF), UInt8((c >> 8) & 0xFF), UInt8(c & 0xFF)]
    }

    /// A stand-alone RGB PNG of one frame's compressed data.
    static func standalone(width: Int, height: Int, zlib: [UInt8]) -> [UInt8] {
        let ihdr: [UInt8] = [UInt8(width >> 24), UInt8((width >> 16) & 0xFF), UInt8((width >> 8) & 0xFF), UInt8(width & 0xFF),
                             UInt8(height >> 24), UInt8((height >> 16) & 0xFF), UInt8((height >> 8) & 0xFF), UInt8(height & 0xFF),
                             8, 2, 0, 0, 0]
        return [137, 80, 78, 71, 13, 10, 26, 10] + chunkBytes("IHDR", ihdr) + chunkBytes("IDAT", zlib) + chunkBytes("IEND", [])
    }

    static let red = PremultipliedPixel(rawValue: 0xFFE0_2010), blue = PremultipliedPixel(rawValue: 0xFF10_30C0), green = PremultipliedPixel(rawValue: 0xFF20_C040)

    @Test func framesRoundTripThroughTheChunkSequence() throws {
        let w = 40, h = 30
        let s = Surface(width: w, height: h)
        s.fill(s.bounds, with: Self.red)
        let encoder = AnimatedPNGEncoder(width: w, height: h, loops: 2)
        try encoder.append(s, delayMilliseconds: 100)
        let frame0 = Surface(width: w, height: h); frame0.copy(from: s, sourceRect: s.bounds, to: (0, 0))

        let box = PixelRect(x: 10, y: 7, width: 5, height: 4)
        s.fill(box, with: Self.blue)
        try encoder.append(s, delayMilliseconds: 50)
        try encoder.append(s, delayMilliseconds: 70)   // unchanged: merged into the previous frame
        let frame1 = Surface(width: w, height: h); frame1.copy(from: s, sourceRect: s.bounds, to: (0, 0))

        s.setPixel(Self.green, x: w - 1, y: h - 1)
        s.setPixel(Self.green, x: 3, y: 20)
        try encoder.append(s, delayMilliseconds: 20)
        #expect(encoder.frameCount == 3)

        let file = encoder.data()
        let chunks = try Self.chunks(file)
        #expect(chunks.map(\.type) == ["IHDR", "acTL", "fcTL", "IDAT", "fcTL", "fdAT", "fcTL", "fdAT", "IEND"])
        #expect(Self.be32(chunks[1].data, 0) == 3)   // num_frames
        #expect(Self.be32(chunks[1].data, 4) == 2)   // num_plays

        // Sequence numbers run 0, 1, 2, … over fcTL and fdAT together.
        let sequence = chunks.filter { $0.type == "fcTL" || $0.type == "fdAT" }.map { Self.be32($0.data, 0) }
        #expect(sequence == Array(0..<5))

        struct Control { var w, h, x, y, num, den: Int; var dispose, blend: UInt8 }
        let controls = chunks.filter { $0.type == "fcTL" }.map { d in
            Control(w: Self.be32(d.data, 4), h: Self.be32(d.data, 8), x: Self.be32(d.data, 12), y: Self.be32(d.data, 16),
                    num: Self.be16(d.data, 20), den: Self.be16(d.data, 22), dispose: d.data[24], blend: d.data[25])
        }
        #expect(controls.count == 3)
        #expect(controls[0].w == w && controls[0].h == h && controls[0].x == 0 && controls[0].y == 0)
        #expect((controls[1].x, controls[1].y, controls[1].w, controls[1].h) == (10, 7, 5, 4))
        // The two green pixels span x 3…39, y 20…29.
        #expect((controls[2].x, controls[2].y, controls[2].w, controls[2].h) == (3, 20, 37, 10))
        #expect(controls.map { Double($0.num) / Double($0.den) } == [0.1, 0.12, 0.02])
        #expect(controls.allSatisfy { $0.dispose == 0 && $0.blend == 0 })

        // The default image is frame 0, and the plain PNG decoder reads it.
        let decoded0 = try Surface(pngData: file)
        #expect(decoded0.width == w && decoded0.height == h)
        for y in 0..<h { for x in 0..<w { #expect(decoded0.pixel(x: x, y: y) == frame0.pixel(x: x, y: y)) } }

        // Frames 1 and 2 are the changed boxes of the canvas.
        let fdats = chunks.filter { $0.type == "fdAT" }.map { Array($0.data[4...]) }
        let expected = [frame1, s]
        for (i, zlib) in fdats.enumerated() {
            let c = controls[i + 1]
            let img = try Surface(pngData: Self.standalone(width: c.w, height: c.h, zlib: zlib))
            for y in 0..<c.h { for x in 0..<c.w {
                #expect(img.pixel(x: x, y: y) == expected[i].pixel(x: c.x + x, y: c.y + y), "frame \(i + 1) at \(x),\(y)")
            } }
        }
    }

    @Test func twoEncodingsAreByteIdentical() throws {
        func encode() throws -> [UInt8] {
            let s = Surface(width: 17, height: 9)
            let e = AnimatedPNGEncoder(width: 17, height: 9, opaque: false)
            for k in 0..<4 {
                s.setPixel(PremultipliedPixel(rawValue: UInt32(0x8040_2010) &+ UInt32(k)), x: k * 3, y: k * 2)
                try e.append(s, delayMilliseconds: 33)
            }
            return e.data()
        }
        #expect(try encode() == encode())
    }

    @Test func aFrameOfAnotherSizeIsRefused() {
        let e = AnimatedPNGEncoder(width: 10, height: 10)
        #expect(throws: PNGError.self) { try e.append(Surface(width: 11, height: 10), delayMilliseconds: 10) }
    }

    /// An independent reader: Python's zlib inflates every frame and checks its size.
    @Test func pythonReadsEveryFrame() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else { return }
        let s = Surface(width: 32, height: 24)
        s.fill(s.bounds, with: Self.red)
        let e = AnimatedPNGEncoder(width: 32, height: 24)
        try e.append(s, delayMilliseconds: 40)
        s.fill(PixelRect(x: 4, y: 5, width: 6, height: 7), with: Self.blue)
        try e.append(s, delayMilliseconds: 40)
        let path = NSTemporaryDirectory() + "apng-\(UUID().uuidString).png"
        try e.write(to: path)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let script = """
            import struct, sys, zlib
            d = open(sys.argv[1], 'rb').read(); p = 8; frames = []; cur = None; data = b''
            while p < len(d):
                n, = struct.unpack('>I', d[p:p+4]); t = d[p+4:p+8]; body = d[p+8:p+8+n]
                assert struct.unpack('>I', d[p+8+n:p+12+n])[0] == zlib.crc32(t + body) & 0xffffffff
                if t == b'fcTL':
                    if cur: frames.append((cur, data))
                    cur = struct.unpack('>IIIII', body[:20]); data = b''
                elif t == b'IDAT': data += body
                elif t == b'fdAT': data += body[4:]
                p += 12 + n
            frames.append((cur, data))
            for (seq, w, h, x, y), z in frames:
                raw = zlib.decompress(z); assert len(raw) == h * (1 + 3 * w), (len(raw), w, h)
                print(w, h, x, y)
            """
        let run = try ChildProcess.run("/usr/bin/python3", ["-c", script, path], error: .inherit)
        #expect(run.termination.succeeded)
        #expect(run.outputText == "32 24 0 0\n6 7 4 5\n")
    }
}
