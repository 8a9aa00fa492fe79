#if canImport(Glibc)
import Evdev
import Glibc
import TouchInput
import Udev

/// A headset jack's switch, read from its evdev node: the kernel reports a plug as `EV_SW`
/// `SW_HEADPHONE_INSERT` (value 1 in, 0 out) on the sound card's jack input device. libinput
/// does not pass it on (its switch events are the lid, tablet mode and keypad slide only), so the
/// node is read here, on the kiosk's loop (`descriptor`, non-blocking).
final class HeadsetJack {
    /// `SW_HEADPHONE_INSERT` (linux/input-event-codes.h).
    static let headphoneInsert: UInt16 = 0x02

    let node: EvdevDeviceNode
    /// The device's name (e.g. "HDA Intel PCH Headphone").
    let name: String

    var path: String { node.path }
    var descriptor: Int32 { node.descriptor }

    /// Opens `path`; nil when the device reports no `SW_HEADPHONE_INSERT`. Throws when it
    /// cannot be opened or described.
    init?(path: String) throws(EvdevError) {
        node = try EvdevDeviceNode(path: path)
        let description = try node.describe()
        guard description.supports(type: EvdevCode.EV_SW, code: Self.headphoneInsert) else { return nil }
        name = description.name
    }

    /// The jacks the configuration names: every switch device udev knows with a headphone switch
    /// (`.automatic`; none is fine, most panels have no jack), the one node (`.device`: a
    /// configuration error naming `accessibility.headset_switch` when it cannot be used), or none.
    static func open(_ setting: KioskConfiguration.HeadsetSwitch) throws(ConfigurationError) -> [HeadsetJack] {
        switch setting {
        case .off:
            return []
        case .device(let path):
            let jack: HeadsetJack?
            do { jack = try HeadsetJack(path: path) } catch {
                throw ConfigurationError(source: "configuration", key: "accessibility.headset_switch", reason: "\(error)")
            }
            guard let jack else {
                throw ConfigurationError(source: "configuration", key: "accessibility.headset_switch",
                                         reason: "\(path) reports no SW_HEADPHONE_INSERT switch")
            }
            return [jack]
        case .automatic:
            guard let udev = try? UdevContext() else { return [] }
            return udev.inputDevices(matchingProperty: "ID_INPUT_SWITCH", value: "1").compactMap { try? HeadsetJack(path: $0.deviceNode) }
        }
    }

    /// Whether a headset is plugged in now (EVIOCGSW); nil when the kernel does not say.
    var isPlugged: Bool? { node.switchesOn().map { $0.contains(Self.headphoneInsert) } }

    /// The plug changes waiting on the node (true: plugged in), oldest first.
    func changes() throws(EvdevError) -> [Bool] {
        try node.readEvents(timeout: 0)
            .filter { $0.type == EvdevCode.EV_SW && $0.code == Self.headphoneInsert }
            .map { $0.value != 0 }
    }
}
#endif
