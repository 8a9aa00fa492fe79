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
/// * Non-finite positions and positions beyond ±10⁷ px are dropped (the touch keeps its last
///   position; a touch that lands with one is ignored until a usable sample).
public struct TouchTracker: Sendable {
    /// Largest supported touch limit (the inline storage size).
    public static let capacity = 16

    public private(set) var configuration: GestureConfiguration
    /// Touches tracked now.
    public private(set) var count: Int = 0

    /// One tracked touch. Positions px, times s.
    struct Slot {
        var id = 0
        var x = 0.0, y = 0.0
        var previousX = 0.0, previousY = 0.0
        var downX = 0.0, downY = 0.0, downTime = 0.0
        /// Squared largest distance from the landing point, px².
        var excursion = 0.0
        /// Seconds of stillness while others moved.
        var still = 0.0
        var ending = false
        var shared = false
    }
    private var slots = FixedSlots(repeating: Slot())
    /// Touches ignored until they lift (ring of ids).
    private var ignored = FixedSlots(repeating: 0)
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

    // MARK: Queries (index 0 is the earliest-arrived touch still down; out of range → nil)

    /// The touch at `i` (0 = earliest arrived): its id, position and landing point (px) and
    /// landing time (s).
    public func touch(at i: Int) -> (id: Int, location: Point, downLocation: Point, downTime: Double)? {
        guard i >= 0 && i < count else { return nil }
        let t = slots[i]
        return (t.id, Point(x: t.x, y: t.y), Point(x: t.downX, y: t.downY), t.downTime)
    }
    /// Position of the earliest-arrived touch still down, px (`.zero` when none).
    var firstLocation: Point { touch(at: 0)?.location ?? .zero }
    /// Landing point of the earliest-arrived touch still down, px (`.zero` when none).
    var firstDownLocation: Point { touch(at: 0)?.downLocation ?? .zero }
    /// Largest excursion over all tracked touches, px.
    public var maximumExcursion: Double { maximumExcursionSquared.squareRoot() }
    private var maximumExcursionSquared = 0.0
    /// The centroid of all tracked touches, px (`.zero` when none).
    public var centroid: Point {
        let n = count
        guard n > 0 else { return .zero }
        return slots.withPointer { (s: UnsafePointer<Slot>) in
            var sx = 0.0, sy = 0.0
            for i in 0..<n { sx += s[i].x; sy += s[i].y }
            return Point(x: sx / Double(n), y: sy / Double(n))
        }
    }

    /// Forgets every touch; the ones still down are ignored until they lift, so a reset in the
    /// middle of a gesture never restarts it with the same fingers.
    public mutating func reset() {
        for i in 0..<count { ignore(slots[i].id) }
        count = 0
        maximumExcursionSquared = 0
    }

    // MARK: Per frame

