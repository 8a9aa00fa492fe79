#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Geometry
import KioskUI
import Raster
import Seating

extension ChartFrameBenchmark {
    /// Writes the seats of the full-redraw frame as device-space polygons (flattened to 0.1 px,
    /// back and squab per seat) in status colours, as a scene file the peer benchmark
    /// (`scripts/peers_bench.py`, `scripts/chart_peers.py`) reads.
    public func exportSeats(to path: String) throws {
        let venue = chart.venue
        let m = view.chartToScreen
        let style = ChartRenderer()
        func hex(_ c: Color) -> String {
            let p = c.premultiplied
            func h(_ v: UInt8) -> String { let s = String(v, radix: 16); return v < 16 ? "0" + s : s }
            return "#" + h(p.red) + h(p.green) + h(p.blue)
        }
        let map = MapStyle(venue: venue)
        var out = "{\"width\":\(options.width),\"height\":\(options.height),\"background\":\"\(hex(style.background))\",\"ops\":[\n"
        for i in 0..<venue.seats.count {
            var sink = PolygonCollector()
            SeatShape.unitFill.flatten(tolerance: 0.1, transform: seatTransform(i).concatenating(m), into: &sink)
            sink.finish()
            var d = ""
            for k in 0..<(sink.starts.count - 1) {
                let s = Int(sink.starts[k]), e = Int(sink.starts[k + 1])
                guard e - s >= 3 else { continue }
                for j in s..<e {
                    let p = sink.points[j]
                    d += (j == s ? "M" : " L") + fmt(p.x) + " " + fmt(p.y)
                }
                d += " Z "
            }
            let color = hex(map.look(SeatLook.Status(chart, seat: i, now: 0)).fill)
            out += (i == 0 ? "" : ",\n") + "{\"fill\":\"\(d)\",\"color\":\"\(color)\"}"
        }
        out += "\n]}\n"
        guard let f = fopen(path, "w") else {
            throw ChartFrameBenchmarkError(message: "cannot write the seat scene to \(path): \(String(cString: strerror(errno)))")
        }
        defer { fclose(f) }
        fputs(out, f)
    }

    /// The unit seat square → chart units for seat `i` (centred, sized, rotated).
    func seatTransform(_ i: Int) -> AffineTransform {
        let s = chart.venue.seats[i]
        return AffineTransform(translationX: -0.5, y: -0.5)
            .concatenating(AffineTransform(scaleX: s.size, y: s.size))
            .concatenating(AffineTransform(rotationAngle: s.rotation))
            .concatenating(AffineTransform(translationX: s.center.x, y: s.center.y))
    }

    private func fmt(_ v: Float) -> String {
        let n = Int((Double(v) * 1000).rounded())
        return String(n).withDecimal()
    }
}
