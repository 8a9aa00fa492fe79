import Foundation
import Animation
import BoxOfficeClient
import Geometry
import KioskUI
import Raster
import Seating

extension KioskRuntime {
    /// Pixels per millimetre of glass, for gesture thresholds: the touchscreen's size as libinput
    /// reports it (axis resolution), else `touch.width_mm`/`height_mm`, else the connector's
    /// EDID size, else 96 dpi. Sizes are in the device's orientation, like the mode.
    static func pixelsPerMillimetre(_ configuration: KioskConfiguration, device: (Int, Int), touchPanel: Size?,
                                    edid: (width: Int, height: Int)?) -> Double {
        if let p = touchPanel, p.width > 0, p.width.isFinite { return Double(device.0) / p.width }
        if let w = configuration.touch.widthMM, w > 0 { return Double(device.0) / w }
        if let h = configuration.touch.heightMM, h > 0 { return Double(device.1) / h }
        if let e = edid, e.width > 0 { return Double(device.0) / Double(e.width) }
        return 96 / 25.4
    }

    /// The visitor screen's settings from the kiosk's: logical screen and device size in px.
    static func sessionConfiguration(_ configuration: KioskConfiguration, screen: (Int, Int), device: (Int, Int),
                                     event: EventInfo?, venue: Venue) -> KioskSession.Configuration {
        let ppmm = pixelsPerMillimetre(configuration, device: device, touchPanel: nil, edid: nil)
        var c = KioskSession.Configuration(screenSize: Size(width: Double(screen.0), height: Double(screen.1)), pixelsPerMillimetre: ppmm)
        c.eventName = configuration.eventName ?? event?.name ?? venue.name
        // The box office's start of the event first (its wall-clock time at the venue), else configuration.
        c.eventDate = event?.eventDate ?? configuration.eventDate
        c.boxOfficeConfigured = configuration.boxOfficeConfigured
        c.pollInterval = configuration.boxOfficeConfigured ? configuration.boxOffice.pollInterval : nil
        c.outOfServiceAfter = configuration.boxOffice.outOfServiceAfter
        if let event {
            c.currency = event.currency
            c.maxSeatsPerOrder = event.limits.maxSeatsPerOrder
            c.prices = event.pricesByCategory
        } else if !configuration.boxOfficeConfigured {
            c.takePrices(from: venue)   // standalone: the legend shows the venue file's prices
        }
        c.idleTimeout = configuration.idle.timeout
        c.idlePromptDuration = configuration.idle.prompt
        c.blankAfter = configuration.idle.blankAfter > 0 ? configuration.idle.blankAfter : nil
        c.wakeGuard = configuration.idle.wakeGuard
        c.receiptTimeout = configuration.idle.receipt > 0 ? configuration.idle.receipt : nil
        c.partySizeFirst = configuration.seating.partySizeFirst
        c.mountBottomMillimetres = configuration.display.mountBottomMM
        c.accessibility = configuration.accessibility.options
        c.useLanguages(configuration.language.loaded)
        return c
    }

    /// Low reach's band for the session's screen, checked: an impossible mounting (the panel
    /// above the reach range, or too little of it inside) is a configuration error naming
    /// `display.mount_bottom_mm`.
    static func checkReach(_ c: KioskSession.Configuration) throws(ConfigurationError) {
        guard let mount = c.mountBottomMillimetres else { return }
        do {
            _ = try ReachBand(mountBottom: mount, screenHeight: c.screenSize.height, pixelsPerMillimetre: c.pixelsPerMillimetre)
        } catch {
            throw ConfigurationError(source: "configuration", key: "display.mount_bottom_mm", reason: error.reason)
        }
    }

    /// What the kiosk shows `seconds` after start with no touch, rendered headless on a virtual
    /// clock: the same session, settings and size as on the display (`deviceWidth`×`deviceHeight`
    /// turned by `display.rotation`). Writes a PNG of the logical screen; returns its size.
    @discardableResult
    public static func preview(_ configuration: KioskConfiguration, deviceWidth: Int, deviceHeight: Int, at seconds: Double,
                               to path: String) throws -> (width: Int, height: Int) {
        guard let venuePath = configuration.venue else {
            throw ConfigurationError(source: "flags", key: "venue", reason: "a preview needs a venue file")
        }
        let venue = try VenueFile.read(path: venuePath)
        let rotation = DisplayRotation(degrees: configuration.display.rotation) ?? .degrees0
        let logical = rotation.logicalSize(deviceWidth: deviceWidth, deviceHeight: deviceHeight)
        let clock = VirtualClock(start: 1000)
        // The configured box office is asked for real (a journal of its own in a temporary
        // folder), so an unreachable one looks as it would: connecting, then out of service.
        let (boxOffice, event) = try previewBoxOffice(configuration)
        defer { if let boxOffice { try? FileManager.default.removeItem(atPath: boxOffice.stateDirectory) } }
        let c = sessionConfiguration(configuration, screen: (logical.width, logical.height), device: (deviceWidth, deviceHeight),
                                     event: event, venue: venue)
        let session = KioskSession(venue: venue, configuration: c, clock: clock)
        let surface = Surface(width: logical.width, height: logical.height)
        func perform() {
            guard let responder = boxOffice?.responder else { return }
            for r in session.takeRequests() { for a in responder.respond(to: r, now: clock.now) { session.receive(a) } }
        }
        // Frames at 60 Hz, as the display would pace them, so frame-dependent state matches.
        let end = clock.now + max(0, seconds)
        session.advance(to: clock.now)
        perform()
        _ = session.render(into: surface)
        while clock.now < end {
            clock.set(to: min(end, clock.now + 1.0 / 60))
            session.advance(to: clock.now)
            perform()
            if session.needsDisplay { _ = session.render(into: surface) }
        }
        _ = session.render(into: surface)
        try surface.writePNG(to: path, opaque: true)
        return logical
    }

    /// The preview's box office, if one is configured: a responder with its own journal in a
    /// temporary folder (never the kiosk's), trusting `box_office.ca_file` as `tribune run` does,
    /// and the event when it answered.
    static func previewBoxOffice(_ configuration: KioskConfiguration) throws
        -> (responder: (responder: HTTPBoxOfficeResponder, stateDirectory: String)?, event: EventInfo?) {
        guard let url = configuration.boxOffice.url else { return (nil, nil) }
        let settings = configuration.boxOffice
        let token: String
        do { token = try HTTPBoxOfficeResponder.readToken(path: settings.tokenFile ?? "") } catch {
            throw ConfigurationError(source: settings.tokenFile ?? "", key: "box_office.token_file", reason: "\(error)")
        }
        let trust = try settings.trust()
        let state = NSTemporaryDirectory() + "tribune-preview-" + UUID().uuidString.lowercased()
        let responder = try HTTPBoxOfficeResponder(baseURL: url, token: token, eventID: settings.eventID ?? "", stateDirectory: state,
                                                   requestTimeout: settings.requestTimeout, trust: trust)
        let performer = responder.performer
        let event = HTTPBoxOfficeResponder.wait { try? await performer.prepare() }
        return ((responder, state), event)
    }
}