    /// Applies one frame and returns what it changed. O(touches × tracked), no allocation.
    public mutating func update(with frame: TouchFrame) -> TouchStep {
        var step = TouchStep()
        let time = frame.timestamp
        step.time = time
        let dt = lastTime.isNaN ? 0 : max(time - lastTime, 0)
        lastTime = time
        let before = count

        // 1. Match the frame's touches to the slots.
        var n = count
        var hasUnknownTouch = false
        slots.withPointer { (s: UnsafeMutablePointer<Slot>) in
            for i in 0..<n {
                s[i].previousX = s[i].x; s[i].previousY = s[i].y
                s[i].ending = false
            }
            for touch in frame.touches {
                var i = 0
                while i < n && s[i].id != touch.id { i += 1 }
                let isEnding = touch.phase == .ended || touch.phase == .cancelled
                if i < n {
                    if isEnding {
                        s[i].ending = true
                        if touch.phase == .cancelled { step.cancelled += 1 } else { step.lifted += 1 }
                    } else if Self.isUsable(touch.location) {
                        s[i].x = touch.location.x; s[i].y = touch.location.y
                    }
                } else {
                    hasUnknownTouch = true  // admitted or ignored below (landing frames only)
                }
            }
        }
        if hasUnknownTouch {
            for touch in frame.touches where index(of: touch.id) < 0 {
                let isEnding = touch.phase == .ended || touch.phase == .cancelled
                if isEnding {
                    unignore(touch.id)
                } else if !isIgnored(touch.id) && Self.isUsable(touch.location) {
                    if count >= maximumTouches || isFarApartNoise(touch.location, time: time) {
                        ignore(touch.id)
                    } else {
                        let p = touch.location
                        slots[count] = Slot(id: touch.id, x: p.x, y: p.y, previousX: p.x, previousY: p.y,
                                            downX: p.x, downY: p.y, downTime: time)
                        count += 1
                        lastLandingTime = time; lastLanding = p
                        step.landed += 1
                    }
                }
            }
        }
        n = count

        // 2. Shared fingers (tracked before the frame, not leaving), stationary rule, sums.
        let tolerance2 = stillTolerance2, timeout = configuration.stationaryTimeout, minSpan = minimumSpanPx
        slots.withPointer { (s: UnsafeMutablePointer<Slot>) in
            var anyMoved = false
            for i in 0..<before {
                s[i].shared = !s[i].ending
                let dx = s[i].x - s[i].previousX, dy = s[i].y - s[i].previousY
                if s[i].shared && dx * dx + dy * dy > tolerance2 { anyMoved = true }
            }
            if anyMoved {
                for i in 0..<before where s[i].shared {
                    let dx = s[i].x - s[i].previousX, dy = s[i].y - s[i].previousY
                    if dx * dx + dy * dy > tolerance2 { s[i].still = 0 } else { s[i].still += dt }
                    if s[i].still > timeout { s[i].shared = false }
                }
            }
            var shared = 0
            var spx = 0.0, spy = 0.0, scx = 0.0, scy = 0.0, maxStep2 = 0.0
            for i in 0..<before where s[i].shared {
                shared += 1
                spx += s[i].previousX; spy += s[i].previousY; scx += s[i].x; scy += s[i].y
                let dx = s[i].x - s[i].previousX, dy = s[i].y - s[i].previousY
                maxStep2 = max(maxStep2, dx * dx + dy * dy)
            }
            step.sharedCount = shared
            if shared > 0 {
                let inv = 1 / Double(shared)
                let cpx = spx * inv, cpy = spy * inv, ccx = scx * inv, ccy = scy * inv
                step.previousFocalPoint = Point(x: cpx, y: cpy)
                step.focalPoint = Point(x: ccx, y: ccy)
                step.translation = Vector(dx: ccx - cpx, dy: ccy - cpy)
                step.maximumFingerStep = maxStep2.squareRoot()
                if shared >= 2 {
                    var cross = 0.0, dot = 0.0, aa = 0.0, bb = 0.0
                    for i in 0..<before where s[i].shared {
                        let ax = s[i].previousX - cpx, ay = s[i].previousY - cpy
                        let bx = s[i].x - ccx, by = s[i].y - ccy
                        cross += ax * by - ay * bx
                        dot += ax * bx + ay * by
                        aa += ax * ax + ay * ay
                        bb += bx * bx + by * by
                    }
                    let spanPrev = 2 * (aa * inv).squareRoot(), spanCur = 2 * (bb * inv).squareRoot()
                    step.span = spanCur
                    if spanPrev >= minSpan && spanCur >= minSpan {
                        step.rotation = _atan2(cross, dot)
                        step.scale = (bb / aa).squareRoot()
                    }
                }
            }
            // 3. Excursions of the touches that stay; drop the leaving ones, keeping arrival order.
            var w = 0
            var maxExcursion = 0.0
            for r in 0..<n where !s[r].ending {
                let dx = s[r].x - s[r].downX, dy = s[r].y - s[r].downY
                s[r].excursion = max(s[r].excursion, dx * dx + dy * dy)
                maxExcursion = max(maxExcursion, s[r].excursion)
                if w != r { s[w] = s[r] }
                w += 1
            }
            n = w
            maximumExcursionSquared = maxExcursion
        }
        count = n
        step.touchCount = n
        return step
    }

    // MARK: Storage

    /// Positions farther than this from the origin (px) are garbage (a panel is a few
    /// thousand pixels wide); such samples are dropped like non-finite ones so they can never
    /// overflow the sums.
    static let positionLimit = 1e7
    @inline(__always) static func isUsable(_ p: Point) -> Bool {
        abs(p.x) <= positionLimit && abs(p.y) <= positionLimit   // false for NaN too
    }

    private mutating func index(of id: Int) -> Int {
        let n = count
        return slots.withPointer { (s: UnsafeMutablePointer<Slot>) in
            for i in 0..<n where s[i].id == id { return i }
            return -1
        }
    }

    private func isFarApartNoise(_ p: Point, time: Double) -> Bool {
        guard configuration.rejectsFarApartSimultaneousTouches, count > 0,
              time - lastLandingTime <= configuration.farApartInterval else { return false }
        let dx = p.x - lastLanding.x, dy = p.y - lastLanding.y
        return dx * dx + dy * dy > farApart2
    }

    private mutating func isIgnored(_ id: Int) -> Bool {
        let n = ignoredCount
        return ignored.withPointer { (p: UnsafeMutablePointer<Int>) in
            for i in 0..<n where p[i] == id { return true }
            return false
        }
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
