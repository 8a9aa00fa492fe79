import Gestures

/// Runs touch frames on a virtual clock: the frames' timestamps drive time, timers fire at
/// their exact virtual times between frames, and display frames tick at a fixed virtual rate.
///
/// Order at equal times: a touch frame before the display frame of the same instant; a timer
/// due exactly at a touch frame's time fires after that frame (the recognizers' rule); a timer
/// due exactly at a display frame fires before it is drawn. After `end` display frames go on
/// until the target settles, at most `settleLimit` seconds.
public struct ReplayTimeline: Sendable {
    public var frames: [TouchFrame]
    /// Display frames per second (default 60).
    public var frameRate: Double
    /// First display frame's time, s.
    public var start: Double
    /// Last instant of the replay before settling, s.
    public var end: Double
    /// Longest the replay runs past `end` waiting for timers and animations, s.
    public var settleLimit: Double

    public init(frames: [TouchFrame], frameRate: Double = 60, start: Double? = nil, end: Double? = nil, settleLimit: Double = 2) {
        self.frames = frames
        self.frameRate = frameRate.isFinite && frameRate > 0 ? frameRate : 60
        self.start = start ?? frames.first?.timestamp ?? 0
        self.end = max(end ?? frames.last?.timestamp ?? 0, self.start)
        self.settleLimit = max(settleLimit, 0)
    }

    /// Drives `target`; returns how many display frames were produced.
    @discardableResult
    public func run<Target: ReplayTarget>(_ target: inout Target) -> Int {
        var i = 0, k = 0
        let interval = 1 / frameRate
        while true {
            let frameTime = i < frames.count ? frames[i].timestamp : Double.infinity
            let tickTime = start + Double(k) * interval
            if i >= frames.count && tickTime > end && (target.isSettled || tickTime > end + settleLimit) { break }
            let next = min(frameTime, tickTime)
            while let d = target.nextDeadline, d < next {
                target.advance(to: d)
                if let again = target.nextDeadline, again <= d { break }  // a timer that does not move on
            }
            if frameTime <= tickTime {
                target.handle(frames[i]); i += 1
            } else {
                target.advance(to: tickTime)
                target.displayFrame(index: k, time: tickTime)
                k += 1
            }
        }
        return k
    }
}
