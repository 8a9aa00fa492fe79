import Geometry
import Gestures

/// Assembles libinput's touch events into `TouchFrame`s: one per TOUCH_FRAME, each DOWN a new
/// id (libinput reuses seat slots), positions from normalized calibrated panel coordinates
/// through the display mapping (size and rotation). The last stage is Recording's
/// `TouchFrameAssembler`, the same one the replay of recordings uses, so live and replayed
/// frames agree for the same events.
///
/// Devices: only touchscreens with the role `.touchscreen` (see `TouchDevice.role(selecting:)`)
/// drive the display; a mouse with a left button acts as one finger; everything else is
/// ignored. When a device goes away mid-gesture its touches end as cancelled in one frame.
/// Events of devices that were never announced count as a touchscreen's when no device name
/// is configured (libinput always announces devices first; fake sources need not).
public struct TouchFrameBuilder: Sendable {
    /// Who holds one of the assembler's slots: a device's seat slot, or its pointer.
    struct Owner: Hashable, Sendable {
        var device: Int
        var key: Int
        static let pointerKey = -1000
    }

    public private(set) var assembler: TouchFrameAssembler
    /// The devices present, in the order they were added.
    public private(set) var devices: [TouchDevice] = []
    public let deviceName: String?
    private var owners = [Owner?](repeating: nil, count: TouchFrameAssembler.seatSlotCount)
    /// The mouse cursor in picture pixels (starts at the centre).
    public private(set) var cursor: Point
    private var lastTime: UInt64 = 0

    public init(mapping: DisplayMapping, deviceName: String? = nil) {
        assembler = TouchFrameAssembler(mapping: mapping)
        self.deviceName = deviceName
        cursor = Point(x: mapping.size.width / 2, y: mapping.size.height / 2)
    }

    public init(configuration: TouchInputConfiguration) {
        self.init(mapping: configuration.displayMapping, deviceName: configuration.deviceName)
    }

    public var mapping: DisplayMapping { assembler.mapping }

    /// Touches currently down (fingers and a held mouse button).
    public var activeCount: Int { owners.reduce(0) { $0 + ($1 == nil ? 0 : 1) } }

    /// Reads every pending event of `source` and returns what they amount to, in order.
    public mutating func drain<Source: TouchEventSource>(_ source: inout Source) -> [TouchInputEvent] {
        var out: [TouchInputEvent] = []
        while let event = source.nextEvent() { handle(event, into: &out) }
        return out
    }

