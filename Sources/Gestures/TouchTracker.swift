import Geometry

/// Follows up to `GestureConfiguration.maximumTouches` touches in fixed inline storage (no
/// heap allocation, no dictionaries) and turns each frame into a `TouchStep`.
///
/// Rules applied here, once, for every recognizer:
/// * A touch is admitted when first seen in a non-ending phase, in arrival order; beyond the
///   touch limit, and for far-apart near-simultaneous landings on single-tap screens, it is
///   ignored until it lifts. A touch absent from a frame keeps its last position.
/// * A touch that stays still (within `stationaryTolerance`) for more than
///   `stationaryTimeout` of frames in which other touches moved is parked: it leaves the
///   focal point and the span until it moves again.
/// * Scale and rotation steps need a span of at least `minimumSpan` in both frames.
public struct TouchTracker: Sendable {
    /// Largest supported touch limit (the inline storage size).
    public static let capacity = 16

    public private(set) var configuration: GestureConfiguration
    /// Touches tracked now.
    public private(set) var count: Int = 0
    private var ids = SIMD16<Int>(repeating: 0)
    private var x = SIMD16<Double>(repeating: 0)
    private var y = SIMD16<Double>(repeating: 0)
    private var downX = SIMD16<Double>(repeating: 0)
    private var downY = SIMD16<Double>(repeating: 0)
    private var downTime = SIMD16<Double>(repeating: 0)
    /// Squared largest distance from the landing point, px².
    private var excursion = SIMD16<Double>(repeating: 0)
    /// Seconds of stillness while others moved.
    private var still = SIMD16<Double>(repeating: 0)
    /// Touches ignored until they lift (ring of ids).
    private var ignored = SIMD16<Int>(repeating: 0)
    private var ignoredCount = 0
    private var ignoredNext = 0
    private var lastTime: Double = .nan
    /// Time and place of the latest admitted landing (far-apart rule).
    private var lastLandingTime: Double = -.infinity
    private var lastLanding: Point = .zero

    private let maximumTouches: Int
    private let minimumSpanPx: Double
    private let stillTolerance2: Double
    private let farApart2: Double

    public init(configuration: GestureConfiguration) {
        self.configuration = configuration
        maximumTouches = min(max(configuration.maximumTouches, 1), Self.capacity)
        minimumSpanPx = configuration.panel.pixels(configuration.minimumSpan)
        let tol = configuration.panel.pixels(configuration.stationaryTolerance)
        stillTolerance2 = tol * tol
        let far = configuration.panel.pixels(configuration.farApartDistance)
        farApart2 = far * far
    }

    // MARK: Queries (index 0 is the earliest-arrived touch still down)

    public func id(at i: Int) -> Int { ids[i] }
    public func location(at i: Int) -> Point { Point(x: x[i], y: y[i]) }
    public func downLocation(at i: Int) -> Point { Point(x: downX[i], y: downY[i]) }
    public func downTime(at i: Int) -> Double { downTime[i] }
    /// Largest distance touch `i` has been from its landing point, px.
    public func excursion(at i: Int) -> Double { excursion[i].squareRoot() }
    /// Largest excursion over all tracked touches, px.
    public var maximumExcursion: Double {
        var m = 0.0
        for i in 0..<count where excursion[i] > m { m = excursion[i] }
        return m.squareRoot()
    }
    /// The centroid of all tracked touches, px (`.zero` when none).
    public var centroid: Point {
        guard count > 0 else { return .zero }
        var sx = 0.0, sy = 0.0
        for i in 0..<count { sx += x[i]; sy += y[i] }
        return Point(x: sx / Double(count), y: sy / Double(count))
    }

    /// Forgets every touch; the ones still down are ignored until they lift, so a reset in the
    /// middle of a gesture never restarts it with the same fingers.
    public mutating func reset() {
        for i in 0..<count { ignore(ids[i]) }
        count = 0
    }

    // MARK: Per frame

