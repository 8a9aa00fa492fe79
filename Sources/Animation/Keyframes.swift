/// A value defined by keyframes over progress 0…1 (or any monotonic parameter, such as
/// seconds since a start — see `then(_:after:curve:)`): between two
/// keyframes it moves along the later keyframe's timing curve; before the first and after
/// the last it holds. The seeds' skewed offset ramps its skew in over the first 20 % of the
/// progress, holds, and ramps out over the last 20 %:
///
///     Keyframes(0.0).linear(to: 0.5, at: 0.2).linear(to: 0.5, at: 0.8).linear(to: 0, at: 1)
public struct Keyframes<Value: VectorArithmetic>: Sendable {
    public struct Keyframe: Sendable {
        /// Where the keyframe sits (progress), non-decreasing along the list.
        public var at: Double
        public var value: Value
        /// Timing of the segment that ends at this keyframe.
        public var curve: UnitCurve
    }

    public private(set) var keyframes: [Keyframe]

    /// Starts with `value` at progress 0.
    public init(_ value: Value, at start: Double = 0) {
        keyframes = [Keyframe(at: start.isFinite ? start : 0, value: value, curve: .linear)]
    }

    /// Adds a keyframe reached along `curve`. A position before the previous keyframe (or not
    /// finite) is moved up to it, so the list stays ordered.
    public func keyframe(_ value: Value, at position: Double, curve: UnitCurve) -> Keyframes {
        var k = self
        let last = keyframes[keyframes.count - 1].at
        k.keyframes.append(Keyframe(at: position.isFinite ? max(position, last) : last, value: value, curve: curve))
        return k
    }

    /// Adds a keyframe reached linearly.
    public func linear(to value: Value, at position: Double) -> Keyframes {
        keyframe(value, at: position, curve: .linear)
    }

    /// Adds a keyframe `duration` after the previous one: with positions in seconds this builds
    /// a timeline (the cart badge's pop: `Keyframes(1.0).then(1.3, after: 0.1).then(1, after: 0.2)`).
    public func then(_ value: Value, after duration: Double, curve: UnitCurve = .linear) -> Keyframes {
        let step = duration.isFinite && duration > 0 ? duration : 0
        return keyframe(value, at: keyframes[keyframes.count - 1].at + step, curve: curve)
    }

    /// From the first keyframe to the last, in the keyframes' units.
    public var duration: Double { keyframes[keyframes.count - 1].at - keyframes[0].at }

    /// The value at `progress`.
    public func value(at progress: Double) -> Value {
        let first = keyframes[0]
        if !(progress > first.at) { return first.value }
        for i in 1 ..< keyframes.count {
            let k = keyframes[i]
            if progress < k.at {
                let prev = keyframes[i - 1]
                let x = (progress - prev.at) / (k.at - prev.at)
                return prev.value.interpolated(towards: k.value, amount: k.curve.value(at: x))
            }
        }
        return keyframes[keyframes.count - 1].value
    }
}
