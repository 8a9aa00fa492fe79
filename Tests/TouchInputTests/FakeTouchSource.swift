import Geometry
import Gestures
import TouchInput

/// A scripted stand-in for libinput: hands out its events in order.
struct FakeTouchSource: TouchEventSource {
    var events: [TouchSourceEvent]
    var next = 0
    init(_ events: [TouchSourceEvent]) { self.events = events }
    mutating func nextEvent() -> TouchSourceEvent? {
        guard next < events.count else { return nil }
        defer { next += 1 }
        return events[next]
    }
}

/// Suites that feed scripts through a `TouchFrameBuilder` on a 1000 × 500 display.
protocol TouchScriptRunning {}

extension TouchScriptRunning {
    var mapping: DisplayMapping { DisplayMapping(size: Size(width: 1000, height: 500)) }

    /// What the builder makes of `events` (on `mapping` unless given).
    func run(_ events: [TouchSourceEvent], mapping: DisplayMapping? = nil, deviceName: String? = nil) -> [TouchInputEvent] {
        var builder = TouchFrameBuilder(mapping: mapping ?? self.mapping, deviceName: deviceName)
        var source = FakeTouchSource(events)
        return builder.drain(&source)
    }

    /// The frames among `events`.
    func frames(_ events: [TouchInputEvent]) -> [TouchFrame] {
        events.compactMap { if case let .frame(f) = $0 { f } else { nil } }
    }
}

/// Shorthands for scripts: device 0 unless given, times in ms.
func down(_ seat: Int, _ u: Double, _ v: Double, ms: UInt64, device: Int = 0, slot: Int? = nil) -> TouchSourceEvent {
    .touchDown(deviceID: device, slot: slot ?? seat, seatSlot: seat, u: u, v: v, time: ms * 1000)
}
func motion(_ seat: Int, _ u: Double, _ v: Double, ms: UInt64, device: Int = 0, slot: Int? = nil) -> TouchSourceEvent {
    .touchMotion(deviceID: device, slot: slot ?? seat, seatSlot: seat, u: u, v: v, time: ms * 1000)
}
func up(_ seat: Int, ms: UInt64, device: Int = 0) -> TouchSourceEvent {
    .touchUp(deviceID: device, slot: seat, seatSlot: seat, time: ms * 1000)
}
func cancel(_ seat: Int, ms: UInt64, device: Int = 0) -> TouchSourceEvent {
    .touchCancel(deviceID: device, slot: seat, seatSlot: seat, time: ms * 1000)
}
func frame(ms: UInt64, device: Int = 0) -> TouchSourceEvent { .touchFrame(deviceID: device, time: ms * 1000) }
