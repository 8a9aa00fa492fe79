/// Premultiplied 8-bit compositing math (Porter–Duff with coverage), shared by every span
/// blender. A pixel `0xAARRGGBB` is unpacked into four 16-bit lanes of a `UInt64`
/// (`00AA 00GG 00RR 00BB`), so one 64-bit multiply scales all channels at once, and every
/// division by 255 rounds exactly: `(x + 128 + ((x + 128) >> 8)) >> 8`.
///
/// (This register-wide "SIMD within a register" form is deliberate: on baseline x86-64 Swift's
/// `SIMD16<UInt16>(truncatingIfNeeded: SIMD16<UInt8>)` widening compiles to a generic
/// per-element call, and a SIMD4<Int32> sweep measured no faster than scalar code.)
///
/// Formulas per channel (s source, d destination, c coverage, all 0…255):
/// - source-over: `s' = s·c/255`, `d = s' + d·(255 − s'α)/255` (saturated at 255);
/// - copy:        `d = (s·c + d·(255 − c))/255`;
/// - clear:       `d = d·(255 − c)/255`.
public enum Compositor {
    /// The low byte of each 16-bit lane.
    @inlinable public static var laneMask: UInt64 { 0x00FF_00FF_00FF_00FF }

    /// `0xAARRGGBB` → `00AA 00GG 00RR 00BB`.
    @inlinable @inline(__always) public static func unpack(_ p: UInt32) -> UInt64 {
        let v = UInt64(p)
        return (v & 0x00FF_00FF) | ((v & 0xFF00_FF00) << 24)
    }

    /// `unpack`'s inverse (lanes ≤ 255).
    @inlinable @inline(__always) public static func pack(_ x: UInt64) -> UInt32 {
        UInt32(truncatingIfNeeded: (x & 0x00FF_00FF) | ((x >> 24) & 0xFF00_FF00))
    }

    /// Each lane (≤ 65025 + 127) divided by 255 with exact rounding; lanes were pre-scaled.
    @inlinable @inline(__always) public static func div255(_ x: UInt64) -> UInt64 {
        let t = x &+ 0x0080_0080_0080_0080
        return ((t &+ ((t >> 8) & laneMask)) >> 8) & laneMask
    }

    /// Each 16-bit lane (≤ 65025) divided by 255, rounded exactly as `div255(_: UInt64)`: the
    /// form for channel pairs held in `SIMD8<UInt16>` (four pixels, even and odd bytes apart).
    @inline(__always) static func div255(_ x: SIMD8<UInt16>) -> SIMD8<UInt16> {
        let t = x &+ SIMD8<UInt16>(repeating: 128)
        return (t &+ (t &>> 8)) &>> 8
    }

    /// The pixel with every channel scaled by `a`/255.
    @inlinable @inline(__always) public static func scale(_ p: UInt32, _ a: UInt32) -> UInt32 {
        pack(div255(unpack(p) &* UInt64(a)))
    }

    /// Source-over of an already coverage-scaled source.
    @inlinable @inline(__always) public static func over(_ s: UInt32, _ d: UInt32) -> UInt32 {
        let ia = 255 &- (s >> 24)
        if ia == 0 { return s }
        if ia == 255 { return d }
        var sum = unpack(s) &+ div255(unpack(d) &* UInt64(ia))
        // Invalid premultiplied input (a channel above alpha) could carry into the next lane.
        if sum & 0xFF00_FF00_FF00_FF00 != 0 { sum = saturate(sum) }
        return pack(sum)
    }

    /// Source-over of an opaque pixel `s` at coverage `c` (1…254): the scaled source has alpha
    /// exactly `c`, so this is `s·c/255 + d·(255 − c)/255`, each term rounded, and no lane can
    /// exceed 255.
    @inline(__always) static func opaqueOver(_ s: UInt32, coverage c: UInt32, _ d: UInt32) -> UInt32 {
        pack(div255(unpack(s) &* UInt64(c)) &+ div255(unpack(d) &* UInt64(255 &- c)))
    }