    /// Handles one event; a completed frame or a device change is appended to `out`.
    public mutating func handle(_ event: TouchSourceEvent, into out: inout [TouchInputEvent]) {
        switch event {
        case .deviceAdded(var device):
            device.role = device.role(selecting: deviceName)
            devices.removeAll { $0.id == device.id }
            devices.append(device)
            out.append(.deviceAdded(device))
        case let .deviceRemoved(deviceID, time):
            var cancelled = false
            for i in owners.indices where owners[i]?.device == deviceID {
                assembler.touchCancel(seatSlot: i)
                owners[i] = nil
                cancelled = true
            }
            if cancelled, let frame = assembler.frame(time: seconds(max(time, lastTime))) { out.append(.frame(frame)) }
            if let index = devices.firstIndex(where: { $0.id == deviceID }) {
                out.append(.deviceRemoved(devices.remove(at: index)))
            }
        case let .touchDown(device, slot, seatSlot, u, v, time):
            guard drivesDisplay(device) else { return }
            let owner = Owner(device: device, key: Self.key(slot: slot, seatSlot: seatSlot))
            if let held = owners.firstIndex(of: owner) { assembler.touchUp(seatSlot: held); owners[held] = nil }
            // No free slot: libinput itself drops a touch beyond its 32 seat slots.
            guard let free = owners.firstIndex(of: nil) else { return }
            owners[free] = owner
            assembler.touchDown(seatSlot: free, u: u, v: v)
            lastTime = max(lastTime, time)
        case let .touchMotion(device, slot, seatSlot, u, v, time):
            guard let held = owners.firstIndex(of: Owner(device: device, key: Self.key(slot: slot, seatSlot: seatSlot)))
            else { return }
            assembler.touchMotion(seatSlot: held, u: u, v: v)
            lastTime = max(lastTime, time)
        case let .touchUp(device, slot, seatSlot, time):
            guard let held = owners.firstIndex(of: Owner(device: device, key: Self.key(slot: slot, seatSlot: seatSlot)))
            else { return }
            assembler.touchUp(seatSlot: held); owners[held] = nil
            lastTime = max(lastTime, time)
        case let .touchCancel(device, slot, seatSlot, time):
            guard let held = owners.firstIndex(of: Owner(device: device, key: Self.key(slot: slot, seatSlot: seatSlot)))
            else { return }
            assembler.touchCancel(seatSlot: held); owners[held] = nil
            lastTime = max(lastTime, time)
        case let .touchFrame(_, time):
            lastTime = max(lastTime, time)
            if let frame = assembler.frame(time: seconds(time)) { out.append(.frame(frame)) }
        case let .pointerMotion(device, dx, dy, time):
            guard role(of: device) == .mouse, dx.isFinite, dy.isFinite else { return }
            moveCursor(to: Point(x: cursor.x + dx, y: cursor.y + dy), device: device, time: time, into: &out)
        case let .pointerMotionAbsolute(device, x, y, time):
            guard role(of: device) == .mouse, x.isFinite, y.isFinite else { return }
            let size = assembler.mapping.size
            moveCursor(to: Point(x: x * size.width, y: y * size.height), device: device, time: time, into: &out)
        case let .pointerButton(device, button, pressed, time):
            guard role(of: device) == .mouse, button == UInt32(Self.leftButton) else { return }
            let owner = Owner(device: device, key: Owner.pointerKey)
            let held = owners.firstIndex(of: owner)
            if pressed, held == nil, let free = owners.firstIndex(of: nil) {
                owners[free] = owner
                let (u, v) = assembler.mapping.panelPoint(cursor)
                assembler.touchDown(seatSlot: free, u: u, v: v)
            } else if !pressed, let held {
                assembler.touchUp(seatSlot: held); owners[held] = nil
            } else {
                return
            }
            lastTime = max(lastTime, time)
            if let frame = assembler.frame(time: seconds(time)) { out.append(.frame(frame)) }
        case .other:
            break
        }
    }

    /// Ends every touch as cancelled (e.g. when the kiosk loses the seat); the frame, if any.
    public mutating func cancelAll(time: UInt64) -> TouchFrame? {
        for i in owners.indices where owners[i] != nil { assembler.touchCancel(seatSlot: i); owners[i] = nil }
        return assembler.frame(time: seconds(max(time, lastTime)))
    }

    static let leftButton = 0x110

    /// libinput's seat slot; single-touch devices report kernel slot −1, which counts as 0.
    static func key(slot: Int, seatSlot: Int) -> Int { seatSlot >= 0 ? seatSlot : max(slot, 0) }

    func role(of device: Int) -> TouchDevice.Role? {
        devices.first { $0.id == device }?.role
    }

    func drivesDisplay(_ device: Int) -> Bool {
        if let role = role(of: device) { return role == .touchscreen }
        return deviceName == nil
    }

    func seconds(_ microseconds: UInt64) -> Double { Double(microseconds) / 1_000_000 }

    private mutating func moveCursor(to point: Point, device: Int, time: UInt64, into out: inout [TouchInputEvent]) {
        let size = assembler.mapping.size
        cursor = Point(x: min(max(point.x, 0), size.width), y: min(max(point.y, 0), size.height))
        guard let held = owners.firstIndex(of: Owner(device: device, key: Owner.pointerKey)) else { return }
        let (u, v) = assembler.mapping.panelPoint(cursor)
        assembler.touchMotion(seatSlot: held, u: u, v: v)
        lastTime = max(lastTime, time)
        if let frame = assembler.frame(time: seconds(time)) { out.append(.frame(frame)) }
    }
}
