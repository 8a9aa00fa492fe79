#if canImport(Glibc)
import Glibc
#endif

/// Writes speech as a RIFF WAVE file: PCM, 16-bit little-endian, one channel, a 44-byte header.
/// The file is written in place (opened for writing and truncated, never written elsewhere and
/// renamed over), so a device, a FIFO or /dev/stdout given as the path is written through, as
/// the project's other file outputs do.
public enum WAVWriter {
    /// The header's size in bytes: RIFF, the `fmt ` chunk (16 bytes of fields) and the `data` header.
    public static let headerSize = 44

    /// The whole file's bytes for `audio`.
    public static func data(_ audio: SpeechAudio) -> [UInt8] {
        let dataBytes = audio.samples.count * 2
        var out: [UInt8] = []
        out.reserveCapacity(headerSize + dataBytes)
        out += Array("RIFF".utf8); out.appendLittleEndian(UInt32(36 + dataBytes))
        out += Array("WAVE".utf8)
        out += Array("fmt ".utf8); out.appendLittleEndian(UInt32(16))
        out.appendLittleEndian(UInt16(1))                         // PCM
        out.appendLittleEndian(UInt16(1))                         // channels
        out.appendLittleEndian(UInt32(audio.sampleRate))
        out.appendLittleEndian(UInt32(audio.sampleRate * 2))      // bytes per second
        out.appendLittleEndian(UInt16(2))                         // block align: one 16-bit sample
        out.appendLittleEndian(UInt16(16))                        // bits per sample
        out += Array("data".utf8); out.appendLittleEndian(UInt32(dataBytes))
        for s in audio.samples { out.appendLittleEndian(UInt16(bitPattern: s)) }
        return out
    }

    /// Writes `audio` to `path` (created with mode 0644, or replaced in place).
    public static func write(_ audio: SpeechAudio, to path: String) throws(WAVError) {
        let bytes = data(audio)
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw WAVError.system(path: path, "cannot open for writing") }
        var written = 0
        var failure: WAVError?
        bytes.withUnsafeBytes { raw in
            while written < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + written, raw.count - written)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = WAVError.system(path: path, "write failed after \(written) of \(raw.count) bytes")
                    return
                }
                written += n
            }
        }
        if close(fd) != 0 && failure == nil { failure = WAVError.system(path: path, "close failed") }
        if let failure { throw failure }
    }
}

extension Array where Element == UInt8 {
    mutating func appendLittleEndian(_ v: UInt16) {
        append(UInt8(v & 0xFF)); append(UInt8(v >> 8))
    }

    mutating func appendLittleEndian(_ v: UInt32) {
        append(UInt8(v & 0xFF)); append(UInt8((v >> 8) & 0xFF)); append(UInt8((v >> 16) & 0xFF)); append(UInt8(v >> 24))
    }
}