    /// `count` pixels at `d` ← the constant, already coverage-scaled source `s` over them:
    /// the interior of a translucent fill. Four pixels at a time as eight 16-bit lanes, each
    /// lane holding two channels (B R and G A), split into even and odd bytes so every product
    /// fits its lane (`pmullw`); the same rounding and saturation as `over`, so the same bytes.
    static func overSpan(_ d: UnsafeMutablePointer<UInt32>, count: Int, source s: UInt32) {
        let ia = 255 &- (s >> 24)
        if ia == 0 { d.update(repeating: s, count: count); return }
        if ia == 255 { return }
        let low = SIMD8<UInt16>(repeating: 0x00FF)
        let sv = unsafeBitCast(SIMD4<UInt32>(repeating: s), to: SIMD8<UInt16>.self)
        let sEven = sv & low, sOdd = sv &>> 8
        let iav = SIMD8<UInt16>(repeating: UInt16(truncatingIfNeeded: ia))
        let raw = UnsafeMutableRawPointer(d)
        var i = 0
        while i &+ 4 <= count {
            let v = raw.loadUnaligned(fromByteOffset: i &* 4, as: SIMD8<UInt16>.self)
            var e = div255((v & low) &* iav) &+ sEven
            var o = div255((v &>> 8) &* iav) &+ sOdd
            // Invalid premultiplied sources (a channel above alpha) saturate at 255, as in `over`.
            e = pointwiseMin(e, low)
            o = pointwiseMin(o, low)
            raw.storeBytes(of: e | (o &<< 8), toByteOffset: i &* 4, as: SIMD8<UInt16>.self)
            i &+= 4
        }
        while i < count { d[i] = over(s, d[i]); i &+= 1 }
    }

    /// `count` pixels at `d` ← `src[i]` scaled by coverage `c`, source-over: an opacity layer
    /// or a cached picture faded in. Four pixels at a time as in `overSpan`; each pixel's
    /// scaled alpha is spread to both of its lanes with 32-bit shifts. For valid premultiplied
    /// sources (no channel above alpha, as everything Raster draws) the bytes equal
    /// `sourceOver(src[i], coverage: c, d[i])`.
    static func sourceOverSpan(_ src: UnsafePointer<UInt32>, coverage c: UInt32, _ d: UnsafeMutablePointer<UInt32>, count: Int) {
        if c == 0 { return }
        let low = SIMD8<UInt16>(repeating: 0x00FF)
        let cv = SIMD8<UInt16>(repeating: UInt16(truncatingIfNeeded: c))
        let full = SIMD8<UInt16>(repeating: 255)
        let sp = UnsafeRawPointer(src), dp = UnsafeMutableRawPointer(d)
        var i = 0
        while i &+ 4 <= count {
            let v = sp.loadUnaligned(fromByteOffset: i &* 4, as: SIMD8<UInt16>.self)
            var se = v & low, so = v &>> 8
            if c != 255 { se = div255(se &* cv); so = div255(so &* cv) }
            // (G, A) lanes → A in both 16-bit halves of each pixel's 32 bits.
            let a = unsafeBitCast(so, to: SIMD4<UInt32>.self) &>> 16
            let ia = full &- unsafeBitCast(a | (a &<< 16), to: SIMD8<UInt16>.self)
            let w = dp.loadUnaligned(fromByteOffset: i &* 4, as: SIMD8<UInt16>.self)
            let de = pointwiseMin(div255((w & low) &* ia) &+ se, low)
            let dodd = pointwiseMin(div255((w &>> 8) &* ia) &+ so, low)
            dp.storeBytes(of: de | (dodd &<< 8), toByteOffset: i &* 4, as: SIMD8<UInt16>.self)
            i &+= 4
        }
        while i < count {
            let p = src[i]
            if p != 0 { d[i] = sourceOver(p, coverage: c, d[i]) }
            i &+= 1
        }
    }

    @usableFromInline @inline(__always) static func saturate(_ x: UInt64) -> UInt64 {
        var r: UInt64 = 0
        for lane in 0..<4 {
            let v = Swift.min((x >> UInt64(lane * 16)) & 0xFFFF, 255)
            r |= v << UInt64(lane * 16)
        }
        return r
    }

    /// `s` at coverage `c`, source-over `d`.
    @inlinable @inline(__always) public static func sourceOver(_ s: UInt32, coverage c: UInt32, _ d: UInt32) -> UInt32 {
        over(c == 255 ? s : scale(s, c), d)
    }

    /// `s` at coverage `c` in place of `d`: `d + (s − d)·c/255`, rounded once.
    @inlinable @inline(__always) public static func copy(_ s: UInt32, coverage c: UInt32, _ d: UInt32) -> UInt32 {
        if c == 255 { return s }
        return pack(div255(unpack(s) &* UInt64(c) &+ unpack(d) &* UInt64(255 &- c)))
    }

    @inline(__always) static func clear(coverage c: UInt32, _ d: UInt32) -> UInt32 {
        if c == 255 { return 0 }
        return scale(d, 255 &- c)
    }

    @inline(__always) static func blend(_ mode: BlendMode, _ s: UInt32, coverage c: UInt32, _ d: UInt32) -> UInt32 {
        switch mode {
        case .sourceOver: sourceOver(s, coverage: c, d)
        case .copy: copy(s, coverage: c, d)
        case .clear: clear(coverage: c, d)
        }
    }

    /// Coverage `c` attenuated by clip-mask value `m`: c·m/255, exactly rounded.
    @inline(__always) static func mulCoverage(_ c: UInt32, _ m: UInt32) -> UInt32 {
        let t = c &* m &+ 128
        return (t &+ (t >> 8)) >> 8
    }
}
