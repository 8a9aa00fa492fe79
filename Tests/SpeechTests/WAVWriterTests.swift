import Testing
import Foundation
@testable import Speech

@Suite struct WAVWriterTests {
    static func temporaryPath(_ name: String) -> String {
        NSTemporaryDirectory() + "/tribune-wav-\(getpid())-\(name)"
    }

    @Test func aWrittenFileReadsBackWithItsHeaderAndSamples() throws {
        let audio = try SpeechSynthesizer().synthesize("Row four.", language: "en")
        let path = Self.temporaryPath("roundtrip.wav")
        defer { unlink(path) }
        try WAVWriter.write(audio, to: path)
        let wav = try WAVReader(path: path)
        let bytes = audio.samples.count * 2
        #expect(wav.formatTag == 1 && wav.channels == 1 && wav.bitsPerSample == 16)
        #expect(wav.sampleRate == 22050 && wav.byteRate == 44100 && wav.blockAlign == 2)
        #expect(wav.dataSize == UInt32(bytes))
        #expect(wav.riffSize == UInt32(36 + bytes))
        #expect(wav.samples == audio.samples)
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.size] as? Int) == 44 + bytes)
    }

    @Test func theHeaderIsTheCanonicalFortyFourBytes() {
        let data = WAVWriter.data(SpeechAudio(samples: [1, -1, 256], sampleRate: 8000))
        #expect(data.count == 50)
        #expect(Array(data[0..<4]) == Array("RIFF".utf8) && Array(data[8..<16]) == Array("WAVEfmt ".utf8))
        #expect(Array(data[4..<8]) == [42, 0, 0, 0])
        #expect(Array(data[24..<28]) == [0x40, 0x1F, 0, 0])          // 8000 Hz
        #expect(Array(data[36..<44]) == Array("data".utf8) + [6, 0, 0, 0])
        #expect(Array(data[44...]) == [1, 0, 0xFF, 0xFF, 0, 1])        // little-endian samples
    }

    /// A FIFO is written through (opened and written, not replaced by a renamed file).
    @Test func aFIFOIsWrittenThrough() throws {
        let path = Self.temporaryPath("fifo.wav")
        unlink(path)
        #expect(mkfifo(path, 0o600) == 0)
        defer { unlink(path) }
        let audio = SpeechAudio(samples: (0..<5000).map { Int16(truncatingIfNeeded: $0 * 7) }, sampleRate: 22050)
        let reader = Thread {
            let wav = try? WAVReader(path: path)
            FIFOResult.shared.set(wav)
        }
        reader.start()
        try WAVWriter.write(audio, to: path)
        let wav = FIFOResult.shared.wait()
        #expect(wav?.samples == audio.samples)
        var info = stat()
        #expect(stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO, "still a FIFO")
    }

    @Test func anUnwritablePathIsATypedErrorWithItsErrno() {
        let path = "/nonexistent-tribune-dir/x.wav"
        #expect {
            try WAVWriter.write(SpeechAudio(samples: [0], sampleRate: 22050), to: path)
        } throws: { error in
            guard let e = error as? WAVError else { return false }
            return e.path == path && e.errno == ENOENT && e.description.contains(path)
        }
    }

    @Test func aMalformedFileIsATypedError() {
        #expect(throws: WAVError.self) { _ = try WAVReader(data: Array("RIFX....WAVE".utf8)) }
        var data = WAVWriter.data(SpeechAudio(samples: [1, 2, 3], sampleRate: 8000))
        data.removeLast(4)   // the data chunk now runs past the end
        #expect(throws: WAVError.self) { _ = try WAVReader(data: data, path: "cut.wav") }
    }
}

/// The FIFO reader thread's result, handed to the test.
final class FIFOResult: @unchecked Sendable {
    static let shared = FIFOResult()
    private let condition = NSCondition()
    private var value: WAVReader??

    func set(_ wav: WAVReader?) {
        condition.lock(); value = .some(wav); condition.broadcast(); condition.unlock()
    }

    func wait() -> WAVReader? {
        condition.lock(); defer { condition.unlock() }
        while value == nil { condition.wait() }
        return value ?? nil
    }
}
