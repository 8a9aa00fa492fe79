import Testing
@testable import DRMDisplay

/// The VT calls fail with errors naming the call and the node when the node is not a terminal
/// (the VM test covers the real VT: graphics while running, text after exit).
@Suite struct DRMConsoleTests {
    @Test func nonTerminalIsRejectedWithTheCallNamed() {
        #expect {
            _ = try DRMConsole(path: "/dev/null")
        } throws: { error in
            guard let e = error as? DRMError else { return false }
            return e.call == "KDGETMODE" && e.path == "/dev/null"
        }
        #expect(throws: DRMError.self) { _ = try DRMConsole.displayMode(of: "/dev/null") }
        #expect(throws: DRMError.self) { _ = try DRMConsole.displayMode(of: "/nonexistent/tty7") }
    }

    @Test func hotplugMonitorOpensOrFailsCleanly() {
        // Containers may lack netlink for udev; either way there is no crash and the fd is valid.
        if let m = try? DRMHotplugMonitor() {
            #expect(m.fileDescriptor >= 0)
            #expect(m.readEvents() == false)   // nothing queued right after opening
        }
    }
}
