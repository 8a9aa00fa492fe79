import Geometry

/// An input device as libinput announces it, and the part it plays for the display.
public struct TouchDevice: Hashable, Sendable {
    /// What the device does for the display.
    public enum Role: String, Hashable, Sendable {
        /// Its touches drive the display.
        case touchscreen
        /// A pointer with a left button: one finger while the button is held (handy for staff).
        case mouse
        /// Keyboards, switches, tablets, and touchscreens other than the configured one.
        case ignored
    }

    /// Unique within a session; never reused.
    public var id: Int
    /// The kernel's device name, e.g. `ILITEK ILITEK-TP`.
    public var name: String
    /// The kernel's event device name, e.g. `event5` (the node is `/dev/input/event5`).
    public var sysname: String
    public var hasTouch: Bool
    public var hasPointer: Bool
    /// The pointer has a left button (`BTN_LEFT`).
    public var hasLeftButton: Bool
    public var hasKeyboard: Bool
    /// The active area in millimetres (panel orientation) when the device reports axis
    /// resolution (`libinput_device_get_size`), else nil.
    public var physicalSize: Size?
    /// Set when the device is added, from its capabilities and the configured device name.
    public var role: Role

    public init(id: Int, name: String, sysname: String = "", hasTouch: Bool = false, hasPointer: Bool = false,
                hasLeftButton: Bool = false, hasKeyboard: Bool = false, physicalSize: Size? = nil, role: Role = .ignored) {
        self.id = id; self.name = name; self.sysname = sysname; self.hasTouch = hasTouch; self.hasPointer = hasPointer
        self.hasLeftButton = hasLeftButton; self.hasKeyboard = hasKeyboard; self.physicalSize = physicalSize; self.role = role
    }

    /// `/dev/input/<sysname>`.
    public var node: String { "/dev/input/" + sysname }

    /// True when `selector` names this device: its name, its sysname or its node.
    public func matches(_ selector: String) -> Bool {
        selector == name || (!sysname.isEmpty && (selector == sysname || selector == node))
    }

    /// The role for the display given the configured device name (nil: any touchscreen).
    public func role(selecting deviceName: String?) -> Role {
        if hasTouch { return (deviceName.map(matches) ?? true) ? .touchscreen : .ignored }
        if hasPointer && hasLeftButton { return .mouse }
        return .ignored
    }
}
