import Testing
import Foundation
import Geometry
@testable import Gestures

struct FlingTests {
    /// One finger moving at `speed` mm/s along x for `duration`, frames every 10 ms, lifted
    /// `liftDelay` after its last move.
    static func fling(speed: Double, duration: Double = 0.3, liftDelay: Double = 0.01) -> Deceleration?? {
        var s = TouchScript()
        let steps = Int((duration / 0.01).rounded())
        s.stroke(from: (20, 50), to: (20 + speed * duration, 50), duration: duration, steps: steps, liftDelay: liftDelay)
        var r = PanZoomRotateRecognizer(configuration: s.configuration)
        return replay(s.frames, through: &r).last?.fling
    }

    @Test func minimumFlingSpeed() throws {
        #expect(Self.fling(speed: 49) == .some(nil))
        let f = try #require(Self.fling(speed: 51) ?? nil)
        #expect(abs(f.initialVelocity.dx - 51 * 4) < 1e-6 && abs(f.initialVelocity.dy) < 1e-6)
    }

    @Test func pauseBeforeLiftMeansStopped() throws {
        #expect(Self.fling(speed: 100, liftDelay: 0.05) == .some(nil))
        #expect((Self.fling(speed: 100, liftDelay: 0.03) ?? nil) != nil)
    }

    @Test func shortTravelIsNoFling() throws {
        // 100 mm/s for 40 ms = 4 mm < 5 mm: a drag from touch-down (minimum distance 0)
        // ends without velocity; 60 ms = 6 mm flings.
        func endVelocity(duration: Double) throws -> Vector {
            var s = TouchScript()
            s.stroke(from: (20, 50), to: (20 + 100 * duration, 50), duration: duration, steps: Int((duration / 0.01).rounded()))
            var r = DragRecognizer(minimumDistance: 0, configuration: s.configuration)
            guard case .dragEnded(let v)? = replay(s.frames, through: &r).last else { throw CancellationError() }
            return v.velocity
        }
        #expect(try endVelocity(duration: 0.04) == .zero)
        #expect(abs(try endVelocity(duration: 0.06).dx - 400) < 1e-6)
    }

    @Test func speedIsClampedToTwoMetresPerSecond() throws {
        let f = try #require(Self.fling(speed: 3000) ?? nil)
        #expect(abs(f.initialVelocity.length - 2000 * 4) < 1e-6)
    }

    @Test func leastSquaresIsExactOnAQuadratic() throws {
        // x(t) = 5 + 120 t + 300 t² sampled every 8 ms; LSQ2 gives x'(t_newest) exactly.
        var v = VelocityTracker()
        var t = 0.0
        for _ in 0..<30 {
            v.add(Point(x: 5 + 120 * t + 300 * t * t, y: -2 * t), at: t)
            t += 0.008
        }
        let newest = try #require(v.newestTime)
        let est = try #require(v.velocity(at: newest))
        #expect(abs(est.dx - (120 + 600 * newest)) < 1e-6)
        #expect(abs(est.dy + 2) < 1e-9)
        #expect(v.velocity(at: newest + 0.041) == nil)   // finger stopped
    }

    @Test func gapCutsTheHistory() throws {
        // Fast motion, a 50 ms gap, then three slow samples: only the slow ones count.
        var v = VelocityTracker()
        for k in 0..<5 { v.add(Point(x: Double(k) * 10, y: 0), at: Double(k) * 0.01) }
        for k in 0..<3 { v.add(Point(x: 100 + Double(k) * 0.1, y: 0), at: 0.09 + Double(k) * 0.01) }
        let est = try #require(v.velocity(at: 0.11))
        #expect(abs(est.dx - 10) < 1e-9)
        var two = VelocityTracker()
        two.add(Point(x: 0, y: 0), at: 0); two.add(Point(x: 1, y: 0), at: 0.01)
        #expect(two.velocity(at: 0.01) == nil)            // fewer than 3 samples
    }

    @Test func decelerationMatchesIntegratedFriction() {
        // Integrate dv/dt = −k v numerically (independent of the closed form).
        let d = Deceleration(initialVelocity: Vector(dx: 800, dy: -300), rate: 6)
        var x = Vector.zero, v = d.initialVelocity
        let n = 50_000, h = 0.5 / Double(n)
        for _ in 0..<n {
            let k1 = v * -6.0, k2 = (v + k1 * (h / 2)) * -6.0
            x += (v + k1 * (h / 2)) * h
            v += k2 * h
        }
        #expect((d.offset(at: 0.5) - x).length < 1e-6)
        #expect((d.velocity(at: 0.5) - v).length < 1e-6)
        #expect((d.restOffset - Vector(dx: 800.0 / 6, dy: -50)).length < 1e-12)
        let stop = d.duration(untilSpeedBelow: 10)
        #expect(abs(d.velocity(at: stop).length - 10) < 1e-9)
        #expect(d.offset(at: 0) == .zero)
    }

    @Test func dragEndedPredictsTheRestPoint() throws {
        var s = TouchScript()
        s.stroke(from: (20, 50), to: (50, 50), duration: 0.3, steps: 30)   // 100 mm/s
        var r = DragRecognizer(configuration: s.configuration)
        guard case .dragEnded(let v)? = replay(s.frames, through: &r).last else { Issue.record("no dragEnded"); return }
        #expect(abs(v.velocity.dx - 400) < 1e-6)
        #expect(abs(v.predictedEndTranslation.dx - (120 + 400.0 / 6)) < 1e-6)
    }
}
