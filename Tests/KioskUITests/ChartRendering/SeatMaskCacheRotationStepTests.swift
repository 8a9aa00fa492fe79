import Testing
@testable import KioskUI

/// `SeatMaskCache.rotationStep`: the nearest of `steps` angles per turn, ties away from zero as
/// `Double.rounded()` rounds them, folded into 0 ..< steps — whole, half and near-half steps,
/// both signs, several turns.
struct SeatMaskCacheRotationStepTests {
    static func expected(_ angle: Double, steps: Int) -> Int {
        let q = Int((angle * (Double(steps) / (2 * Double.pi))).rounded())
        return (q % steps + steps) % steps
    }

    @Test func nearestStepWithTiesAwayFromZero() {
        var ties = 0, checked = 0
        for steps in [2, 7, 180, 1440] {
            let perRadian = Double(steps) / (2 * Double.pi)
            for k in -3 * steps ... 3 * steps {
                for offset in [0.0, 0.5, 0.5.nextDown, 0.5.nextUp, -0.5, 0.25, 0.75] {
                    let angle = (Double(k) + offset) / perRadian
                    let t = angle * perRadian
                    if abs(t - t.rounded(.towardZero)) == 0.5 { ties += 1 }
                    #expect(SeatMaskCache.rotationStep(angle, steps: steps) == Self.expected(angle, steps: steps),
                            "\(angle) rad, \(steps) steps")
                    checked += 1
                }
            }
        }
        // Not vacuous on the case that differs between roundings: exact halves were met.
        #expect(ties > 100 && checked > 40_000)
        #expect(SeatMaskCache.rotationStep(1.0, steps: 1) == 0)
    }
}
