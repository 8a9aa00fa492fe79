#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension StadiumParameters {
    /// Parameters whose stadium has about `seats` seats while looking as much like SportFan's as
    /// possible.
    ///
    /// Only stadiums with corner (arc) tribunes are considered.
    /// Searches rings (1…12), rows per tribune (2…40) and tribune width (seats per row); each
    /// candidate's exact seat count comes from `StadiumGenerator.seatCount`. The score is the
    /// relative miss plus 0.02 × the distance from the design's look, measured as
    /// |ln(rings/4)| + |ln(rows/10)| + |ln(aspect/1.5)| (aspect = tribune width / height), so
    /// accuracy wins until a candidate is within about a percent, and then the most
    /// design-like one is taken. Ties go to the earlier candidate (deterministic).
    public static func forSeatCount(_ seats: Int, width: Double = 1000) -> StadiumParameters {
        let target = Double(max(1, seats))
        let aspects: [Double] = [1.5, 1.25, 1.75, 1.0, 2.0, 2.5, 3.0, 0.75]
        var best: (Double, StadiumParameters)? = nil
        for sectors in 1...12 {
            for aspect in aspects {
                for rows in 2...40 {
                    // tribune width / height = heightDivisor / widthDivisor.
                    let divisor = aspect == 1.5 ? 3.0 : 4.5 / aspect
                    let p = StadiumParameters(width: width, sectors: sectors, rowsPerTribune: rows,
                                              tribuneWidthDivisor: divisor)
                    let layout = StadiumLayout(p)
                    // Corner tribunes are part of the look: a stadium without them does not count.
                    guard layout.plans.contains(where: { $0.outline.isArc }) else { continue }
                    let n = Double(layout.plans.reduce(0) {
                        $0 + StadiumGenerator.seatCount(of: $1, seatSize: layout.seatSize)
                    })
                    guard n > 0 else { continue }
                    if n > target * 1.5 { break } // more rows only add seats
                    let miss = abs(n - target) / target
                    let look = abs(log(Double(sectors) / 4)) + abs(log(Double(rows) / 10)) + abs(log(aspect / 1.5))
                    let score = miss + 0.02 * look
                    if best == nil || score < best!.0 { best = (score, p) }
                }
            }
        }
        return best?.1 ?? .design(width: width)
    }
}
