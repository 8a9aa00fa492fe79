import Testing
import Foundation
import Geometry
@testable import Gestures

/// The test-support evemu reader, on small hand-written recordings.
struct EvemuTestReaderTests {
    static func write(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("evemu-\(UUID().uuidString).events").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func protocolBSlotsTrackingIdsAndResolution() throws {
        // Resolution 10 units/mm on x, 20 on y; at 4 px/mm one unit is 0.4 px (x) / 0.2 px (y).
        let path = try Self.write("""
        # EVEMU 1.3
        N: Test Panel
        A: 2f 0 9 0 0 0
        A: 35 0 1000 0 0 10
        A: 36 100 600 0 0 20
        A: 39 0 65535 0 0 0
        E: 10.000000 0003 0039 0007\t# ABS_MT_TRACKING_ID 7
        E: 10.000000 0003 0035 0100
        E: 10.000000 0003 0036 0200
        E: 10.000000 0000 0000 0000
        E: 10.010000 0003 002f 0001
        E: 10.010000 0003 0039 0008
        E: 10.010000 0003 0035 0500
        E: 10.010000 0003 0036 0300
        E: 10.010000 0000 0000 0000
        E: 10.020000 0003 002f 0000
        E: 10.020000 0003 0039 -001
        E: 10.020000 0003 002f 0001
        E: 10.020000 0003 0036 0310
        E: 10.020000 0000 0000 0000
        E: 10.030000 0003 002f 0000
        E: 10.030000 0003 0039 0009
        E: 10.030000 0000 0000 0000
        """)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let frames = try EvemuTestReader(path: path).frames(pixelsPerMillimetre: 4)
        #expect(frames.count == 4)
        #expect(frames.map(\.timestamp).map { ($0 * 1000).rounded() } == [0, 10, 20, 30])
        typealias T = TouchFrame.Touch
        #expect(frames[0].touches == [T(id: 0, location: Point(x: 40, y: 20), phase: .began)])
        #expect(frames[1].touches == [T(id: 0, location: Point(x: 40, y: 20), phase: .stationary),
                                      T(id: 1, location: Point(x: 200, y: 40), phase: .began)])
        #expect(frames[2].touches == [T(id: 0, location: Point(x: 40, y: 20), phase: .ended),
                                      T(id: 1, location: Point(x: 200, y: 42), phase: .moved)])
        // Slot 0 is reused by a new contact: a fresh id, at the slot's last position.
        #expect(frames[3].touches == [T(id: 1, location: Point(x: 200, y: 42), phase: .stationary),
                                      T(id: 2, location: Point(x: 40, y: 20), phase: .began)])
    }

    @Test func singleTouchAndProtocolA() throws {
        let single = try Self.write("""
        N: Single
        A: 00 0 999 0 0 10
        A: 01 0 999 0 0 10
        E: 0.000000 0001 014a 1
        E: 0.000000 0003 0000 50
        E: 0.000000 0003 0001 60
        E: 0.000000 0000 0000 0
        E: 0.010000 0003 0000 55
        E: 0.010000 0000 0000 0
        E: 0.020000 0001 014a 0
        E: 0.020000 0000 0000 0
        """)
        defer { try? FileManager.default.removeItem(atPath: single) }
        let f = try EvemuTestReader(path: single).frames(pixelsPerMillimetre: 2)
        #expect(f.map { $0.touches.map(\.phase) } == [[.began], [.moved], [.ended]])
        #expect(f[1].touches[0].location == Point(x: 11, y: 12))
        let protocolA = try Self.write("""
        N: Old
        A: 35 0 999 0 0 10
        E: 0.000000 0003 0035 50
        E: 0.000000 0000 0002 0
        E: 0.000000 0000 0000 0
        """)
        defer { try? FileManager.default.removeItem(atPath: protocolA) }
        #expect(throws: EvemuTestReader.ReadError.self) { try EvemuTestReader(path: protocolA).frames(pixelsPerMillimetre: 2) }
    }
}
