import Raster
import Testing
@testable import DRMDisplay

@Suite struct DRMDamageTrackerTests {
    let screen = PixelRect(x: 0, y: 0, width: 100, height: 50)

    @Test func everyBufferStartsFullyDamaged() {
        var t = DRMDamageTracker(bufferCount: 3, bounds: screen)
        for b in 0..<3 { #expect(t.take(buffer: b) == [screen]) }
        #expect(t.take(buffer: 0).isEmpty)
    }

    @Test func bufferAgeAccumulatesWhatEachBufferMissed() {
        // Double buffering: A then B are presented; a buffer shown two frames ago lacks both
        // the damage of its own turn's frame and the one after.
        var t = DRMDamageTracker(bufferCount: 2, bounds: screen)
        _ = t.take(buffer: 0); _ = t.take(buffer: 1)
        let a = PixelRect(x: 1, y: 1, width: 5, height: 5), b = PixelRect(x: 50, y: 20, width: 4, height: 3)
        t.add([a]); #expect(t.take(buffer: 0) == [a])
        t.add([b]); #expect(t.take(buffer: 1) == [a, b])
        #expect(t.take(buffer: 0) == [b])
    }

    @Test func coveredRectsAreDroppedAndClippedToBounds() {
        var t = DRMDamageTracker(bufferCount: 1, bounds: screen)
        _ = t.take(buffer: 0)
        t.add([PixelRect(x: 10, y: 10, width: 5, height: 5), PixelRect(x: 0, y: 0, width: 30, height: 30),
               PixelRect(x: 12, y: 12, width: 2, height: 2), PixelRect(x: 90, y: 40, width: 50, height: 50),
               PixelRect(x: 200, y: 0, width: 5, height: 5)])
        #expect(t.take(buffer: 0) == [PixelRect(x: 0, y: 0, width: 30, height: 30), PixelRect(x: 90, y: 40, width: 10, height: 10)])
    }

    @Test func tooManyRectsMergeIntoTheirBoundingBox() {
        var t = DRMDamageTracker(bufferCount: 1, bounds: screen)
        _ = t.take(buffer: 0)
        t.add((0...DRMDamageTracker.maxRects).map { PixelRect(x: $0 * 5, y: $0 % 3, width: 2, height: 1) })
        // 17 rects from x = 0 to x = 82, y from 0 to 2 → one box.
        #expect(t.take(buffer: 0) == [PixelRect(x: 0, y: 0, width: 82, height: 3)])
    }

    @Test func changedBoundsFindsTheDifferingBox() {
        let a = Surface(width: 20, height: 10), b = Surface(width: 20, height: 10)
        a.clear(.black); b.clear(.black)
        #expect(DRMDamageTracker.changedBounds(a, b).isEmpty)
        b.setPixel(PremultipliedPixel(rawValue: 0xFFFF_0000), x: 3, y: 7)
        b.setPixel(PremultipliedPixel(rawValue: 0xFF00_FF00), x: 11, y: 2)
        #expect(DRMDamageTracker.changedBounds(a, b) == PixelRect(x: 3, y: 2, width: 9, height: 6))
        // A smaller image counts as black outside: a white 1×1 extra column differs.
        let c = Surface(width: 21, height: 10); c.clear(.black); c.setPixel(PremultipliedPixel(rawValue: 0xFFFF_FFFF), x: 20, y: 0)
        #expect(DRMDamageTracker.changedBounds(a, c) == PixelRect(x: 20, y: 0, width: 1, height: 1))
    }

    @Test func modeRequestsParse() {
        #expect(DRMModeRequest("1920x1080") == DRMModeRequest(width: 1920, height: 1080))
        #expect(DRMModeRequest("1366x768@60") == DRMModeRequest(width: 1366, height: 768, refreshRate: 60))
        for bad in ["", "1920", "1920x", "x1080", "0x10", "10x10@", "10x10@0", "1x2@3@4", "axb"] {
            #expect(DRMModeRequest(bad) == nil, "\(bad)")
        }
    }
}
