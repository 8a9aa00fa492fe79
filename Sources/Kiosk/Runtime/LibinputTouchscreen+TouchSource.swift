import Geometry
import Gestures
import TouchInput

extension LibinputTouchscreen: TouchSource {
    public var startupWarnings: [String] {
        var lines = openFailures.map { "cannot open \($0)" } + warnings
        if touchscreens.isEmpty {
            lines.append("no touchscreen on seat \(configuration.seat) yet (hotplug is followed)")
        }
        return lines
    }

    public func suspendInput() -> [TouchFrame] {
        suspend().compactMap { if case .frame(let f) = $0 { f } else { nil } }
    }

    public func resumeInput() throws { try resume() }
}

extension LibinputTouchscreen {
    /// The kiosk's live touchscreen: libinput's udev backend on the configured seat, touches
    /// mapped to the logical screen with the display's rotation.
    public static func open(_ settings: TouchSourceSettings) throws -> LibinputTouchscreen {
        var c = TouchInputConfiguration(displaySize: settings.screenSize, rotation: settings.rotation)
        c.seat = settings.seat
        c.deviceName = settings.deviceName
        c.calibration = settings.calibration
        c.physicalSize = settings.physicalSize
        return try LibinputTouchscreen(configuration: c)
    }
}

extension KioskRuntime {
    /// The touch factory `tribune run` uses: `LibinputTouchscreen.open(_:)`.
    public static func openLibinputTouch(_ settings: TouchSourceSettings) throws -> any TouchSource {
        try LibinputTouchscreen.open(settings)
    }
}
