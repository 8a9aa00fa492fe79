import Geometry
import Testing

@Suite("Size parsing")
struct SizeParsingTests {
    @Test func pixelsAndMillimetres() {
        #expect(Size(parsing: "1920x1080") == Size(width: 1920, height: 1080))
        #expect(Size(parsing: "1024X768") == Size(width: 1024, height: 768))
        #expect(Size(parsing: "527x296mm", unit: "mm") == Size(width: 527, height: 296))
        #expect(Size(parsing: "270.5x203MM", unit: "mm") == Size(width: 270.5, height: 203))
    }

    @Test func malformedSizesAreRefused() {
        for text in ["", "1920", "1920x", "x1080", "1920x1080x2", "0x1080", "-1x5", "infx5", "nanx5", "axb", "527x296mm"] {
            #expect(Size(parsing: text) == nil, "\(text)")
        }
        #expect(Size(parsing: "527x296cm", unit: "mm") == nil)
    }
}
