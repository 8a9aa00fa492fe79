/// The evdev constants this module needs (linux/input-event-codes.h), with their names for
/// messages and for the comments of written recordings.
public enum EvdevCode {
    public static let EV_SYN: UInt16 = 0x00, EV_KEY: UInt16 = 0x01, EV_REL: UInt16 = 0x02
    public static let EV_ABS: UInt16 = 0x03, EV_MSC: UInt16 = 0x04, EV_SW: UInt16 = 0x05
    public static let EV_LED: UInt16 = 0x11, EV_SND: UInt16 = 0x12, EV_REP: UInt16 = 0x14
    public static let EV_FF: UInt16 = 0x15, EV_MAX: UInt16 = 0x1f

    public static let SYN_REPORT: UInt16 = 0, SYN_CONFIG: UInt16 = 1, SYN_MT_REPORT: UInt16 = 2
    public static let SYN_DROPPED: UInt16 = 3

    public static let ABS_X: UInt16 = 0x00, ABS_Y: UInt16 = 0x01
    public static let ABS_MT_SLOT: UInt16 = 0x2f, ABS_MT_POSITION_X: UInt16 = 0x35
    public static let ABS_MT_POSITION_Y: UInt16 = 0x36, ABS_MT_TOOL_TYPE: UInt16 = 0x37
    public static let ABS_MT_TRACKING_ID: UInt16 = 0x39, ABS_MAX: UInt16 = 0x3f

    public static let BTN_TOUCH: UInt16 = 0x14a, BTN_TOOL_FINGER: UInt16 = 0x145
    public static let BTN_TOOL_PEN: UInt16 = 0x140, BTN_STYLUS: UInt16 = 0x14b
    public static let BTN_LEFT: UInt16 = 0x110
    public static let KEY_MAX: UInt16 = 0x2ff

    public static let MT_TOOL_FINGER: Int32 = 0, MT_TOOL_PEN: Int32 = 1, MT_TOOL_PALM: Int32 = 2

    public static let INPUT_PROP_POINTER = 0, INPUT_PROP_DIRECT = 1, INPUT_PROP_MAX = 0x1f

    /// Highest code of each event type (`EV_CNT`-style bounds for bit masks).
    public static func maximumCode(type: UInt16) -> UInt16 {
        switch type {
        case EV_SYN: return 0x0f
        case EV_KEY: return KEY_MAX
        case EV_REL: return 0x0f
        case EV_ABS: return ABS_MAX
        case EV_MSC: return 0x07
        case EV_SW: return 0x10
        case EV_LED: return 0x0f
        case EV_SND: return 0x07
        case EV_REP: return 0x01
        case EV_FF: return 0x7f
        default: return 0xff
        }
    }

    public static func typeName(_ type: UInt16) -> String {
        switch type {
        case EV_SYN: return "EV_SYN"
        case EV_KEY: return "EV_KEY"
        case EV_REL: return "EV_REL"
        case EV_ABS: return "EV_ABS"
        case EV_MSC: return "EV_MSC"
        case EV_SW: return "EV_SW"
        case EV_LED: return "EV_LED"
        case EV_SND: return "EV_SND"
        case EV_REP: return "EV_REP"
        case EV_FF: return "EV_FF"
        default: return "EV_\(type)"
        }
    }

    /// A readable name for the common codes (comments only; unknown codes print as numbers).
    public static func codeName(type: UInt16, code: UInt16) -> String {
        switch (type, code) {
        case (EV_SYN, SYN_REPORT): return "SYN_REPORT"
        case (EV_SYN, SYN_CONFIG): return "SYN_CONFIG"
        case (EV_SYN, SYN_MT_REPORT): return "SYN_MT_REPORT"
        case (EV_SYN, SYN_DROPPED): return "SYN_DROPPED"
        case (EV_ABS, ABS_X): return "ABS_X"
        case (EV_ABS, ABS_Y): return "ABS_Y"
        case (EV_ABS, 0x18): return "ABS_PRESSURE"
        case (EV_ABS, 0x19): return "ABS_DISTANCE"
        case (EV_ABS, 0x2f): return "ABS_MT_SLOT"
        case (EV_ABS, 0x30): return "ABS_MT_TOUCH_MAJOR"
        case (EV_ABS, 0x31): return "ABS_MT_TOUCH_MINOR"
        case (EV_ABS, 0x32): return "ABS_MT_WIDTH_MAJOR"
        case (EV_ABS, 0x33): return "ABS_MT_WIDTH_MINOR"
        case (EV_ABS, 0x34): return "ABS_MT_ORIENTATION"
        case (EV_ABS, 0x35): return "ABS_MT_POSITION_X"
        case (EV_ABS, 0x36): return "ABS_MT_POSITION_Y"
        case (EV_ABS, 0x37): return "ABS_MT_TOOL_TYPE"
        case (EV_ABS, 0x39): return "ABS_MT_TRACKING_ID"
        case (EV_ABS, 0x3a): return "ABS_MT_PRESSURE"
        case (EV_ABS, 0x3b): return "ABS_MT_DISTANCE"
        case (EV_KEY, BTN_TOUCH): return "BTN_TOUCH"
        case (EV_KEY, BTN_TOOL_FINGER): return "BTN_TOOL_FINGER"
        case (EV_KEY, BTN_TOOL_PEN): return "BTN_TOOL_PEN"
        case (EV_KEY, 0x14d): return "BTN_TOOL_DOUBLETAP"
        case (EV_KEY, 0x14e): return "BTN_TOOL_TRIPLETAP"
        case (EV_KEY, 0x14f): return "BTN_TOOL_QUADTAP"
        case (EV_KEY, 0x148): return "BTN_TOOL_QUINTTAP"
        case (EV_MSC, 0x05): return "MSC_TIMESTAMP"
        default: return "\(code)"
        }
    }
}
