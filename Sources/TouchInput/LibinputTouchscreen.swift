import CInput
import Geometry
import Gestures
import Glibc
import Udev

/// The live touch path: a libinput context on the udev backend for one seat, whose events
/// become `TouchFrame`s for the display (see `TouchFrameBuilder`). No threads: the caller's
/// event loop polls `fileDescriptor` for reading and calls `dispatch()` when it is readable.
///
/// Devices are opened directly (`open(2)`), which needs read access to `/dev/input/event*`:
/// membership of the `input` group, or the systemd unit. The libinput context, its devices and
/// its interface are owned here and released in `deinit`.
public final class LibinputTouchscreen {
    public let configuration: TouchInputConfiguration
    private let udev: UdevContext
    private let context: OpaquePointer
    private let opener: RestrictedOpener
    private var queue: LibinputEventQueue
    private var builder: TouchFrameBuilder
    private var startWarnings: [String] = []

    /// Creates the context and assigns the seat (which opens the seat's devices).
    /// Throws when udev or the seat is unavailable, or when a touchscreen's node (or every
    /// input node) cannot be opened for lack of permission.
    public init(configuration: TouchInputConfiguration) throws {
        self.configuration = configuration
        let udev = try UdevContext()
        let opener = RestrictedOpener()
        guard let context = libinput_udev_create_context(opener.interface, Unmanaged.passUnretained(opener).toOpaque(), udev.handle) else {
            throw TouchInputError("libinput: cannot create a context on the udev backend")
        }
        self.udev = udev
        self.opener = opener
        self.context = context
        queue = LibinputEventQueue(context: context, calibration: configuration.calibration)
        builder = TouchFrameBuilder(configuration: configuration)
        libinput_log_set_priority(context, LIBINPUT_LOG_PRIORITY_ERROR)
        guard libinput_udev_assign_seat(context, configuration.seat) == 0 else {
            throw TouchInputError("""
                libinput cannot assign seat '\(configuration.seat)': is systemd-udevd running (/run/udev must exist) \
                and is the seat name right (udev property ID_SEAT; the default is seat0)?
                """)
        }
        if access("/run/udev/control", F_OK) != 0 {
            startWarnings.append("systemd-udevd does not seem to run (no /run/udev/control): libinput sees only devices udev has already set up")
        }
        let denied = opener.deniedNodes
        if !denied.isEmpty {
            let touchscreens = Set(udev.touchscreens().map(\.deviceNode))
            let deniedTouch = denied.filter(touchscreens.contains)
            if !deniedTouch.isEmpty { throw TouchInputError.permissionDenied(nodes: deniedTouch) }
            if opener.openedCount == 0 { throw TouchInputError.permissionDenied(nodes: denied) }
        }
    }

    deinit {
        queue.releaseDevices()
        libinput_unref(context)
    }

    /// libinput's file descriptor: readable when events are pending.
    public var fileDescriptor: Int32 { libinput_get_fd(context) }

    /// Reads all pending libinput events and returns the frames they completed, in order.
    public func dispatch() throws -> [TouchFrame] {
        try dispatchEvents().compactMap { if case let .frame(f) = $0 { f } else { nil } }
    }

    /// Reads all pending libinput events: completed frames and device changes, in order.
    public func dispatchEvents() throws -> [TouchInputEvent] {
        let rc = libinput_dispatch(context)
        if rc < 0 { throw TouchInputError.system("libinput_dispatch", errno: -rc) }
        return builder.drain(&queue)
    }

    /// The devices present (touchscreens, mice, and ignored ones), in the order they came.
    public var devices: [TouchDevice] { builder.devices }

    /// The devices whose touches drive the display.
    public var touchscreens: [TouchDevice] { builder.devices.filter { $0.role == .touchscreen } }

    /// The panel's size in mm: from the first driving touchscreen that reports resolution,
    /// else the configuration's `physicalSize`.
    public var physicalSize: Size? {
        touchscreens.lazy.compactMap(\.physicalSize).first ?? configuration.physicalSize
    }

    /// Device nodes that could not be opened, with the reason (`strerror`).
    public var openFailures: [String] {
        opener.failures.map { "\($0.path): \(String(cString: strerror($0.errno)))" }
    }

    /// Problems worth telling the operator: udev not running, a calibration not applied.
    public var warnings: [String] { startWarnings + queue.warnings }

    /// Ends all touches as cancelled (e.g. the kiosk gives up the seat); the frame, if any.
    public func cancelAll() -> TouchFrame? {
        builder.cancelAll(time: LibinputEventQueue.monotonicMicroseconds())
    }

    /// Stops reading the devices (libinput closes them), e.g. on a VT switch: the devices are
    /// reported removed and touches still down end as cancelled.
    public func suspend() -> [TouchInputEvent] {
        libinput_suspend(context)
        var events = (try? dispatchEvents()) ?? []
        if let frame = builder.cancelAll(time: LibinputEventQueue.monotonicMicroseconds()) { events.append(.frame(frame)) }
        return events
    }

    /// Opens the devices again after `suspend()`.
    public func resume() throws {
        if libinput_resume(context) != 0 { throw TouchInputError("libinput cannot resume seat '\(configuration.seat)'") }
    }
}
