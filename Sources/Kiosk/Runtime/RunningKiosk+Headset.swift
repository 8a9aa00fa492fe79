import Logging

extension RunningKiosk {
    /// Opens the configured headset jacks (`accessibility.headset_switch`) and reads them on the
    /// loop: a headset plugged in turns on eyes-free mode (`KioskSession.headsetPlugged`), pulled
    /// out turns speech off. Only changes count: a headset left in at start changes nothing.
    func watchHeadsetJacks() throws {
        headsetJacks = try HeadsetJack.open(configuration.accessibility.headsetSwitch)
        for jack in headsetJacks {
            logger.info("headset jack", metadata: ["device": "\(jack.path)", "name": "\(jack.name)",
                                                  "plugged": "\(jack.isPlugged.map { "\($0)" } ?? "unknown")"])
            try loop.watch(jack.descriptor) { [unowned self] _ in self.headsetChanged(jack) }
        }
    }

    /// The jack's node is readable: each plug change goes to the session; a node that fails
    /// (the device went away) is logged once and no longer watched.
    func headsetChanged(_ jack: HeadsetJack) {
        do {
            for plugged in try jack.changes() {
                logger.info(plugged ? "headset plugged in" : "headset pulled out", metadata: ["device": "\(jack.path)"])
                session.headsetPlugged(plugged)
            }
        } catch {
            logger.error("headset jack: \(error); no longer read", metadata: ["device": "\(jack.path)"])
            loop.unwatch(jack.descriptor)
            headsetJacks.removeAll { $0 === jack }
        }
    }
}
