import Geometry

/// The touches of one input frame (one libinput TOUCH_FRAME / one evdev SYN_REPORT), with the
/// kernel's timestamp. Positions are in screen pixels (y down).
public struct TouchFrame: Hashable, Sendable {
    /// One finger in a frame.
    public struct Touch: Hashable, Sendable {
        public enum Phase: String, Hashable, Sendable { case began, moved, stationary, ended, cancelled }
        /// Stable for the life of the touch; never reused within a session.
        public var id: Int
        /// Screen pixels.
        public var location: Point
        public var phase: Phase
        public init(id: Int, location: Point, phase: Phase) { self.id = id; self.location = location; self.phase = phase }
    }

    /// Seconds, from the kernel's event timestamp.
    public var timestamp: Double
    public var touches: [Touch]

    public init(timestamp: Double, touches: [Touch]) { self.timestamp = timestamp; self.touches = touches }
}
