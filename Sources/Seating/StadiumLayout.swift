#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Geometry

/// The stadium's geometry before seats: rings, tribunes (with their facing) and the field,
/// computed with SportFan's formulas (`Stadium`, `Sector.computeTribunes`).
///
/// Differences from the design, all deliberate (see docs/venue-format.md):
/// - the rings are centred in the W × W/1.3 rect (the design centres them in a W × W square,
///   i.e. everything here sits (W − W/1.3)/2 higher);
/// - rect tribunes on a side are `Int(segment / tribuneWidth)` evenly spaced ones (the design
///   divides by the fractional count, so its spacing is 0 and the leftover sits at the end);
/// - corners are visited in angle order π, 3π/2, 2π, 5π/2 (the design iterates a dictionary).
public struct StadiumLayout: Sendable {
    /// A tribune before seats.
    public struct Plan: Sendable {
        public var ring: Int
        /// "N", "E", "S", "W" for sides; "NW", "NE", "SE", "SW" for corners.
        public var side: String
        /// 1-based index along its side or corner.
        public var index: Int
        public var outline: Tribune.Outline
        /// For rect tribunes, the rotation of its seats (top 0, bottom −π, left −π/2, right −3π/2).
        public var rotation: Double
        /// The tribune height (depth from the ring edge inward) the seat formulas use.
        public var tribuneHeight: Double
    }

    public let parameters: StadiumParameters
    public let size: Size
    /// sectorDiff = W / (sectors·2).
    public let sectorDiff: Double
    /// The base tribune size (ring 0): sectorDiff / 3 × sectorDiff / 4.5.
    public let tribuneSize: Size
    /// (sectorDiff/2 − tribuneHeight)/2: how far tribunes sit in from a ring's edge.
    public let offset: Double
    public let rings: [Rect]
    public let field: Rect
    public let plans: [Plan]

    public init(_ p: StadiumParameters) {
        parameters = p
        let w = p.width
        let h = w / StadiumParameters.aspect
        size = Size(width: w, height: h)
        let sd = w / Double(p.sectors * 2)
        sectorDiff = sd
        tribuneSize = Size(width: sd / p.tribuneWidthDivisor, height: sd / p.tribuneHeightDivisor)
        let th = tribuneSize.height
        offset = (sd / 2 - th) / 2
        var rings: [Rect] = []
        var plans: [Plan] = []
        for i in 0..<p.sectors {
            let sw = w - sd * Double(i)
            let sh = w / StadiumParameters.aspect - sd * Double(i)
            let ring = Rect(x: (w - sw) / 2.0, y: (h - sh) / 2.0, width: sw, height: sh)
            rings.append(ring)
            let tw = tribuneSize.width - (tribuneSize.width / Double(p.sectors * 2)) * Double(i)
            StadiumLayout.addTribunes(ring: i, rect: ring, tribuneWidth: tw, tribuneHeight: th, offset: offset,
                                      into: &plans)
        }
        self.rings = rings
        let inner = rings.last ?? Rect(origin: .zero, size: size)
        field = Rect(x: inner.minX + inner.width * 0.25, y: inner.minY + inner.height * 0.25,
                     width: inner.width * 0.5, height: inner.height * 0.5)
        self.plans = plans
    }

    static func addTribunes(ring: Int, rect: Rect, tribuneWidth tw: Double, tribuneHeight th: Double,
                            offset: Double, into plans: inout [Plan]) {
        let corner = rect.width / 4.0
        // Straight segments.
        let segW = rect.width - corner * 2.0, segH = rect.height - corner * 2.0
        let nH = max(0, Int(segW / tw)), nV = max(0, Int(segH / tw))
        let spacingH = nH > 0 ? (segW - tw * Double(nH)) / Double(nH) : 0
        let spacingV = nV > 0 ? (segH - tw * Double(nV)) / Double(nV) : 0
        for k in 0..<nH {
            let x = rect.minX + (tw + spacingH) * Double(k) + corner + spacingH / 2
            plans.append(Plan(ring: ring, side: "N", index: k + 1,
                              outline: .rect(Rect(x: x, y: rect.minY + offset, width: tw, height: th)), rotation: 0, tribuneHeight: th))
            plans.append(Plan(ring: ring, side: "S", index: k + 1,
                              outline: .rect(Rect(x: x, y: rect.maxY - offset - th, width: tw, height: th)),
                              rotation: -.pi, tribuneHeight: th))
        }
        for k in 0..<nV {
            let y = rect.minY + (tw + spacingV) * Double(k) + corner + spacingV / 2
            plans.append(Plan(ring: ring, side: "W", index: k + 1,
                              outline: .rect(Rect(x: rect.minX + offset, y: y, width: th, height: tw)),
                              rotation: -.pi / 2.0, tribuneHeight: th))
            plans.append(Plan(ring: ring, side: "E", index: k + 1,
                              outline: .rect(Rect(x: rect.maxX - offset - th, y: y, width: th, height: tw)),
                              rotation: 3.0 * -.pi / 2.0, tribuneHeight: th))
        }
        // Corners.
        let radius = corner - offset
        let innerRadius = corner - offset - th
        let arcLength = (.pi / 2) * radius
        let n = max(0, Int(arcLength / (tw * 1.2)))
        guard n > 0, innerRadius > 0 else { return }
        let arcSpacing = (arcLength - tw * Double(n)) / Double(n + 1)
        let angle = tw / radius
        let spacingAngle = arcSpacing / radius
        let corners: [(Double, Point, String)] = [
            (.pi, Point(x: rect.minX + corner, y: rect.minY + corner), "NW"),
            (3 * .pi / 2, Point(x: rect.maxX - corner, y: rect.minY + corner), "NE"),
            (2 * .pi, Point(x: rect.maxX - corner, y: rect.maxY - corner), "SE"),
            (5 * .pi / 2, Point(x: rect.minX + corner, y: rect.maxY - corner), "SW"),
        ]
        for (startKey, center, side) in corners {
            var previous = startKey
            for k in 0..<n {
                let start = previous + spacingAngle
                let end = previous + spacingAngle + angle
                plans.append(Plan(ring: ring, side: side, index: k + 1,
                                  outline: .arc(ArcSector(center: center, outerRadius: radius, innerRadius: innerRadius,
                                                          startAngle: start, endAngle: end)),
                                  rotation: 0, tribuneHeight: th))
                previous += spacingAngle + angle
            }
        }
    }

    /// The seat size of the stadium: tribune height × (1 / rows).
    public var seatSize: Double { tribuneSize.height * (1.0 / Double(parameters.rowsPerTribune)) }
}
