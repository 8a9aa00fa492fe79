// raster-bench: renders the 20,000-seat stadium scene at 1920×1080 and prints the median and
// minimum time per frame (clear included). Usage:
//   swift run -c release raster-bench [--seats N] [--repeat N] [--flattened] [--export-scene FILE.json]
// By default both modes run: seats as curve paths (flattened by the rasterizer) and as the
// pre-flattened polygons that --export-scene writes for the peer renderers; --flattened runs
// only the latter (handy under a profiler).
import Foundation
import Geometry
import Raster

struct Options {
    var seats = 20_000
    var repeats = 30
    var exportPath: String? = nil
    var flattenedOnly = false
}

func parseOptions() -> Options {
    var o = Options()
    var args = CommandLine.arguments.dropFirst().makeIterator()
    while let a = args.next() {
        switch a {
        case "--seats": o.seats = Int(args.next() ?? "") ?? o.seats
        case "--repeat": o.repeats = max(1, Int(args.next() ?? "") ?? o.repeats)
        case "--export-scene": o.exportPath = args.next()
        case "--flattened": o.flattenedOnly = true
        default:
            FileHandle.standardError.write("unknown argument '\(a)'; expected --seats N, --repeat N, --flattened, --export-scene FILE\n".data(using: .utf8)!)
            exit(2)
        }
    }
    return o
}

/// The seed's seat shape in `rect` rotated by `r` about its centre; the rod is a filled
/// 0.8-px-wide quad instead of a stroked line.
func seatPath(in rect: Rect, rotation r: Double) -> Path {
    let w = rect.width, h = rect.height
    let vs = h * 0.1
    let corner = Size(width: w / 15, height: h / 15)
    let backH = h / 3 - vs, squabH = h / 2 - vs
    let skewAngle = Double.pi / 4
    let skewShift = backH / tan(skewAngle)
    let seatW = w - skewShift
    var p = Path()
    // Rod: (w/2, h/3) → (w/2 − skewShift/2, h/2), widened by 0.4 on each side.
    let a = Point(x: w / 2, y: h / 3), b = Point(x: w / 2 - skewShift / 2, y: h / 2)
    let dx = b.x - a.x, dy = b.y - a.y, len = (dx * dx + dy * dy).squareRoot()
    let nx = -dy / len * 0.4, ny = dx / len * 0.4
    // Wound like the rounded rects (clockwise on screen) so overlaps unite under nonzero.
    p.move(to: Point(x: a.x - nx, y: a.y - ny)); p.addLine(to: Point(x: b.x - nx, y: b.y - ny))
    p.addLine(to: Point(x: b.x + nx, y: b.y + ny)); p.addLine(to: Point(x: a.x + nx, y: a.y + ny))
    p.closeSubpath()
    let skew = Geometry.AffineTransform(a: 1, b: 0, c: -cos(skewAngle), d: 1, tx: skewShift + vs, ty: 0)
    p.addRoundedRect(in: Rect(x: 0, y: vs, width: seatW, height: backH), cornerSize: corner, transform: skew)
    p.addRoundedRect(in: Rect(x: 0, y: h / 2, width: seatW, height: squabH), cornerSize: corner)
    let result = Geometry.AffineTransform(translationX: w / 2, y: h / 2).rotated(by: r).translatedBy(x: -w / 2, y: -h / 2)
    return p.applying(result.concatenating(Geometry.AffineTransform(translationX: rect.minX, y: rect.minY)))
}

struct Seat { var path: Path; var color: Color; var hex: String }

/// Seats on concentric ellipses around an elliptical field, 9 px apart along and across the
/// rows, split into 8 sections by aisles, each seat turned to face the field.
func buildScene(seats count: Int, width: Double, height: Double) -> [Seat] {
    let palette = [("#4caf50", Color(red: 0x4c / 255.0, green: 0xaf / 255.0, blue: 0x50 / 255.0)),
                   ("#9e9e9e", Color(red: 0x9e / 255.0, green: 0x9e / 255.0, blue: 0x9e / 255.0)),
                   ("#2196f3", Color(red: 0x21 / 255.0, green: 0x96 / 255.0, blue: 0xf3 / 255.0))]
    let cx = width / 2, cy = height / 2
    let pitch = 9.0
    var seats: [Seat] = []
    var ring = 0
    while seats.count < count && ring < 400 {
        let ra = 250 + pitch * Double(ring), rb = 100 + pitch * Double(ring)
        // Ramanujan's perimeter, then equal angular steps (close enough to equal arc length).
        let h = pow(ra - rb, 2) / pow(ra + rb, 2)
        let perimeter = Double.pi * (ra + rb) * (1 + 3 * h / (10 + (10 - 3 * h).squareRoot()))
        let n = Int(perimeter / pitch)
        for k in 0..<n where seats.count < count {
            let phi = Double(k) / Double(n) * 2 * Double.pi
            // Aisles: skip seats near the 8 section borders.
            let sector = phi / (Double.pi / 4)
            if abs(sector - sector.rounded()) * (Double.pi / 4) * (ra + rb) / 2 < pitch * 0.6 { continue }
            let x = cx + ra * cos(phi), y = cy + rb * sin(phi)
            guard x > 6, x < width - 6, y > 6, y < height - 6 else { continue }
            // Face the field: the seat's front (+y) turns towards the ellipse's inward normal.
            let normal = atan2(-sin(phi) * ra, -cos(phi) * rb)
            let rotation = ((normal - Double.pi / 2) * 180 / Double.pi).rounded() * Double.pi / 180
            let status = (k &* 2654435761 &+ ring &* 40503) % 7 == 0 ? 2 : ((k + ring) % 3 == 0 ? 1 : 0)
            let path = seatPath(in: Rect(x: x - 4, y: y - 4, width: 8, height: 8), rotation: rotation)
            seats.append(Seat(path: path, color: palette[status].1, hex: palette[status].0))
        }
        ring += 1
    }
    return seats
}

