import BoxOfficeTestSupport
import Foundation
import Headless
import Kiosk
import Recording
import Seating
import Speech
import Testing

/// `tribune-headless demo` end to end: the embedded box office, the bundled session replayed through the
/// screens, the purchase, and the files.
@Suite("Demo end to end", .serialized)
struct DemoEndToEndTests {
    static func temporaryDirectory() -> String {
        NSTemporaryDirectory() + "tribune-demo-test-" + UUID().uuidString
    }

    static func bytes(_ path: String) -> [UInt8] { [UInt8](FileManager.default.contents(atPath: path) ?? Data()) }

    /// (type, data) of every chunk of a PNG file.
    static func chunks(_ file: [UInt8]) -> [(String, [UInt8])] {
        var out: [(String, [UInt8])] = []
        var p = 8
        while p + 12 <= file.count {
            let n = Int(file[p]) << 24 | Int(file[p + 1]) << 16 | Int(file[p + 2]) << 8 | Int(file[p + 3])
            guard p + 12 + n <= file.count else { break }
            out.append((String(decoding: file[(p + 4)..<(p + 8)], as: UTF8.self), Array(file[(p + 8)..<(p + 8 + n)])))
            p += 12 + n
        }
        return out
    }

    @Test func theDemoBuysThreeSeatsThenAWheelchairSpaceAndWritesItsFiles() async throws {
        let out = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: out) }
        var options = Demo.Options(outputDirectory: out)
        options.showsProgress = false
        let settings = options
        let result = try await onOwnThread { try Demo(options: settings).run() }

        #expect(result.purchases == Demo.expectedPurchases)
        #expect(result.orders.count == 2)
        #expect(result.orders.first?.lines.count == 3)   // the three seats the session tapped
        // Accessible mode's order: a wheelchair space and its companion seat (the venue's flags).
        let venue = DemoSession.venue()
        let second = try #require(result.orders.last).lines.compactMap { venue.seatIndex(id: $0.seatGUID) }.sorted()
        let flags: [SeatFlags] = second.map { venue.seats[$0].flags }
        #expect(second.count == 2 && flags == [.wheelchair, .companion], "\(second.map { venue.seatIDs[$0] })")
        #expect(result.ordersStored)   // found in the embedded box office's SQLite database
        #expect(result.keyFrames.count == DemoSession.keyMoments.count)
        for k in result.keyFrames { #expect(FileManager.default.fileExists(atPath: k.path), "\(k.path)") }
        #expect(FileManager.default.fileExists(atPath: result.contactSheet))

        // The report: both purchases, the orders' ids, and what was said.
        let report = try JSONSerialization.jsonObject(with: Data(Self.bytes(result.report))) as? [String: Any]
        #expect(report?["purchases"] as? Int == 2)
        let orders = report?["orders"] as? [[String: Any]]
        #expect(orders?.map { $0["order_id"] as? String } == result.orders.map(\.orderID))
        let speech = report?["speech"] as? [[String: Any]]
        #expect(speech?.map { $0["text"] as? String } == result.transcript.map(\.text))

        // transcript.txt: a heading, then time, language and text of each announcement a line.
        let lines = String(decoding: Self.bytes(result.transcriptText), as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "time_s\tlanguage\ttext" && lines.last == "")
        let rows = lines.dropFirst().dropLast().map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        #expect(rows.count == result.transcript.count && result.transcript.count > 10)
        for (row, a) in zip(rows, result.transcript) {
            #expect(row.count == 3 && Double(row[0]).map { abs($0 - a.time) < 1e-6 } == true && row[1] == a.language && row[2] == a.text, "\(row)")
        }
        // transcript.wav: mono 16-bit speech, not silent, as long as espeak-ng says the texts are
        // (each utterance within a fifth: espeak-ng carries a little state from one to the next).
        let wav = try WAVReader(path: result.transcriptAudio)
        #expect(wav.channels == 1 && wav.bitsPerSample == 16)
        #expect(SpeechAudio(samples: wav.samples, sampleRate: Int(wav.sampleRate)).rootMeanSquare > 300)
        let synthesizer = SpeechSynthesizer()
        var expectedSamples = 0
        for a in result.transcript { expectedSamples += try synthesizer.synthesize(a.text, language: a.language).samples.count }
        #expect(abs(wav.samples.count - expectedSamples) <= expectedSamples / 5, "\(wav.samples.count) samples, espeak-ng \(expectedSamples)")

        // The animated PNG: acTL's frame count, one fcTL per frame, several frames.
        let apng = Self.chunks(Self.bytes(try #require(result.animation)))
        let actl = try #require(apng.first { $0.0 == "acTL" }?.1)
        let declared = Int(actl[0]) << 24 | Int(actl[1]) << 16 | Int(actl[2]) << 8 | Int(actl[3])
        #expect(declared == result.animationFrames)
        #expect(apng.filter { $0.0 == "fcTL" }.count == declared)
        #expect(declared > 10)
    }

    @Test func twoRunsGiveByteIdenticalKeyFramesTranscriptAndReport() async throws {
        /// (file name, bytes) of each run.
        var runs: [[(String, [UInt8])]] = []
        for _ in 0..<2 {
            let out = Self.temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: out) }
            var options = Demo.Options(outputDirectory: out)
            options.showsProgress = false
            options.animationEvery = 0
            let settings = options
            let result = try await onOwnThread { try Demo(options: settings).run() }
            // The report less its order ids: the box office's ids begin with its wall-clock time
            // (time-sortable by design); their seeded half and the order codes are the same every run.
            let report = String(decoding: Self.bytes(result.report), as: UTF8.self)
                .replacing(/"order_id": "ord_[0-9a-f]{11}/, with: "\"order_id\": \"ord_")
            let files = result.keyFrames.map(\.path) + [result.transcriptText, result.transcriptAudio]
            runs.append(files.map { (URL(fileURLWithPath: $0).lastPathComponent, Self.bytes($0)) } + [("report.json", Array(report.utf8))])
        }
        #expect(runs[0].count == DemoSession.keyMoments.count + 3)
        #expect(runs[0].allSatisfy { $0.1.count > 1000 })
        for (a, b) in zip(runs[0], runs[1]) {
            // The WAV only in length: espeak-ng carries a little state from one utterance to the
            // next within a process, so a second demo in the same process speaks a few ms apart
            // (two `tribune-headless demo` processes, as `make demo` runs, write the same bytes).
            if a.0 == "transcript.wav" {
                #expect(abs(a.1.count - b.1.count) <= a.1.count / 100, "transcript.wav: \(a.1.count) and \(b.1.count) bytes")
                continue
            }
            // (A Bool, so a failure reports the file rather than diffing its bytes for minutes.)
            let same = a.0 == b.0 && a.1 == b.1
            #expect(same, "\(a.0) differs between two runs (\(a.1.count) and \(b.1.count) bytes)")
        }
    }

    @Test func theBundledSessionIsTheScriptedOne() throws {
        let path = try #require(Demo.bundledSessionPath())
        let bundled = try RecordingReader.read(path: path)
        let scripted = try DemoSession.makeRecording(venue: DemoSession.venue())
        #expect(bundled.frames == scripted.frames)
        #expect(bundled.device.axes == scripted.device.axes)
    }
}
