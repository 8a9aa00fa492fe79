import BoxOfficeClient

extension RunningKiosk {
    /// The event arrived after start (the box office was out of reach then): the session takes
    /// its name, date and prices through the same settings path as at start, keeping the
    /// visitor's screen and seats, and the next frame is drawn whole.
    func adoptLateEvent(_ event: EventInfo) {
        self.event = event
        let c = Self.sessionConfiguration(configuration, display: display, event: event, venue: venue,
                                          touchPanel: touch?.physicalSize)
        session.adoptEventDetails(from: c)
        pacer.repaint()
    }
}
