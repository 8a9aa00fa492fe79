import Animation
import Foundation
import Displays
import Geometry
import Gestures
@testable import KioskUI
@testable import Kiosk

/// `tribune run`'s kiosk (`RunningKiosk`: its event loop, visitor session, box-office bridge
/// and frame pacer) on a headless display and the soak's touch source, turned one loop
/// iteration at a time on a virtual clock that the harness moves: a frame's worth (1/60 s)
/// while fingers move, bigger steps while nobody touches, real time's pace while an answer from
/// the box office is awaited (the loop then blocks on the bridge's mailbox, as on a kiosk).
final class SoakKiosk {
    static let frameInterval = 1.0 / 60
    let clock: VirtualClock
    let touch: SoakTouchSource
    let display: HeadlessDisplay
    let kiosk: RunningKiosk
    var session: KioskSession { kiosk.session }
    /// Frames presented on the display.
    var frames: Int { kiosk.pacer.frames }
    private var nextTouchID = 1

    /// - Parameters:
    ///   - boxOfficeURL: the fault proxy in front of the box office.
    ///   - journalDirectory: the purchase journal's folder (the soak fills its disk).
    init(boxOfficeURL: String, tokenFile: String, journalDirectory: String, width: Int, height: Int) throws {
        let overrides: [(key: String, value: String)] = [
            ("box_office.url", boxOfficeURL), ("box_office.token_file", tokenFile), ("box_office.event_id", SoakBoxOffice.eventID),
            ("box_office.journal_dir", journalDirectory), ("box_office.poll_interval", "5"), ("box_office.request_timeout", "6"),
            ("box_office.out_of_service_after", "30"), ("idle.timeout", "30"), ("idle.prompt", "10"), ("idle.blank_after", "240"),
            ("idle.receipt", "15"), ("control_socket", ""), ("log_level", "error"),
        ]
        let configuration = try KioskConfiguration.load(file: nil, optional: true, overrides: overrides)
        let display = HeadlessDisplay(width: width, height: height)
        let touch = try SoakTouchSource()
        let runtime = KioskRuntime(configuration: configuration, configurationFile: nil, optional: true, overrides: overrides,
                                   environment: [:], touchFactory: { _ in touch }) { _, _ in display }
        // Ahead of the kernel's monotonic clock from the start, so the loop's timerfds (armed
        // on this clock's deadlines) never fire before the harness turns the loop anyway.
        let clock = VirtualClock(start: MonotonicClock().now + 1)
        runtime.clock = clock
        self.clock = clock
        self.display = display
        self.touch = touch
        kiosk = try RunningKiosk(runtime)
        // What `RunningKiosk.run()` wires, less signals, the control socket and headset jacks.
        try kiosk.loop.watch(touch.fileDescriptor) { [unowned kiosk] _ in kiosk.touchReadable() }
        if let link = kiosk.boxOffice { try kiosk.connectBridge(link) }
        try kiosk.start()
        kiosk.loop.beforeSleep = { [unowned kiosk] in kiosk.tick() }
    }

    var now: Double { clock.now }

    /// One loop iteration `dt` virtual seconds on; `wait` real seconds at most for a descriptor
    /// (the bridge's mailbox) to wake it.
    func step(_ dt: Double = frameInterval, wait: Double = 0) throws {
        clock.advance(by: dt)
        try kiosk.loop.runOnce(timeout: wait)
    }

    /// A touch frame stamped with the next step's time, then that step.
    func frame(_ touches: [TouchFrame.Touch]) throws {
        touch.queue(TouchFrame(timestamp: clock.now + Self.frameInterval, touches: touches))
        try step()
    }

    func newTouchID() -> Int {
        nextTouchID += 1
        return nextTouchID
    }

    /// Down at `p`, held `hold` seconds, up.
    func tap(_ p: Point, hold: Double = 0.05) throws {
        let id = newTouchID()
        try frame([.init(id: id, location: p, phase: .began)])
        for _ in 0..<max(0, Int(hold / Self.frameInterval) - 1) { try step() }
        try frame([.init(id: id, location: p, phase: .ended)])
    }

    func tap(_ control: KioskControl) throws -> Bool {
        guard let r = session.frame(of: control) else { return false }
        try tap(r.center)
        return true
    }

    /// One finger from `a` to `b` in `steps` frames.
    func drag(from a: Point, to b: Point, steps: Int) throws {
        let id = newTouchID()
        try frame([.init(id: id, location: a, phase: .began)])
        for k in 1...max(1, steps) {
            let f = Double(k) / Double(max(1, steps))
            try frame([.init(id: id, location: Point(x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f), phase: .moved)])
        }
        try frame([.init(id: id, location: b, phase: .ended)])
    }

    /// Two fingers about `centre`, apart from `from` to `to` px, turning by `turn` radians.
    func pinch(centre: Point, from: Double, to: Double, turn: Double, steps: Int) throws {
        let a = newTouchID(), b = newTouchID()
        func touches(_ f: Double, _ phase: TouchFrame.Touch.Phase) -> [TouchFrame.Touch] {
            let span = from + (to - from) * f, angle = turn * f
            let dx = cos(angle) * span / 2, dy = sin(angle) * span / 2
            return [.init(id: a, location: Point(x: centre.x - dx, y: centre.y - dy), phase: phase),
                    .init(id: b, location: Point(x: centre.x + dx, y: centre.y + dy), phase: phase)]
        }
        try frame(touches(0, .began))
        for k in 1...max(1, steps) { try frame(touches(Double(k) / Double(max(1, steps)), .moved)) }
        try frame(touches(1, .ended))
    }

    /// Frames until nothing moves (or `limit` virtual seconds).
    func settle(limit: Double = 5) throws {
        let end = now + limit
        while now < end && !(session.isSettled && !kiosk.pacer.isFrameDue(session)) { try step() }
    }

    /// Turns the loop at the box office's pace until `done` (or `limit` virtual seconds): each
    /// turn waits up to a frame of real time for an answer to wake the loop.
    @discardableResult
    func wait(limit: Double, until done: () -> Bool) throws -> Bool {
        let end = now + limit
        while !done() {
            guard now < end else { return false }
            try step(Self.frameInterval, wait: Self.frameInterval)
        }
        return true
    }

    /// Nobody touches for `seconds`: steps of `stride` (frames are still drawn while
    /// something moves: the idle prompt's countdown, the attract screen's turning stadium).
    func away(_ seconds: Double, stride: Double = 1) throws {
        let end = now + seconds
        while now < end { try step(min(stride, end - now), wait: 0) }
    }
}
