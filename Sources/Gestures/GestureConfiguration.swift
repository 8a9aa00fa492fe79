/// Thresholds shared by all recognizers. Distances are in **millimetres** (converted with
/// `panel`), times in **seconds**, angles in **radians**. Defaults follow the kiosk
/// recommendations in the gestures reference (phone-like behaviour scaled to a large panel).
public struct GestureConfiguration: Hashable, Sendable {
    /// Converts the millimetre thresholds below into pixels.
    public var panel: TouchPanel

    /// A touch that strays farther than this from where it landed is no longer a tap (and a
    /// press is withdrawn, a pan/zoom/rotate may start). mm.
    public var tapSlop: Double = 5
    /// Longest a finger may rest before a tap becomes a long press. s.
    public var longPressDuration: Double = 0.5
    /// Double tap: longest time from the first tap's lift to the second tap's landing. s.
    public var doubleTapMaximumInterval: Double = 0.3
    /// Double tap: shortest lift→landing time (faster is contact bounce, not a second tap). s.
    public var doubleTapMinimumInterval: Double = 0.04
    /// Double tap: farthest the second landing may be from the first. mm.
    public var doubleTapMaximumDistance: Double = 20

    /// Swipe (the screen reader's next / previous item): the least travel from landing to
    /// lift along one axis. mm.
    public var swipeMinimumDistance: Double = 15
    /// Swipe: the finger lifts at most this long after landing. s.
    public var swipeMaximumDuration: Double = 0.6
    /// Swipe: the stroke's largest angle off its axis. Radians (30°).
    public var swipeMaximumAngle: Double = 30 * Double.pi / 180

    /// Two-finger tap: neither finger strays farther than this from where it landed. mm.
    public var twoFingerTapSlop: Double = 8
    /// Two-finger tap: the second finger lands at most this long after the first. s.
    public var twoFingerTapLandingInterval: Double = 0.15
    /// Two-finger tap: both fingers are up at most this long after the first landed. s.
    public var twoFingerTapMaximumDuration: Double = 0.4

    /// Fingers closer than this (span = 2 × RMS distance to the centroid, which is the finger
    /// distance for two fingers) give translation only: scale and rotation freeze. mm.
    public var minimumSpan: Double = 8
    /// A magnify gesture is recognized once |magnification − 1| reaches this. Unitless.
    public var minimumScaleDelta: Double = 0.05
    /// A rotate gesture is recognized once |rotation| reaches this. Radians (5°).
    public var minimumAngleDelta: Double = 5 * Double.pi / 180

    /// Velocity estimate: only samples younger than this count. s.
    public var velocityHorizon: Double = 0.1
    /// Velocity estimate: a gap this long between samples (or before the lift) means the
    /// finger stopped. s.
    public var velocityStopGap: Double = 0.04
    /// Velocity estimate: fewer samples than this give no velocity.
    public var velocityMinimumSamples: Int = 3
    /// A release is a fling only at this speed or more. mm/s.
    public var minimumFlingSpeed: Double = 50
    /// A release is a fling only if the gesture travelled at least this far in total. mm.
    public var minimumFlingDistance: Double = 5
    /// Fling speeds are clamped to this. mm/s.
    public var maximumFlingSpeed: Double = 2000
    /// Exponential friction of the coasting after a fling (v(t) = v₀·e^(−rate·t)). 1/s.
    public var flingDecelerationRate: Double = 6

    /// A touch that has not moved (beyond `stationaryTolerance`) for this long *while other
    /// touches moved* is treated as a stuck or resting contact and leaves the focal point. s.
    public var stationaryTimeout: Double = 2
    /// Movement up to this counts as "perfectly still" for the stationary rule. mm.
    public var stationaryTolerance: Double = 0
    /// For screens that only use single taps: a touch landing within
    /// `farApartInterval` of another and farther than `farApartDistance` from it is noise
    /// (phantom contact, second visitor), not a pinch; it is ignored until it lifts.
    public var rejectsFarApartSimultaneousTouches: Bool = false
    /// See `rejectsFarApartSimultaneousTouches`. s.
    public var farApartInterval: Double = 0.010
    /// See `rejectsFarApartSimultaneousTouches`. mm.
    public var farApartDistance: Double = 50
    /// At most this many touches drive a gesture (clamped to 1…16); extra touches are ignored
    /// until they lift.
    public var maximumTouches: Int = 10

    public init(panel: TouchPanel) { self.panel = panel }
    public init(pixelsPerMillimetre: Double) { self.panel = TouchPanel(pixelsPerMillimetre: pixelsPerMillimetre) }
}
