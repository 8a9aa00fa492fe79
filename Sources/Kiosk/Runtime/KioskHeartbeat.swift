import Foundation
import JSON

/// What a kiosk tells its box office every `box_office.heartbeat_interval` seconds
/// (`POST /v1/kiosks/heartbeat`; the token says which kiosk): whether it sells, and whether its
/// display and touchscreen are there. `tribune-boxoffice kiosks` judges the fleet from these.
struct KioskHeartbeat: Equatable, Sendable {
    enum State: String, Sendable {
        case inService = "in_service"
        case outOfService = "out_of_service"
        case standalone
    }

    var state: State
    /// The out-of-service code the screen shows (`BO-NET`, `BO-JOURNAL`), with `.outOfService`.
    var code: String?
    /// The display is connected; a touchscreen was opened.
    var display: Bool
    var touch: Bool
    /// Seconds to the next heartbeat, at least 1.
    var intervalSeconds: Int

    /// The request body.
    var json: Data {
        var text = "{\"state\": \(JSONWriter.quoted(state.rawValue)), "
        if let code { text += "\"code\": \(JSONWriter.quoted(code)), " }
        text += "\"display\": \(display), \"touch\": \(touch), \"interval_seconds\": \(intervalSeconds)}"
        return Data(text.utf8)
    }
}
