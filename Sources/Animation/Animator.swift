/// Holds animated values — each with a model value (the latest target) and a presented value
/// (what to draw now) — and moves the presented values toward the models over time.
///
/// Time comes only from the injected `Clock`: `advance()` reads it once per frame; changes
/// (`set`) start at `now`. Everything is deterministic for a virtual clock: running
/// animations and events are kept in arrays ordered by creation, never by hash order.
///
/// A change with an animation starts from the current *presented* value (and, for springs,
/// its current velocity), so retargeting mid-flight never jumps. A change without an
/// animation stops any running animation of that property and jumps to the new value.
///
/// Not thread-safe: one owner (the UI loop) drives it.
public final class Animator {
    public let clock: any Clock
    /// The time of the latest `advance`: presented values are for this time, in seconds.
    public internal(set) var time: Double

    // Per property (index = id).
    @usableFromInline var offsets: [Int32] = []
    private var counts: [Int32] = []
    @usableFromInline var trackOf: [Int32] = []
    // Exact typed values: the model (target) and the value the running animation started from,
    // returned at the end points so that lossy round trips (AffineTransform's decomposition)
    // never show. One store per value type, reached by index without dynamic casts, so reading
    // a presented value costs a few array loads.
    @usableFromInline var stores: [AnyValueStore] = []
    private var storeIndexByType: [ObjectIdentifier: Int32] = [:]
    @usableFromInline var valueTypes: [ObjectIdentifier] = []
    @usableFromInline var storeOf: [Int32] = []
    @usableFromInline var slotOf: [Int32] = []

    // Flat per-component storage, indexed by a property's offset.
    private var target: [Double] = []
    @usableFromInline var presented: [Double] = []
    private var displacement: [Double] = []
    private var inheritedVelocity: [Double] = []

    @usableFromInline var tracks: [AnimationTrack] = []
    var groups: [CompletionGroup] = []
    private var freeGroups: [Int32] = []
    private var events: [ScheduledEvent] = []
    private var eventSequence: UInt64 = 0
    private var nextCompletionTime = Double.infinity
    private var dispatchTime: Double?
    var transactionStack: [Transaction] = []
    private var scratch: [Double] = []

    struct CompletionGroup {
        var remaining: Int = 0
        var latest: Double = -.infinity
        var completion: (() -> Void)?
        var open = false
        var generation: UInt32 = 0
    }

    private struct ScheduledEvent {
        var time: Double
        var sequence: UInt64
        var action: () -> Void
    }

    /// An animator whose time starts at `clock.now`.
    public init(clock: any Clock) {
        self.clock = clock
        time = clock.now
    }

    /// The time at which a change made now starts: during a scheduled callback, exactly the
    /// callback's time; otherwise the clock's time (never before `time`).
    public var now: Double { dispatchTime ?? max(clock.now, time) }

    /// The transaction in effect for `set` calls without an explicit one.
    public var transaction: Transaction { transactionStack.last ?? Transaction() }

    /// How many properties are animating.
    public var runningAnimationCount: Int { tracks.count }
    /// True when any property is animating or any callback is pending.
    public var isAnimating: Bool { !tracks.isEmpty || !events.isEmpty }
    /// The number of properties made so far.
    public var propertyCount: Int { offsets.count }

    // MARK: - Properties

    /// Makes a property holding `value` (not animating).
    public func makeProperty<Value: Animatable>(_ value: Value) -> AnimatedProperty<Value> {
        let id = Int32(offsets.count)
        let n = Value.AnimatableData.scalarCount
        let offset = target.count
        offsets.append(Int32(offset)); counts.append(Int32(n)); trackOf.append(-1)
        let type = ObjectIdentifier(Value.self)
        let k: Int32
        if let existing = storeIndexByType[type] { k = existing } else {
            k = Int32(stores.count)
            stores.append(ValueStore<Value>())
            storeIndexByType[type] = k
        }
        let store = unsafeDowncast(stores[Int(k)], to: ValueStore<Value>.self)
        valueTypes.append(type); storeOf.append(k); slotOf.append(Int32(store.models.count))
        store.models.append(value); store.starts.append(value)
        target.append(contentsOf: repeatElement(0, count: n))
        presented.append(contentsOf: repeatElement(0, count: n))
        displacement.append(contentsOf: repeatElement(0, count: n))
        inheritedVelocity.append(contentsOf: repeatElement(0, count: n))
        write(value.animatableData, to: &target, at: offset)
        write(value.animatableData, to: &presented, at: offset)
        return AnimatedProperty(id: id)
    }

