import BoxOfficeClient
import Logging
import Seating

/// The kiosk's connection to its box office as set up at start: the purchase client over the
/// token and journal from the configuration, the event (prices) if it loaded in time, and
/// whether unconfirmed purchases from before keep the kiosk out of service.
struct BoxOfficeLink {
    let client: PurchaseClient
    let eventID: String
    /// The event, or nil when the box office did not answer within the request timeout.
    let event: EventInfo?
    /// The out-of-service code to start with (unconfirmed purchases in the journal), if any.
    let serviceCode: String?

    /// Reads the token (and the CA file of an `https://` box office), opens the journal and asks
    /// for the event (waiting up to the request timeout plus a second). Throws
    /// `ConfigurationError` for a missing or empty token or a CA file that cannot be used.
    static func connect(url: String, settings: KioskConfiguration.BoxOffice, logger: Logger) throws -> BoxOfficeLink {
        let tokenPath = settings.tokenFile ?? ""
        let token: String
        switch KioskConfiguration.readFile(tokenPath) {
        case .success(let text): token = text.trimmingSpaces().split(separator: "\n").first.map(String.init) ?? ""
        case .failure(let e):
            throw ConfigurationError(source: tokenPath, key: "box_office.token_file", reason: "cannot read the token: \(e)")
        }
        guard !token.isEmpty else {
            throw ConfigurationError(source: tokenPath, key: "box_office.token_file", reason: "the file is empty")
        }
        let trust = try settings.trust()
        try? FileOutput.makeDirectory(settings.journalDirectory)
        let journal = try PurchaseJournal(directory: settings.journalDirectory)
        // Unconfirmed purchases from before: no visitor is served until they are reconciled.
        var serviceCode: String?
        let unconfirmed = (try? journal.entries(.pending).count) ?? 0
        if unconfirmed > 0 {
            serviceCode = BoxOfficeBridge.code(.resolvingJournal)
            logger.notice("unconfirmed purchases in the journal; out of service until reconciled", metadata: ["entries": "\(unconfirmed)"])
        }
        var clientConfiguration = PurchaseClient.Configuration(cacheDirectory: settings.journalDirectory)
        clientConfiguration.outOfServiceAfter = settings.outOfServiceAfter
        let client = PurchaseClient(connection: BoxOfficeConnection(baseURL: url, token: token, requestTimeout: settings.requestTimeout,
                                                                        trust: trust),
                                    journal: journal, configuration: clientConfiguration)
        let eventID = settings.eventID ?? ""
        let loaded = waitFor(timeout: settings.requestTimeout + 1) { () async -> Result<EventInfo, BoxOfficeError>? in
            do throws(BoxOfficeError) { return .success(try await client.loadEvent(eventID)) } catch { return .failure(error) }
        }
        let event = try? loaded?.get()
        if let event {
            logger.info("box office event", metadata: ["event": "\(event.name)", "categories": "\(event.categories.count)"])
        } else {
            // Why, for the operator: a refused certificate (BO-TLS) reads differently from a network that is down.
            let why = loaded.map { if case .failure(let e) = $0 { "\(e)" } else { "" } } ?? "no answer within \(settings.requestTimeout + 1) s"
            logger.warning("box office event not loaded yet; starting without prices", metadata: ["url": "\(url)", "reason": "\(why)"])
        }
        return BoxOfficeLink(client: client, eventID: eventID, event: event, serviceCode: serviceCode)
    }

    /// The venue layout from the box office, for kiosks without a venue file: waits up to
    /// three request timeouts and at least 15 s (the layout is the largest reply, and the
    /// client sends it again after a failure).
    static func venueWait(requestTimeout: Double) -> Double { max(15, 3 * requestTimeout) }

    /// The venue layout from the box office, for kiosks without a venue file (waits `venueWait` s).
    func venue(url: String, requestTimeout: Double) throws -> Venue {
        let client = client
        let wait = Self.venueWait(requestTimeout: requestTimeout)
        guard let v = waitFor(timeout: wait, { try? await client.venue() }) else {
            throw ConfigurationError(source: url, key: "venue",
                                     reason: "no venue file and the box office's layout could not be loaded within \(wait) s (set venue = … for offline starts)")
        }
        return v
    }
}
