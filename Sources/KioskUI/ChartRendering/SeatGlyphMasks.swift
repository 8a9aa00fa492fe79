#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Geometry
import Raster

/// The marks of `SeatLook` (✓, ✕, and the high-contrast theme's ❚❚ and —) as coverage masks
/// for one device seat size, for the frame renderer: drawn once per size at each 1/8-px phase
/// (as seats are), upright (the mark does not turn with the seat), blended at each marked
/// seat's squab. Below `minimumSeat` px there are none (the mark would be a smudge; the
/// status's colour still tells).
final class SeatGlyphMasks {
    /// Device seat sides (px) below this get no glyph.
    static let minimumSeat = 10.0

    /// A glyph's masks: `phases²` squares of `side` px, phase (kx, ky) at `(ky · phases + kx) · side²`.
    struct Mask {
        var coverage: [UInt8]
        var side: Int
    }

    /// The seat size the masks are for (−1: none yet).
    private(set) var deviceSize = -1.0
    /// The glyphs the masks are drawn for.
    private(set) var glyphs: Set<SeatLook.Glyph> = []
    /// Per glyph (`SeatLook.Glyph.rawValue`): its mask, or nil below `minimumSeat` or when not asked for.
    private var masks = [Mask?](repeating: nil, count: SeatLook.Glyph.allCases.count)

    /// Whether any mask is drawn (seats big enough, some glyph asked for).
    var isEmpty: Bool { !masks.contains { $0 != nil } }

    /// Redraws the masks of `glyphs` for seats of side `size` px (nothing when neither changed).
    func configure(deviceSize size: Double, glyphs wanted: Set<SeatLook.Glyph>) {
        guard size != deviceSize || wanted != glyphs else { return }
        deviceSize = size
        glyphs = wanted
        let drawn = size >= SeatGlyphMasks.minimumSeat && size.isFinite && size < 4096
        for g in SeatLook.Glyph.allCases {
            masks[g.rawValue] = drawn && g != .none && wanted.contains(g) ? SeatGlyphMasks.render(g, seat: size) : nil
        }
    }

    @inline(__always) func mask(_ glyph: SeatLook.Glyph) -> Mask? { masks[glyph.rawValue] }

    /// The glyph stroked white in a square of `SeatLook.glyphSide` seats centred in a mask of
    /// odd side, its coverage taken from alpha.
    private static func render(_ glyph: SeatLook.Glyph, seat: Double) -> Mask {
        let box = SeatLook.glyphSide * seat
        let side = (Int(box.rounded(.up)) | 1) + 2
        let surface = Surface(width: side, height: side)
        let look = SeatLook(fill: .clear, ink: .clear, pattern: .solid, glyph: glyph, glyphColor: .white)
        let o = (Double(side) - box) / 2 - 0.5
        let phases = SeatMaskCache.phases
        var coverage: [UInt8] = []
        coverage.reserveCapacity(phases * phases * side * side)
        for ky in 0..<phases {
            for kx in 0..<phases {
                surface.clear()
                let p = (x: o + Double(kx) / Double(phases), y: o + Double(ky) / Double(phases))
                look.drawGlyph(in: Rect(x: p.x, y: p.y, width: box, height: box), in: DrawingContext(surface: surface))
                for y in 0..<side { for x in 0..<side { coverage.append(surface.pixel(x: x, y: y).alpha) } }
            }
        }
        return Mask(coverage: coverage, side: side)
    }

    /// The top-left buffer pixel of the glyph's mask and the mask's offset in `coverage`, for
    /// a seat whose device centre is (`cx`, `cy`) and device rotation `angle` (radians): the
    /// glyph's box lands within 1/16 px of where `SeatLook.glyphBox` puts it.
    @inline(__always) func placement(_ mask: Mask, centerX cx: Double, centerY cy: Double, angle: Double)
        -> (x: Int, y: Int, offset: Int) {
        let c = cos(angle), s = sin(angle)
        let dx = SeatLook.glyphOffset.x * deviceSize, dy = SeatLook.glyphOffset.y * deviceSize
        let gx = cx + dx * c - dy * s, gy = cy + dx * s + dy * c
        // The mask's box starts at o + k/8 in the mask (o = (side − box)/2 − ½); the pixel
        // centre ½ of the mask's centre pixel maps to the glyph's centre.
        let half = Double(mask.side) / 2 - 0.5
        let phases = Double(SeatMaskCache.phases)
        let qx = Int(((gx - half) * phases + 0.5).rounded(.down)), qy = Int(((gy - half) * phases + 0.5).rounded(.down))
        let kx = qx & (SeatMaskCache.phases - 1), ky = qy & (SeatMaskCache.phases - 1)
        let offset = (ky * SeatMaskCache.phases + kx) * mask.side * mask.side
        return (qx >> SeatMaskCache.phaseBits, qy >> SeatMaskCache.phaseBits, offset)
    }
}
