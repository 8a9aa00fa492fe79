// present-bench: the cost of presenting — shadow → scanout copy of the damaged rects, with the
// kernel's pitch — measured on plain memory of the same geometry as a dumb buffer. Prints medians.
import DRMDisplay
import Raster

func median(_ xs: [Double]) -> Double {
    let s = xs.sorted(); return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
}

func measure(_ label: String, width: Int, height: Int, pitch: Int, rotation: DRMRotation, damage: PixelRect,
             runs: Int = 61) {
    let logical = rotation.logicalSize(deviceWidth: width, deviceHeight: height)
    let shadow = Surface(width: logical.width, height: logical.height)
    for y in 0..<shadow.height { let r = shadow.row(y); for x in 0..<shadow.width { r[x] = UInt32(truncatingIfNeeded: x &* 2654435761 &+ y) } }
    let dst = UnsafeMutableRawPointer.allocate(byteCount: pitch * height, alignment: 4096)
    defer { dst.deallocate() }
    dst.initializeMemory(as: UInt8.self, repeating: 0, count: pitch * height)
    let clock = ContinuousClock()
    var times: [Double] = []
    for _ in 0..<runs {
        let t = clock.measure {
            ShadowCopier.copy(damage, from: shadow, rotation: rotation, to: dst, pitch: pitch,
                              deviceWidth: width, deviceHeight: height)
        }
        times.append(Double(t.components.attoseconds) * 1e-15 + Double(t.components.seconds) * 1e3)
    }
    let m = median(times)
    let mpix = Double(damage.width * damage.height) / 1e6
    print("\(label): median \(String(Int(m * 1000)))µs (\(Int(mpix / (m / 1e3))) Mpx/s)")
}

let full1080 = PixelRect(x: 0, y: 0, width: 1920, height: 1080)
measure("1920x1080 pitch 7680, full frame, 0°", width: 1920, height: 1080, pitch: 7680, rotation: .r0, damage: full1080)
measure("1920x1080 pitch 7680, 200x100 damage, 0°", width: 1920, height: 1080, pitch: 7680, rotation: .r0,
        damage: PixelRect(x: 500, y: 300, width: 200, height: 100))
measure("1366x768 pitch 5504, full frame, 0°", width: 1366, height: 768, pitch: 5504, rotation: .r0,
        damage: PixelRect(x: 0, y: 0, width: 1366, height: 768))
measure("1920x1080 pitch 7680, full frame, 180°", width: 1920, height: 1080, pitch: 7680, rotation: .r180, damage: full1080)
measure("1920x1080 pitch 7680, full frame, 90°", width: 1920, height: 1080, pitch: 7680, rotation: .r90,
        damage: PixelRect(x: 0, y: 0, width: 1080, height: 1920))
