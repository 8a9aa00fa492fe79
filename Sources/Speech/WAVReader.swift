#if canImport(Glibc)
import Glibc
#endif

/// Reads a RIFF WAVE file of 16-bit PCM (any chunk order, unknown chunks skipped) and reports
/// its header fields as found, so tests can check what `WAVWriter` wrote.
public struct WAVReader: Hashable, Sendable {
    /// `fmt ` fields as stored.
    public var formatTag: UInt16
    public var channels: UInt16
    public var sampleRate: UInt32
    public var byteRate: UInt32
    public var blockAlign: UInt16
    public var bitsPerSample: UInt16
    /// The RIFF chunk's size field (the file's length minus 8).
    public var riffSize: UInt32
    /// The `data` chunk's size field, in bytes.
    public var dataSize: UInt32
    /// The samples of the `data` chunk (interleaved when there are several channels).
    public var samples: [Int16]

    /// The samples as speech audio (for one channel).
    public var audio: SpeechAudio { SpeechAudio(samples: samples, sampleRate: Int(sampleRate)) }

    /// Parses a whole file's bytes; `path` only names the file in errors.
    public init(data: [UInt8], path: String = "") throws(WAVError) {
        func fail(_ message: String) -> WAVError { WAVError(path: path, message: message) }
        func u16(_ at: Int) -> UInt16 { UInt16(data[at]) | UInt16(data[at + 1]) << 8 }
        func u32(_ at: Int) -> UInt32 { UInt32(u16(at)) | UInt32(u16(at + 2)) << 16 }
        guard data.count >= 12, data[0..<4].elementsEqual("RIFF".utf8), data[8..<12].elementsEqual("WAVE".utf8) else {
            throw fail("not a RIFF WAVE file")
        }
        riffSize = u32(4)
        var format: (tag: UInt16, channels: UInt16, rate: UInt32, byteRate: UInt32, align: UInt16, bits: UInt16)?
        var offset = 12
        while offset + 8 <= data.count {
            let id = String(decoding: data[offset..<offset + 4], as: UTF8.self)
            let size = Int(u32(offset + 4))
            let body = offset + 8
            guard body + size <= data.count else { throw fail("chunk '\(id)' at byte \(offset) runs past the end of the file") }
            if id == "fmt " {
                guard size >= 16 else { throw fail("'fmt ' chunk of \(size) bytes (16 needed)") }
                format = (u16(body), u16(body + 2), u32(body + 4), u32(body + 8), u16(body + 12), u16(body + 14))
            } else if id == "data" {
                guard let format else { throw fail("'data' chunk before the 'fmt ' chunk") }
                guard format.tag == 1, format.bits == 16 else {
                    throw fail("format \(format.tag) with \(format.bits) bits per sample (only 16-bit PCM is read)")
                }
                formatTag = format.tag; channels = format.channels; sampleRate = format.rate
                byteRate = format.byteRate; blockAlign = format.align; bitsPerSample = format.bits
                dataSize = UInt32(size)
                samples = (0..<size / 2).map { Int16(bitPattern: u16(body + 2 * $0)) }
                return
            }
            offset = body + size + (size & 1)   // chunks are padded to even sizes
        }
        throw fail("no 'data' chunk")
    }

    /// Reads and parses the file at `path`.
    public init(path: String) throws(WAVError) {
        guard let file = fopen(path, "rb") else { throw WAVError.system(path: path, "cannot open") }
        defer { fclose(file) }
        var data: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            data += chunk[0..<n]
            if n < chunk.count { break }
        }
        if ferror(file) != 0 { throw WAVError.system(path: path, "read failed") }
        try self.init(data: data, path: path)
    }
}