    /// The model value: the latest value set.
    @inlinable public func model<Value>(_ p: AnimatedProperty<Value>) -> Value {
        let (store, slot) = self.store(p)
        return store.models[slot]
    }

    /// The presented value at `time`: what to draw. Exactly the model when not animating and
    /// exactly the start value before the motion begins.
    @inlinable public func value<Value>(_ p: AnimatedProperty<Value>) -> Value {
        let i = index(p)
        let t = trackOf[i]
        let (store, slot) = self.store(p)
        if t < 0 { return store.models[slot] }
        if !(time > tracks[Int(t)].start) { return store.starts[slot] }
        var v = store.models[slot]
        v.animatableData = read(Value.AnimatableData.self, from: presented, at: Int(offsets[i]))
        return v
    }

    /// The presented animatable data at `time` (the vector behind `value(_:)`).
    @inlinable public func presentedData<Value>(_ p: AnimatedProperty<Value>) -> Value.AnimatableData {
        read(Value.AnimatableData.self, from: presented, at: Int(offsets[index(p)]))
    }

    /// The rate of change of the presented data at `time`, per second; zero when idle.
    public func velocity<Value>(_ p: AnimatedProperty<Value>) -> Value.AnimatableData {
        var v = Value.AnimatableData.zero
        withVelocity(of: index(p), at: time) { v = Value.AnimatableData(loadingFrom: $0) }
        return v
    }

    /// True while `p` has a running animation.
    public func isAnimating<Value>(_ p: AnimatedProperty<Value>) -> Bool { trackOf[index(p)] >= 0 }

    /// Sets the model value of `p` under `transaction` (or the current one from
    /// `withAnimation`/`withTransaction`). Animated: moves from the presented value at `now`
    /// (keeping a spring's velocity); unanimated: jumps. Setting the value a property is
    /// already heading to changes nothing, so only what changed animates.
    public func set<Value: Animatable>(_ p: AnimatedProperty<Value>, to value: Value,
                                       transaction explicit: Transaction? = nil) {
        let i = index(p)
        let tx = explicit ?? transaction
        let off = Int(offsets[i]), n = Int(counts[i])
        let t0 = now
        let old = trackOf[i]

        // Presented data (and velocity) at t0, in `scratch[0..<n]` and `scratch[n..<2n]`.
        if scratch.count < 2 * n { scratch = Array(repeating: 0, count: 2 * n) }
        let fromData: Value.AnimatableData
        if old >= 0 {
            let (a, b) = tracks[Int(old)].coefficients(at: t0)
            for k in 0 ..< n {
                scratch[k] = target[off + k] + displacement[off + k] * a + inheritedVelocity[off + k] * b
            }
            fromData = scratch.withUnsafeBufferPointer { Value.AnimatableData(loadingFrom: $0.baseAddress!) }
        } else {
            fromData = read(Value.AnimatableData.self, from: target, at: off)
        }
        let newData = value.animatableData(nearestTo: fromData)
        // Unchanged target: keep whatever is running (nothing changed, nothing to animate).
        let same = target.withUnsafeBufferPointer { buf in
            var equal = true
            scratch.withUnsafeMutableBufferPointer { s in
                newData.store(into: s.baseAddress! + n)
                for k in 0 ..< n where buf[off + k] != s[n + k] { equal = false }
            }
            return equal
        }
        let (store, slot) = self.store(p)
        if same {
            store.models[slot] = value
            return
        }

        guard let animation = tx.effectiveAnimation?.sanitized else {
            if old >= 0 { removeTrack(at: Int(old), finishedAt: t0) }
            store.models[slot] = value; store.starts[slot] = value
            write(value.animatableData, to: &target, at: off)
            write(value.animatableData, to: &presented, at: off)
            return
        }

        // Velocity at t0 (real seconds) for springs to inherit.
        var velocity = Value.AnimatableData.zero
        if old >= 0, case .spring = animation.base {
            withVelocity(of: i, at: t0) { velocity = Value.AnimatableData(loadingFrom: $0) }
        }
        let startValue: Value
        if old >= 0 && t0 > tracks[Int(old)].start {
            var v = store.models[slot]
            v.animatableData = fromData
            startValue = v
        } else if old >= 0 {
            startValue = store.starts[slot]
        } else {
            startValue = store.models[slot]
        }
        if old >= 0 { removeTrack(at: Int(old), finishedAt: t0) }

        let d = fromData - newData
        let vLocal = velocity.scaled(by: 1 / animation.speed)
        store.models[slot] = value; store.starts[slot] = startValue
        write(newData, to: &target, at: off)
        write(fromData, to: &presented, at: off)
        write(d, to: &displacement, at: off)
        write(vLocal, to: &inheritedVelocity, at: off)

        // A transaction kept past its completion (its group slot since reused) tracks nothing.
        var group = tx.completionGroup
        if group >= 0, groups[Int(group)].generation != tx.completionGeneration || groups[Int(group)].completion == nil {
            group = -1
        }
        var track = AnimationTrack(property: Int32(i), offset: Int32(off), count: Int32(n), group: group,
                                   kind: 0, autoreverses: animation.autoreverses,
                                   start: t0 + animation.delay, end: .infinity, speed: animation.speed,
                                   period: 0, repeatCount: animation.repeatCount,
                                   curve: .linear, spring: Spring(stiffness: 1, damping: 1), initialVelocity: 0)
        switch animation.base {
        case .timingCurve(let curve, let duration):
            track.curve = curve
            track.period = duration
        case .spring(let spring, let v0, _):
            track.kind = 1
            track.spring = spring
            track.initialVelocity = v0
            let dm = d.magnitudeSquared.squareRoot()
            let vm = (vLocal - d.scaled(by: v0)).magnitudeSquared.squareRoot()
            let tolerance = Self.springTolerance * max(dm, vm / spring.omega0)
            track.period = spring.settlingDuration(displacement: dm, velocity: vm, tolerance: tolerance)
        }
        let runs = track.repeatCount * track.period / track.speed
        track.end = track.start + (runs.isNaN ? 0 : runs)
        if track.group >= 0 {
            groups[Int(track.group)].remaining += 1
            nextCompletionTime = min(nextCompletionTime, track.end)
        }
        trackOf[i] = Int32(tracks.count)
        tracks.append(track)
    }

