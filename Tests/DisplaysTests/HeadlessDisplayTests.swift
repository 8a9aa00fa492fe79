import Displays
import Geometry
import Raster
import Testing

@Suite struct HeadlessDisplayTests {
    /// A present copies only the damaged box into the frame; the rest keeps what was shown.
    @Test func presentCopiesTheDamageOnly() throws {
        let d = HeadlessDisplay(width: 8, height: 6)
        try d.start()
        let red = Color(red: 1, green: 0, blue: 0).premultiplied
        d.surface.fill(d.surface.bounds, with: red)
        var seen: [[PixelRect]] = []
        d.frameObserver = { seen.append($0) }
        #expect(try d.present(damage: [PixelRect(x: 2, y: 1, width: 3, height: 2)]))
        #expect(d.frame.pixel(x: 2, y: 1) == red)
        #expect(d.frame.pixel(x: 4, y: 2) == red)
        #expect(d.frame.pixel(x: 5, y: 1) == Color.black.premultiplied)
        #expect(d.frame.pixel(x: 0, y: 0) == Color.black.premultiplied)
        #expect(seen == [[PixelRect(x: 2, y: 1, width: 3, height: 2)]])
        #expect(d.flipsCompleted == 1 && !d.isFlipPending)
    }

    /// Damage given while blanked is kept and shown by the first present after waking.
    @Test func blankedDamageIsHeldUntilUnblanked() throws {
        let d = HeadlessDisplay(width: 4, height: 4, rotation: .degrees90)
        try d.blank()
        let white = Color.white.premultiplied
        d.surface.fill(PixelRect(x: 0, y: 0, width: 1, height: 1), with: white)
        #expect(try d.present(damage: [PixelRect(x: 0, y: 0, width: 1, height: 1)]) == false)
        #expect(d.frame.pixel(x: 0, y: 0) == Color.black.premultiplied)
        try d.unblank()
        #expect(try d.present(damage: []))
        #expect(d.frame.pixel(x: 0, y: 0) == white)
        #expect(try d.present(damage: []) == false)   // nothing left to show
    }

    /// A turned display reports the device size with the axes swapped; the frame stays upright.
    @Test func rotationSwapsTheDeviceSize() {
        let d = HeadlessDisplay(width: 30, height: 20, rotation: .degrees270)
        #expect(d.deviceSize.width == 20 && d.deviceSize.height == 30)
        #expect(d.frame.width == 30 && d.frame.height == 20)
    }
}
