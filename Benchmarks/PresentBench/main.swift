// present-bench: the cost of presenting — shadow → scanout copy of the damaged rects, with the
// kernel's pitch — measured on plain memory of the same geometry as a dumb buffer. Prints the
// median and minimum of 61 copies per case, the same copy done with `memcpy` per row (what a
// cached copy costs: the baseline), and the verdict against the target (full 1920×1080 ≤ 1 ms).
import Foundation
import Geometry
import Raster

func median(_ xs: [Double]) -> Double {
    let s = xs.sorted(); return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
}

/// Median milliseconds of `body` over `runs` calls.
func time(runs: Int = 61, _ body: () -> Void) -> (median: Double, min: Double) {
    let clock = ContinuousClock()
    var times: [Double] = []
    for _ in 0..<runs {
        let t = clock.measure(body)
        times.append(Double(t.components.attoseconds) * 1e-15 + Double(t.components.seconds) * 1e3)
    }
    return (median(times), times.min()!)
}

func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s : s + String(repeating: " ", count: n - s.count) }
func ms(_ v: Double) -> String { String(format: "%.3f", v) }

/// Times one copy; returns its median in ms.
@discardableResult
func measure(_ label: String, width: Int, height: Int, pitch: Int, rotation: DisplayRotation, damage: PixelRect) -> Double {
    let logical = rotation.logicalSize(deviceWidth: width, deviceHeight: height)
    let shadow = Surface(width: logical.width, height: logical.height)
    for y in 0..<shadow.height { let r = shadow.row(y); for x in 0..<shadow.width { r[x] = UInt32(truncatingIfNeeded: x &* 2654435761 &+ y) } }
    let dst = UnsafeMutableRawPointer.allocate(byteCount: pitch * height, alignment: 4096)
    defer { dst.deallocate() }
    dst.initializeMemory(as: UInt8.self, repeating: 0, count: pitch * height)
    let copy = time {
        shadow.copy(damage, turnedBy: rotation, to: dst, pitch: pitch, deviceWidth: width, deviceHeight: height)
    }
    var line = pad(label, 44) + pad(ms(copy.median), 10) + pad(ms(copy.min), 10)
    if rotation == .degrees0 {
        // The baseline: the same rows with memcpy (cached stores).
        let base = time {
            let bytes = damage.width * 4
            for y in damage.minY..<damage.maxY {
                (dst + y * pitch + damage.minX * 4).copyMemory(from: shadow.baseAddress + y * shadow.stride + damage.minX * 4,
                                                             byteCount: bytes)
            }
        }
        line += pad(ms(base.median), 10) + String(format: "%.2f×", copy.median / base.median)
    } else {
        line += pad("—", 10) + "—"
    }
    let mpix = Double(damage.width * damage.height) / 1e6
    print(line + String(format: "   %.0f Mpx/s", mpix / (copy.median / 1e3)))
    return copy.median
}

print(pad("case (device WxH, pitch bytes, damage, turn)", 44) + pad("median", 10) + pad("min", 10)
      + pad("memcpy", 10) + "ratio   (ms; memcpy = the same rows copied with memcpy per row)")
let full1080 = PixelRect(x: 0, y: 0, width: 1920, height: 1080)
let full = measure("1920x1080 p7680 full 0°", width: 1920, height: 1080, pitch: 7680, rotation: .degrees0, damage: full1080)
let small = measure("1920x1080 p7680 200x100 0°", width: 1920, height: 1080, pitch: 7680, rotation: .degrees0,
                    damage: PixelRect(x: 500, y: 300, width: 200, height: 100))
measure("1920x1080 p7680 half (960x1080) 0°", width: 1920, height: 1080, pitch: 7680, rotation: .degrees0,
        damage: PixelRect(x: 480, y: 0, width: 960, height: 1080))
measure("1366x768 p5504 full 0°", width: 1366, height: 768, pitch: 5504, rotation: .degrees0,
        damage: PixelRect(x: 0, y: 0, width: 1366, height: 768))
let r180 = measure("1920x1080 p7680 full 180°", width: 1920, height: 1080, pitch: 7680, rotation: .degrees180, damage: full1080)
let r90 = measure("1920x1080 p7680 full 90°", width: 1920, height: 1080, pitch: 7680, rotation: .degrees90,
                  damage: PixelRect(x: 0, y: 0, width: 1080, height: 1920))
let r270 = measure("1920x1080 p7680 full 270°", width: 1920, height: 1080, pitch: 7680, rotation: .degrees270,
                   damage: PixelRect(x: 0, y: 0, width: 1080, height: 1920))
let perPixelFull = full / Double(1920 * 1080), perPixelSmall = small / Double(200 * 100)
print(String(format: "target: full 1920x1080 present ≤ 1 ms: %@ (0° %.3f, 180° %.3f, 90° %.3f, 270° %.3f ms)",
             max(full, r180, r90, r270) <= 1 ? "met" : (full <= 1 ? "met at 0°, not at every turn" : "NOT met"),
             full, r180, r90, r270))
print(String(format: "small damage: 200x100 is %.2f%% of the pixels and takes %.2f%% of the full frame's time",
             100.0 * Double(200 * 100) / Double(1920 * 1080), 100 * small / full)
      + (perPixelSmall <= 3 * perPixelFull ? " (proportional)" : " (not proportional: per-row overhead dominates)"))
