import Foundation
import Headless
import Kiosk
import Recording
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

    @Test func theDemoBuysThreeSeatsAndWritesItsFiles() async throws {
        let out = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: out) }
        var options = Demo.Options(outputDirectory: out)
        options.showsProgress = false
        let settings = options
        let result = try await onOwnThread { try Demo(options: settings).run() }

        #expect(result.purchases == 1)
        #expect(result.orders.count == 1)
        #expect(result.orders.first?.lines.count == 3)   // the three seats the session tapped
        #expect(result.ordersStored)   // found in the embedded box office's SQLite database
        #expect(result.keyFrames.count == DemoSession.keyMoments.count)
        for k in result.keyFrames { #expect(FileManager.default.fileExists(atPath: k.path), "\(k.path)") }
        #expect(FileManager.default.fileExists(atPath: result.contactSheet))

        // The report: purchases 1 and the order's id.
        let report = try JSONSerialization.jsonObject(with: Data(Self.bytes(result.report))) as? [String: Any]
        #expect(report?["purchases"] as? Int == 1)
        let orders = report?["orders"] as? [[String: Any]]
        #expect(orders?.count == 1)
        #expect(orders?.first?["order_id"] as? String == result.orders.first?.orderID)

        // The animated PNG: acTL's frame count, one fcTL per frame, several frames.
        let apng = Self.chunks(Self.bytes(try #require(result.animation)))
        let actl = try #require(apng.first { $0.0 == "acTL" }?.1)
        let declared = Int(actl[0]) << 24 | Int(actl[1]) << 16 | Int(actl[2]) << 8 | Int(actl[3])
        #expect(declared == result.animationFrames)
        #expect(apng.filter { $0.0 == "fcTL" }.count == declared)
        #expect(declared > 10)
    }

    @Test func twoRunsGiveByteIdenticalKeyFrames() async throws {
        var runs: [[[UInt8]]] = []
        for _ in 0..<2 {
            let out = Self.temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: out) }
            var options = Demo.Options(outputDirectory: out)
            options.showsProgress = false
            options.animationEvery = 0
            let settings = options
            let result = try await onOwnThread { try Demo(options: settings).run() }
            runs.append(result.keyFrames.map { Self.bytes($0.path) })
        }
        #expect(runs[0].count == DemoSession.keyMoments.count)
        #expect(runs[0].allSatisfy { $0.count > 1000 })
        #expect(runs[0] == runs[1])
    }

    @Test func theBundledSessionIsTheScriptedOne() throws {
        let path = try #require(Demo.bundledSessionPath())
        let bundled = try RecordingReader.read(path: path)
        let scripted = try DemoSession.makeRecording(venue: DemoSession.venue())
        #expect(bundled.frames == scripted.frames)
        #expect(bundled.device.axes == scripted.device.axes)
    }
}