    /// Ends `p`'s animation now: from here on it shows its model value (the value last set),
    /// and a completion waiting on it runs as for a finished animation. Nothing happens when
    /// it is not animating. (Setting the same value again keeps an animation running.)
    public func finish<Value: Animatable>(_ p: AnimatedProperty<Value>) {
        let i = index(p)
        let old = trackOf[i]
        guard old >= 0 else { return }
        removeTrack(at: Int(old), finishedAt: now)
        let (store, slot) = self.store(p)
        store.starts[slot] = store.models[slot]
    }

    /// A spring counts as settled when its distance from the target stays below this fraction
    /// of the change (of its initial distance or the distance its velocity would carry it).
    public static let springTolerance = 1e-4

    // MARK: - Time

    /// Runs `action` at exactly `time` (virtual seconds) during `advance`; `now` inside it is
    /// that time, so changes it makes start exactly then. Past times run at the next advance.
    public func schedule(at time: Double, _ action: @escaping () -> Void) {
        insertEvent(at: time.isFinite ? max(time, self.now) : self.now, action)
    }

    // Completions go in at their exact time, which may lie before the clock's `now` when the
    // clock ran ahead of the frame being computed.
    private func insertEvent(at t: Double, _ action: @escaping () -> Void) {
        eventSequence += 1
        let e = ScheduledEvent(time: t, sequence: eventSequence, action: action)
        var k = events.count
        while k > 0, events[k - 1].time > t { k -= 1 }
        events.insert(e, at: k)
    }

    /// Runs `action` `seconds` after `now`.
    public func schedule(after seconds: Double, _ action: @escaping () -> Void) {
        schedule(at: now + (seconds.isFinite ? max(seconds, 0) : 0), action)
    }

    /// Advances to the clock's current time.
    public func advance() { advance(to: clock.now) }

    /// Moves presented values to `t` (seconds; earlier times are ignored), firing completions
    /// and scheduled callbacks in time order, each at its exact time.
    public func advance(to t: Double) {
        guard t.isFinite else { return }
        let end = max(t, time)
        while true {
            let s = min(end, events.first?.time ?? .infinity, nextCompletionTime)
            sweep(to: max(s, time))
            var fired = false
            while let e = events.first, e.time <= time {
                events.removeFirst()
                dispatchTime = e.time
                e.action()
                dispatchTime = nil
                fired = true
            }
            if time >= end && !fired { break }
        }
    }

