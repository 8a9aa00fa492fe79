import Headless
import Raster
import Testing
import Text

@Suite("Contact sheet")
struct ContactSheetTests {
    @Test func downsamplingAveragesEachBox() {
        // 4×2 → 2×1 with factor 2: each output pixel is the rounded mean of a 2×2 box.
        let s = Surface(width: 4, height: 2)
        let values: [[UInt32]] = [[0xFF00_0000, 0xFF02_0406, 0xFFFF_FFFF, 0x0000_0000],
                                  [0xFF04_0000, 0xFF00_0003, 0xFFFF_FFFF, 0x0000_0000]]
        for y in 0..<2 { for x in 0..<4 { s.setPixel(PremultipliedPixel(rawValue: values[y][x]), x: x, y: y) } }
        let d = ContactSheet.downsampled(s, by: 2)
        #expect(d.width == 2 && d.height == 1)
        // Left box: a = 255; r = (0+2+4+0)/4 = 1.5 → 2; g = 4/4 = 1; b = (6+3)/4 = 2.25 → 2.
        #expect(d.pixel(x: 0, y: 0) == PremultipliedPixel(red: 2, green: 1, blue: 2, alpha: 255))
        // Right box: two white, two transparent → a = 127.5 → 128, r = g = b = 128.
        #expect(d.pixel(x: 1, y: 0) == PremultipliedPixel(red: 128, green: 128, blue: 128, alpha: 128))
    }

    @Test func theSheetHasOneCellPerFrameInAGrid() throws {
        guard let fonts = try? FontChain.standard() else { return }   // no DejaVu: nothing to draw captions with
        let frames = (0..<4).map { k -> ContactSheet.Entry in
            let s = Surface(width: 80, height: 40)
            s.fill(s.bounds, with: PremultipliedPixel(red: UInt8(40 * k), green: 200, blue: 10, alpha: 255))
            return ContactSheet.Entry(image: s, caption: "frame \(k)")
        }
        var sheet = ContactSheet()
        sheet.columns = 3
        sheet.downscale = 2
        sheet.spacing = 10
        let image = sheet.render(frames, text: TextRenderer(fonts: fonts))
        let captionH = Int((sheet.fontSize * 1.6).rounded(.up))
        // 3 columns of 40 px thumbnails, 2 rows of 20 px thumbnails plus captions.
        #expect(image.width == 10 + 3 * (40 + 10))
        #expect(image.height == 10 + 2 * (20 + captionH + 10))
        // Each thumbnail's middle pixel is its frame's colour; the 4th frame starts the second row.
        for k in 0..<4 {
            let x = 10 + (k % 3) * 50 + 20, y = 10 + (k / 3) * (20 + captionH + 10) + 10
            #expect(image.pixel(x: x, y: y) == PremultipliedPixel(red: UInt8(40 * k), green: 200, blue: 10, alpha: 255))
        }
        // Captions put light pixels under the first thumbnail.
        var light = 0
        for y in (10 + 20)..<(10 + 20 + captionH) { for x in 10..<50 where image.pixel(x: x, y: y).red > 200 { light += 1 } }
        #expect(light > 10)
    }
}
