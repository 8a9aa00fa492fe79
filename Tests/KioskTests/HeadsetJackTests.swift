import Evdev
import Foundation
import Testing
import TouchInput
@testable import Kiosk

/// The headset key: `accessibility.headset_switch` opens nothing when off, refuses a node it
/// cannot use by key, finds nothing (and no error) automatically where no jack exists, and —
/// where /dev/uinput is usable (root with the module, as in the VM) — reads a jack made with
/// uinput that reports `EV_SW SW_HEADPHONE_INSERT` as a sound card's jack does.
@Suite struct HeadsetJackTests {
    @Test func offOpensNothing() throws {
        #expect(try HeadsetJack.open(.off).isEmpty)
    }

    @Test func aNodeThatCannotBeOpenedIsAConfigurationErrorNamingTheKey() {
        do throws(ConfigurationError) {
            _ = try HeadsetJack.open(.device("/dev/input/event987"))
            Issue.record("a missing node was accepted")
        } catch {
            #expect(error.key == "accessibility.headset_switch")
            #expect(error.reason.contains("/dev/input/event987"))
        }
    }

    @Test func automaticFindsOnlyHeadphoneSwitches() throws {
        // Whatever this machine has: every jack found reports the switch.
        for jack in try HeadsetJack.open(.automatic) {
            #expect(jack.node.switchesOn() != nil, "\(jack.path)")
        }
    }

    @Test func aUinputJackReportsPlugsAndUnplugs() throws {
        let description = InputDevice(name: "Tribune test headset jack", id: .init(bustype: 0x10, vendor: 0x1234, product: 0x5678, version: 1),
                                      codes: [EvdevCode.EV_SW: [HeadsetJack.headphoneInsert]])
        let uinput: UinputDevice
        do { uinput = try UinputDevice(copying: description) } catch {
            // No /dev/uinput (containers) or no permission: the VM test (make test-vm-run) covers it.
            #expect("\(error)".contains("/dev/uinput"))
            return
        }
        defer { uinput.destroy() }
        var node: String?
        for _ in 0..<100 { node = uinput.eventNode; if node != nil { break }; usleep(10_000) }
        let path = try #require(node)
        var opened: [HeadsetJack] = []
        for _ in 0..<100 { if let j = try? HeadsetJack.open(.device(path)) { opened = j; break }; usleep(20_000) }
        let jack = try #require(opened.first)
        #expect(jack.name == description.name && jack.isPlugged == false)
        let syn = InputEvent(time: 0, type: 0, code: 0, value: 0)
        try uinput.write([InputEvent(time: 0, type: EvdevCode.EV_SW, code: HeadsetJack.headphoneInsert, value: 1), syn])
        try uinput.write([InputEvent(time: 0, type: EvdevCode.EV_SW, code: HeadsetJack.headphoneInsert, value: 0), syn])
        var changes: [Bool] = []
        for _ in 0..<100 where changes.count < 2 { changes += try jack.changes(); usleep(10_000) }
        #expect(changes == [true, false])
    }
}
