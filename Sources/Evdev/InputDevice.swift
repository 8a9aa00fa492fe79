/// What a recording says about its device: the evdev description (name, ids, supported codes,
/// absolute axes, properties) and the udev properties that matter to libinput.
public struct InputDevice: Hashable, Sendable {
    /// `struct input_id`.
    public struct Identifier: Hashable, Sendable {
        public var bustype: UInt16, vendor: UInt16, product: UInt16, version: UInt16
        public init(bustype: UInt16 = 0, vendor: UInt16 = 0, product: UInt16 = 0, version: UInt16 = 0) {
            self.bustype = bustype; self.vendor = vendor; self.product = product; self.version = version
        }
    }

    public var name: String
    public var id: Identifier
    /// Supported codes per event type (EV_SYN, EV_KEY, …), each list ascending.
    public var codes: [UInt16: [UInt16]]
    /// Absolute axes, ascending by code.
    public var axes: [AbsoluteAxis]
    /// `INPUT_PROP_*` numbers, ascending (1 = INPUT_PROP_DIRECT).
    public var properties: [Int]
    /// udev properties as `KEY=VALUE`, in the recording's order.
    public var udevProperties: [String]
    /// Device node (`/dev/input/eventN`) when the recording names it.
    public var node: String?

    public init(name: String = "", id: Identifier = Identifier(), codes: [UInt16: [UInt16]] = [:],
                axes: [AbsoluteAxis] = [], properties: [Int] = [], udevProperties: [String] = [], node: String? = nil) {
        self.name = name; self.id = id; self.codes = codes; self.axes = axes.sorted { $0.code < $1.code }
        self.properties = properties.sorted(); self.udevProperties = udevProperties; self.node = node
    }

    public func axis(_ code: UInt16) -> AbsoluteAxis? { axes.first { $0.code == code } }

    public func supports(type: UInt16, code: UInt16) -> Bool {
        if type == EvdevCode.EV_ABS && axis(code) != nil { return true }
        return codes[type]?.contains(code) ?? false
    }

    public func hasProperty(_ property: Int) -> Bool { properties.contains(property) }

    /// The value of udev property `key`, if set.
    public func udevProperty(_ key: String) -> String? {
        for entry in udevProperties {
            guard let eq = entry.firstIndex(of: "=") else { continue }
            if entry[..<eq] == key { return String(entry[entry.index(after: eq)...]) }
        }
        return nil
    }

    /// Multitouch (has `ABS_MT_POSITION_X/Y`).
    public var isMultitouch: Bool {
        axis(EvdevCode.ABS_MT_POSITION_X) != nil && axis(EvdevCode.ABS_MT_POSITION_Y) != nil
    }
    /// Multitouch without slots: protocol A (`SYN_MT_REPORT`), converted like mtdev does.
    public var usesProtocolA: Bool { isMultitouch && axis(EvdevCode.ABS_MT_SLOT) == nil }

    /// The X and Y axes positions come from (MT axes when present, otherwise ABS_X/ABS_Y).
    public var positionAxes: (x: AbsoluteAxis, y: AbsoluteAxis)? {
        if isMultitouch, let x = axis(EvdevCode.ABS_MT_POSITION_X), let y = axis(EvdevCode.ABS_MT_POSITION_Y) { return (x, y) }
        if let x = axis(EvdevCode.ABS_X), let y = axis(EvdevCode.ABS_Y) { return (x, y) }
        return nil
    }

    /// Why this is not a touchscreen, or nil when it is. Uses udev's `ID_INPUT_TOUCHSCREEN`
    /// when the recording has udev properties, otherwise udev's own rule (input_id builtin):
    /// absolute X/Y (or MT) positions, no pen or stylus, touch (`BTN_TOUCH`) or
    /// `INPUT_PROP_DIRECT`, and not a touchpad (`BTN_TOOL_FINGER` without `INPUT_PROP_DIRECT`).
    public var touchscreenRefusal: String? {
        if let flag = udevProperty("ID_INPUT_TOUCHSCREEN"), flag == "1" { return nil }
        let label = "device \"\(name)\""
        guard positionAxes != nil else {
            return "\(label) has no absolute X/Y axes (a keyboard, mouse or button device): it is not a touchscreen"
        }
        let key = EvdevCode.EV_KEY
        let direct = hasProperty(EvdevCode.INPUT_PROP_DIRECT)
        if supports(type: key, code: EvdevCode.BTN_TOOL_PEN) || supports(type: key, code: EvdevCode.BTN_STYLUS) {
            return "\(label) has a pen or stylus: it is a graphics tablet, not a touchscreen"
        }
        if supports(type: key, code: EvdevCode.BTN_TOOL_FINGER) && !direct {
            return "\(label) has BTN_TOOL_FINGER without INPUT_PROP_DIRECT: it is a touchpad, not a touchscreen"
        }
        if udevProperty("ID_INPUT_TOUCHPAD") == "1" { return "\(label) is tagged ID_INPUT_TOUCHPAD: not a touchscreen" }
        if !direct && !supports(type: key, code: EvdevCode.BTN_TOUCH) {
            return "\(label) has neither BTN_TOUCH nor INPUT_PROP_DIRECT: it is not a touchscreen"
        }
        return nil
    }
}
