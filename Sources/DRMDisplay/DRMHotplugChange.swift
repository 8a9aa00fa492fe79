/// What a hotplug event meant for the presenter's output (`DRMPresenter.refreshAfterHotplug`).
public enum DRMHotplugChange: String, Sendable, Hashable {
    /// The connector and its mode are as they were (another connector changed, or nothing did).
    case none
    /// The connector went away: nothing is presented until it comes back.
    case disconnected
    /// The connector came back with the same mode: the mode is set again and everything repainted.
    case reconnected
    /// The mode changed (maybe on coming back): new buffers and a new `shadow` of the new size;
    /// the caller renders its whole picture again at that size.
    case modeChanged
}
