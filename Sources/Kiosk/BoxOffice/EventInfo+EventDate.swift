import BoxOfficeClient
import KioskUI

extension EventInfo {
    /// The event's start as the header shows it: the box office's `starts_at` as wall-clock
    /// time at the venue (its UTC offset dropped: the kiosk stands there); nil without one.
    public var eventDate: EventDate? {
        startsAt.flatMap { EventDate(year: $0.year, month: $0.month, day: $0.day, hour: $0.hour, minute: $0.minute) }
    }
}
