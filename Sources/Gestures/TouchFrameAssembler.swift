import Geometry

/// Turns libinput-style touch events (DOWN / MOTION / UP / CANCEL per seat slot, then FRAME)
/// into `TouchFrame`s: the shared last stage of both the live libinput path and the replay
/// of recordings, so both give identical frames for identical events.
///
/// Positions are normalized panel coordinates (`get_x_transformed(event, 1)`, calibration
/// already applied); `mapping` turns them into picture pixels. Every DOWN gets a fresh touch
/// id (seat slots are reused). A frame lists every touch down (sorted by id) plus those that
/// ended or were cancelled in it.
public struct TouchFrameAssembler: Sendable {
    /// libinput's limit of simultaneous touches per seat.
    public static let seatSlotCount = 32

    public var mapping: DisplayMapping
    private var ids = [Int](repeating: -1, count: TouchFrameAssembler.seatSlotCount)
    private var points = [Point](repeating: .zero, count: TouchFrameAssembler.seatSlotCount)
    private var phases = [TouchFrame.Touch.Phase](repeating: .stationary, count: TouchFrameAssembler.seatSlotCount)
    private var finished: [TouchFrame.Touch] = []
    private var dirty = false
    private var nextID = 0

    public init(mapping: DisplayMapping) { self.mapping = mapping }

    /// Touches currently down.
    public var activeCount: Int { ids.reduce(0) { $0 + ($1 >= 0 ? 1 : 0) } }

    public func isActive(seatSlot: Int) -> Bool { ids.indices.contains(seatSlot) && ids[seatSlot] >= 0 }

    /// TOUCH_DOWN at normalized (u, v). Out-of-range slots are ignored (libinput drops them).
    public mutating func touchDown(seatSlot: Int, u: Double, v: Double) {
        guard ids.indices.contains(seatSlot) else { return }
        if ids[seatSlot] >= 0 { touchUp(seatSlot: seatSlot) }
        ids[seatSlot] = nextID; nextID += 1
        points[seatSlot] = mapping.screenPoint(u: u, v: v)
        phases[seatSlot] = .began
        dirty = true
    }

    /// TOUCH_MOTION to normalized (u, v).
    public mutating func touchMotion(seatSlot: Int, u: Double, v: Double) {
        guard isActive(seatSlot: seatSlot) else { return }
        points[seatSlot] = mapping.screenPoint(u: u, v: v)
        if phases[seatSlot] != .began { phases[seatSlot] = .moved }
        dirty = true
    }

    /// TOUCH_UP.
    public mutating func touchUp(seatSlot: Int) { finish(seatSlot, .ended) }
    /// TOUCH_CANCEL (palm, device removal).
    public mutating func touchCancel(seatSlot: Int) { finish(seatSlot, .cancelled) }

    private mutating func finish(_ slot: Int, _ phase: TouchFrame.Touch.Phase) {
        guard isActive(seatSlot: slot) else { return }
        finished.append(TouchFrame.Touch(id: ids[slot], location: points[slot], phase: phase))
        ids[slot] = -1
        dirty = true
    }

    /// TOUCH_FRAME at `time` (s). Nil when nothing happened since the last frame (libinput
    /// sends no frame then either).
    public mutating func frame(time: Double) -> TouchFrame? {
        guard dirty else { return nil }
        var touches = finished
        finished.removeAll(keepingCapacity: true)
        for slot in 0..<ids.count where ids[slot] >= 0 {
            touches.append(TouchFrame.Touch(id: ids[slot], location: points[slot], phase: phases[slot]))
            phases[slot] = .stationary
        }
        touches.sort { $0.id < $1.id }
        dirty = false
        return TouchFrame(timestamp: time, touches: touches)
    }

    /// Forgets all touches without reporting them.
    public mutating func reset() {
        for i in ids.indices { ids[i] = -1; phases[i] = .stationary }
        finished.removeAll(); dirty = false
    }
}