func svgString(_ p: Path) -> String {
    var s = ""
    func f(_ v: Double) -> String { String(format: "%.4f", v) }
    p.forEach { e in
        switch e {
        case .move(let q): s += (s.isEmpty ? "" : " ") + "M \(f(q.x)) \(f(q.y))"
        case .line(let q): s += " L \(f(q.x)) \(f(q.y))"
        case .closeSubpath: s += " Z"
        default: break
        }
    }
    return s
}

/// CPU time of this thread in ms: on a shared machine it excludes time spent waiting for a core.
func threadCPUMilliseconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) * 1000 + Double(ts.tv_nsec) / 1e6
}

/// Runs `body` once to warm up, then `repeats` times; prints median and minimum wall-clock
/// and thread-CPU milliseconds.
func time(_ label: String, repeats: Int, _ body: () -> Void) {
    body()
    var wall: [Double] = [], cpu: [Double] = []
    let clock = ContinuousClock()
    for _ in 0..<repeats {
        let c0 = threadCPUMilliseconds()
        let t = clock.measure(body)
        cpu.append(threadCPUMilliseconds() - c0)
        wall.append(Double(t.components.seconds) * 1000 + Double(t.components.attoseconds) / 1e15)
    }
    wall.sort(); cpu.sort()
    print(String(format: "%@: median %.2f ms, min %.2f ms wall; median %.2f ms, min %.2f ms CPU (%d runs)",
                 label, wall[wall.count / 2], wall[0], cpu[cpu.count / 2], cpu[0], repeats))
}

let options = parseOptions()
let width = 1920, height = 1080
let seats = buildScene(seats: options.seats, width: Double(width), height: Double(height))
let flattened = seats.map { $0.path.flattened(tolerance: 0.1) }
let paints = seats.map { Paint.solid($0.color) }
let vertexCount = flattened.reduce(0) { $0 + $1.points.count }
print("scene: \(seats.count) seats, \(vertexCount) flattened vertices, \(width)×\(height)")

if let out = options.exportPath {
    var json = "{\"width\":\(width),\"height\":\(height),\"background\":\"#ffffff\",\"ops\":["
    for (i, s) in seats.enumerated() {
        if i > 0 { json += "," }
        json += "{\"fill\":\"\(svgString(flattened[i]))\",\"color\":\"\(s.hex)\"}"
    }
    json += "]}\n"
    do {
        try json.write(toFile: out, atomically: true, encoding: .utf8)
        print("wrote \(out)")
    } catch {
        FileHandle.standardError.write("cannot write scene to '\(out)': \(error)\n".data(using: .utf8)!)
        exit(1)
    }
}

let surface = Surface(width: width, height: height)
let ctx = DrawingContext(surface: surface)
if !options.flattenedOnly {
    time("curves   ", repeats: options.repeats) {
        surface.clear(.white)
        for i in 0..<seats.count { ctx.fill(seats[i].path, with: paints[i]) }
    }
}
time("flattened", repeats: options.repeats) {
    surface.clear(.white)
    for i in 0..<flattened.count { ctx.fill(flattened[i], with: paints[i]) }
}
if let ppm = ProcessInfo.processInfo.environment["RASTER_BENCH_PPM"] {
    // Optional image of the seat frame for eyeballing (binary PPM, RGB).
    var data = Data("P6\n\(width) \(height)\n255\n".utf8)
    for y in 0..<height {
        for x in 0..<width {
            let p = surface.pixel(x: x, y: y)
            data.append(contentsOf: [p.red, p.green, p.blue])
        }
    }
    try? data.write(to: URL(fileURLWithPath: ppm))
}

// Large paths (banded rasterization): a full-screen rect at half-pixel offsets and a big circle.
var big = Path()
big.addRect(Rect(x: 0.5, y: 0.5, width: Double(width) - 1, height: Double(height) - 1))
var circle = Path()
circle.addArc(center: Point(x: 960, y: 540), radius: 500, startAngle: .zero, endAngle: Angle(radians: 2 * Double.pi),
              clockwise: false)
circle.closeSubpath()
time("large    ", repeats: options.repeats) {
    ctx.fill(big, with: .solid(Color(red: 0.2, green: 0.3, blue: 0.4)))
    ctx.fill(circle, with: .solid(Color(red: 0.9, green: 0.3, blue: 0.1, alpha: 0.5)))
}