    /// Applies one frame and returns what it changed. O(touches × tracked), no allocation.
    public mutating func update(with frame: TouchFrame) -> TouchStep {
        var step = TouchStep()
        let time = frame.timestamp
        step.time = time
        let dt = lastTime.isNaN ? 0 : max(time - lastTime, 0)
        lastTime = time
        let px = x, py = y
        let before = count
        var ending: UInt32 = 0

        for touch in frame.touches {
            let i = index(of: touch.id)
            let isEnding = touch.phase == .ended || touch.phase == .cancelled
            if i >= 0 {
                if isEnding {
                    ending |= 1 << UInt32(i)
                    if touch.phase == .cancelled { step.cancelled += 1 } else { step.lifted += 1 }
                } else if touch.location.isFinite {
                    x[i] = touch.location.x; y[i] = touch.location.y
                }
            } else if isEnding {
                unignore(touch.id)
            } else if !isIgnored(touch.id) && touch.location.isFinite {
                if count >= maximumTouches || isFarApartNoise(touch.location, time: time) {
                    ignore(touch.id)
                } else {
                    let j = count
                    count += 1
                    ids[j] = touch.id
                    x[j] = touch.location.x; y[j] = touch.location.y
                    downX[j] = touch.location.x; downY[j] = touch.location.y
                    downTime[j] = time; excursion[j] = 0; still[j] = 0
                    lastLandingTime = time; lastLanding = touch.location
                    step.landed += 1
                }
            }
        }

        // Shared fingers: tracked before the frame and not leaving in it.
        var shared: UInt32 = ((1 << UInt32(before)) &- 1) & ~ending
        var anyMoved = false
        var moved: UInt32 = 0
        for i in 0..<before where shared & (1 << UInt32(i)) != 0 {
            let dx = x[i] - px[i], dy = y[i] - py[i]
            if dx * dx + dy * dy > stillTolerance2 { moved |= 1 << UInt32(i); anyMoved = true }
        }
        if anyMoved {
            for i in 0..<before where shared & (1 << UInt32(i)) != 0 {
                if moved & (1 << UInt32(i)) != 0 { still[i] = 0 } else { still[i] += dt }
                if still[i] > configuration.stationaryTimeout { shared &= ~(1 << UInt32(i)) }
            }
        }

        let n = shared.nonzeroBitCount
        step.sharedCount = n
        if n > 0 {
            var spx = 0.0, spy = 0.0, scx = 0.0, scy = 0.0, maxStep2 = 0.0
            for i in 0..<before where shared & (1 << UInt32(i)) != 0 {
                spx += px[i]; spy += py[i]; scx += x[i]; scy += y[i]
                let dx = x[i] - px[i], dy = y[i] - py[i]
                maxStep2 = max(maxStep2, dx * dx + dy * dy)
            }
            let inv = 1 / Double(n)
            let cpx = spx * inv, cpy = spy * inv, ccx = scx * inv, ccy = scy * inv
            step.previousFocalPoint = Point(x: cpx, y: cpy)
            step.focalPoint = Point(x: ccx, y: ccy)
            step.translation = Vector(dx: ccx - cpx, dy: ccy - cpy)
            step.maximumFingerStep = maxStep2.squareRoot()
            if n >= 2 {
                var cross = 0.0, dot = 0.0, aa = 0.0, bb = 0.0
                for i in 0..<before where shared & (1 << UInt32(i)) != 0 {
                    let ax = px[i] - cpx, ay = py[i] - cpy, bx = x[i] - ccx, by = y[i] - ccy
                    cross += ax * by - ay * bx
                    dot += ax * bx + ay * by
                    aa += ax * ax + ay * ay
                    bb += bx * bx + by * by
                }
                let spanPrev = 2 * (aa * inv).squareRoot(), spanCur = 2 * (bb * inv).squareRoot()
                step.span = spanCur
                if spanPrev >= minimumSpanPx && spanCur >= minimumSpanPx {
                    step.rotation = _atan2(cross, dot)
                    step.scale = (bb / aa).squareRoot()
                }
            }
        }

        // Excursions of the touches that stay, then drop the leaving ones (keeping arrival order).
        for i in 0..<count where ending & (1 << UInt32(i)) == 0 {
            let dx = x[i] - downX[i], dy = y[i] - downY[i]
            excursion[i] = max(excursion[i], dx * dx + dy * dy)
        }
        if ending != 0 { remove(ending) }
        step.touchCount = count
        return step
    }

    // MARK: Storage

    private func index(of id: Int) -> Int {
        for i in 0..<count where ids[i] == id { return i }
        return -1
    }

    private mutating func remove(_ mask: UInt32) {
        var w = 0
        for r in 0..<count where mask & (1 << UInt32(r)) == 0 {
            if w != r {
                ids[w] = ids[r]; x[w] = x[r]; y[w] = y[r]; downX[w] = downX[r]; downY[w] = downY[r]
                downTime[w] = downTime[r]; excursion[w] = excursion[r]; still[w] = still[r]
            }
            w += 1
        }
        count = w
    }

    private func isFarApartNoise(_ p: Point, time: Double) -> Bool {
        guard configuration.rejectsFarApartSimultaneousTouches, count > 0,
              time - lastLandingTime <= configuration.farApartInterval else { return false }
        let dx = p.x - lastLanding.x, dy = p.y - lastLanding.y
        return dx * dx + dy * dy > farApart2
    }

    private func isIgnored(_ id: Int) -> Bool {
        for i in 0..<ignoredCount where ignored[i] == id { return true }
        return false
    }

    private mutating func ignore(_ id: Int) {
        if isIgnored(id) { return }
        if ignoredCount < Self.capacity {
            ignored[ignoredCount] = id; ignoredCount += 1
        } else {
            // Full: overwrite the oldest entry (ring); that touch may be adopted again later.
            ignored[ignoredNext] = id
            ignoredNext = (ignoredNext + 1) % Self.capacity
        }
    }

    private mutating func unignore(_ id: Int) {
        for i in 0..<ignoredCount where ignored[i] == id {
            ignored[i] = ignored[ignoredCount - 1]
            ignoredCount -= 1
            return
        }
    }
}
