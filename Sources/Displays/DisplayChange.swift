/// What events on a display's descriptors meant for its output (`Display.handleEvents(on:)`),
/// e.g. a DRM connector plugged or unplugged (`DRMPresenter.refreshAfterHotplug`).
public enum DisplayChange: String, Sendable, Hashable {
    /// The output and its mode are as they were (another connector changed, or nothing did).
    case none
    /// The output went away: nothing is presented until it comes back.
    case disconnected
    /// The output came back with the same mode: the mode is set again and everything repainted.
    case reconnected
    /// The mode changed (maybe on coming back): a new `surface` of the new size; the caller
    /// renders its whole picture again at that size.
    case modeChanged
}