    /// The per-frame loop: evaluates every running animation at `s` into `presented`,
    /// collecting the finished ones. Flat arrays and unsafe pointers, no allocation.
    private func sweep(to s: Double) {
        time = s
        var nextCompletion = Double.infinity
        var finished = 0
        let n = tracks.count
        tracks.withUnsafeMutableBufferPointer { tr in
            presented.withUnsafeMutableBufferPointer { p in
                target.withUnsafeBufferPointer { tg in
                    displacement.withUnsafeBufferPointer { d in
                        inheritedVelocity.withUnsafeBufferPointer { v in
                            for i in 0 ..< n {
                                let track = tr[i]
                                if track.end <= s { finished += 1; continue }
                                let (a, b) = track.coefficients(at: s)
                                let o = Int(track.offset), c = Int(track.count)
                                if b == 0 {
                                    for k in o ..< o + c { p[k] = tg[k] + d[k] * a }
                                } else {
                                    for k in o ..< o + c { p[k] = tg[k] + d[k] * a + v[k] * b }
                                }
                                if track.group >= 0 && track.end < nextCompletion { nextCompletion = track.end }
                            }
                        }
                    }
                }
            }
        }
        nextCompletionTime = nextCompletion
        guard finished > 0 else { return }
        var i = 0
        while i < tracks.count {
            if tracks[i].end <= s { removeTrack(at: i, finishedAt: tracks[i].end) } else { i += 1 }
        }
    }

    // MARK: - Internals

    private func removeTrack(at k: Int, finishedAt t: Double) {
        let track = tracks[k]
        let i = Int(track.property), off = Int(track.offset)
        for j in off ..< off + Int(track.count) { presented[j] = target[j] }
        trackOf[i] = -1
        let last = tracks.count - 1
        if k != last {
            tracks[k] = tracks[last]
            trackOf[Int(tracks[k].property)] = Int32(k)
        }
        tracks.removeLast()
        if track.group >= 0 {
            let g = Int(track.group)
            groups[g].remaining -= 1
            groups[g].latest = max(groups[g].latest, t)
            fireIfDone(g)
        }
    }

    func makeGroup(_ completion: @escaping () -> Void) -> Int32 {
        let g: Int32
        if let free = freeGroups.popLast() { g = free } else { g = Int32(groups.count); groups.append(CompletionGroup()) }
        let generation = groups[Int(g)].generation &+ 1
        groups[Int(g)] = CompletionGroup(remaining: 0, latest: now, completion: completion, open: true, generation: generation)
        return g
    }

    func closeGroup(_ g: Int32) {
        groups[Int(g)].open = false
        fireIfDone(Int(g))
    }

    private func fireIfDone(_ g: Int) {
        guard !groups[g].open, groups[g].remaining == 0, let completion = groups[g].completion else { return }
        let when = groups[g].latest
        groups[g].completion = nil
        freeGroups.append(Int32(g))
        insertEvent(at: when, completion)
    }

    private func withVelocity(of i: Int, at t: Double, _ body: (UnsafePointer<Double>) -> Void) {
        let n = Int(counts[i]), off = Int(offsets[i])
        var v = [Double](repeating: 0, count: max(n, 1))
        if trackOf[i] >= 0 {
            let (da, db) = tracks[Int(trackOf[i])].velocityCoefficients(at: t)
            for k in 0 ..< n { v[k] = displacement[off + k] * da + inheritedVelocity[off + k] * db }
        }
        v.withUnsafeBufferPointer { body($0.baseAddress!) }
    }

    @inlinable func index<Value>(_ p: AnimatedProperty<Value>) -> Int {
        precondition(p.id >= 0 && Int(p.id) < offsets.count, "AnimatedProperty \(p.id) was not made by this animator")
        return Int(p.id)
    }

    @inlinable func store<Value>(_ p: AnimatedProperty<Value>) -> (ValueStore<Value>, Int) {
        let i = index(p)
        precondition(valueTypes[i] == ObjectIdentifier(Value.self),
                     "AnimatedProperty \(p.id) does not hold \(Value.self): it was made by another animator")
        return (unsafeDowncast(stores[Int(storeOf[i])], to: ValueStore<Value>.self), Int(slotOf[i]))
    }

    private func write<D: VectorArithmetic>(_ v: D, to array: inout [Double], at offset: Int) {
        guard D.scalarCount > 0 else { return }
        array.withUnsafeMutableBufferPointer { v.store(into: $0.baseAddress! + offset) }
    }

    @inlinable func read<D: VectorArithmetic>(_: D.Type, from array: [Double], at offset: Int) -> D {
        if D.scalarCount == 0 { return D.zero }
        return array.withUnsafeBufferPointer { D(loadingFrom: $0.baseAddress! + offset) }
    }
}
