import Geometry
import Raster
import Seating

/// The retained chart scene: the venue's field, tribunes and seats in flat arrays, plus what
/// every seat and tribune looks like now (its paint), so a change can say exactly which seats
/// and tribunes it touched.
///
/// `sync` compares a `SeatingChart` with the scene and returns the change. It rescans every
/// seat's availability only when that can have changed — a new availability revision or local
/// edit (`EventAvailability.localEdits`), a different selected tribune or seat set, a hold
/// expiring at `now`, `showsAllSeats` switched — or when `invalidateSeats()` said so.
final class ChartScene {
    /// Seat paints: indices into the seat palette (`MapStyle`'s five statuses, a free seat's
    /// by its category); `hidden` is not drawn.
    enum Paint {
        static let selected: UInt8 = 0
        static let held: UInt8 = 1
        static let sold: UInt8 = 2
        static let blocked: UInt8 = 3
        static let hidden: UInt8 = 4
        /// Free seats: `freeBase + category`, categories past `freeCategories − 1` sharing the last.
        static let freeBase: UInt8 = 5
        static let freeCategories = 16
        static let count = Int(freeBase) + freeCategories

        @inline(__always) static func free(_ category: UInt16) -> UInt8 {
            freeBase &+ UInt8(truncatingIfNeeded: Swift.min(Int(category), freeCategories - 1))
        }

        /// The status a paint shows (nil: hidden).
        static func status(_ p: UInt8) -> SeatLook.Status? {
            switch p {
            case selected: .selected
            case held: .held
            case sold: .sold
            case blocked: .blocked
            case hidden: nil
            default: .free(category: Int(p - freeBase))
            }
        }
    }

    /// What a `sync` changed.
    struct Change {
        /// Everything must be redrawn (first sync, style or mode switch).
        var all = false
        /// Seats whose paint or opacity changed (index order).
        var seats: [Int] = []
        /// Tribunes whose fill changed.
        var tribunes: [Int] = []
        var isEmpty: Bool { !all && seats.isEmpty && tribunes.isEmpty }
    }

    let venue: Venue
    let seatCount: Int
    /// Seat geometry, struct of arrays (chart units, radians).
    let centerX: [Double], centerY: [Double], rotation: [Double], side: [Double]
    let seatTribune: [UInt32]
    let seatCategory: [UInt16]
    /// The rect (chart units) holding every seat whole: centres ± half the largest seat's
    /// diagonal (nil: no seats, or a coordinate that is not finite).
    let seatExtent: Rect?
    /// Current paint per seat.
    private(set) var paint: [UInt8]
    /// Opacity of every drawn seat (the reveal fade when only the selected tribune shows).
    private(set) var seatOpacity = 1.0
    private(set) var selectedTribune: Int?
    private(set) var showsAllSeats = true

    private var synced = false
    private var revision = -1
    private var localEdits = -1
    private var selection: [Int] = []
    private var nextExpiry = Double.infinity
    private var forceRescan = true

    init(venue: Venue) {
        self.venue = venue
        seatCount = venue.seats.count
        centerX = venue.seats.map { $0.center.x }
        centerY = venue.seats.map { $0.center.y }
        rotation = venue.seats.map { $0.rotation }
        side = venue.seats.map { $0.size }
        seatTribune = venue.seats.map { $0.tribune }
        seatCategory = venue.seats.map { $0.category }
        seatExtent = Self.extent(centerX: centerX, centerY: centerY, side: side)
        paint = [UInt8](repeating: Paint.hidden, count: venue.seats.count)
    }

    private static func extent(centerX: [Double], centerY: [Double], side: [Double]) -> Rect? {
        guard let x0 = centerX.min(), let x1 = centerX.max(), let y0 = centerY.min(), let y1 = centerY.max(),
              let s = side.max(), x0.isFinite, x1.isFinite, y0.isFinite, y1.isFinite, s.isFinite else { return nil }
        let r = s * 0.5.squareRoot()  // half the diagonal: any rotation stays inside
        return Rect(x: x0 - r, y: y0 - r, width: x1 - x0 + 2 * r, height: y1 - y0 + 2 * r)
    }

    /// The next `sync` rescans every seat's availability.
    func invalidateSeats() { forceRescan = true }

    /// Brings the scene up to `chart` at time `now` (s) and returns what changed.
    func sync(_ chart: SeatingChart, now: Double, seatReveal: Double, showsAllSeats all: Bool) -> Change {
        var change = Change()
        let reveal = seatReveal.isFinite ? Swift.min(Swift.max(seatReveal, 0), 1) : 1
        let selected = chart.selectedTribune.flatMap { venue.tribunes.indices.contains($0) ? $0 : nil }
        let opacity = all ? 1.0 : reveal
        if !synced || all != showsAllSeats {
            change.all = true
        }
        if selected != selectedTribune {
            for t in [selectedTribune, selected] { if let t { change.tribunes.append(t) } }
        }
        let tribuneSwitch = selected != selectedTribune
        let rescan = !synced || forceRescan || all != showsAllSeats || chart.availability.revision != revision
            || chart.availability.localEdits != localEdits
            || now >= nextExpiry || (tribuneSwitch && !all)
        let opacityChanged = opacity != seatOpacity
        showsAllSeats = all
        selectedTribune = selected
        seatOpacity = opacity

        if rescan {
            var fresh = [UInt8](repeating: Paint.hidden, count: seatCount)
            nextExpiry = .infinity
            basePaints(chart.availability, now: now, into: &fresh)
            for s in chart.selection.seats where s >= 0 && s < seatCount && fresh[s] != Paint.hidden {
                fresh[s] = Paint.selected
            }
            if !change.all {
                var changed: [Int] = []
                for i in 0..<seatCount where fresh[i] != paint[i] || (opacityChanged && fresh[i] != Paint.hidden) {
                    changed.append(i)
                }
                if changed.count > seatCount / 4 { change.all = true } else { change.seats = changed }
            }
            paint = fresh
        } else {
            // Only the selection (and the reveal fade) can have changed.
            var touched = Set<Int>()
            if chart.selection.seats != selection {
                for s in selection where s >= 0 && s < seatCount { touched.insert(s) }
                for s in chart.selection.seats where s >= 0 && s < seatCount { touched.insert(s) }
            }
            let selectedNow = Set(chart.selection.seats)
            for s in touched.sorted() {
                var p = basePaint(s, chart.availability, now: now)
                if p != Paint.hidden && selectedNow.contains(s) { p = Paint.selected }
                if p != paint[s] { paint[s] = p; change.seats.append(s) }
            }
            if opacityChanged && !change.all {
                var changed = Set(change.seats)
                if let t = selected {
                    for i in venue.tribunes[t].seats where paint[i] != Paint.hidden { changed.insert(i) }
                } else {
                    for i in 0..<seatCount where paint[i] != Paint.hidden { changed.insert(i) }
                }
                change.seats = changed.sorted()
            }
        }
        selection = chart.selection.seats
        revision = chart.availability.revision
        localEdits = chart.availability.localEdits
        synced = true
        forceRescan = false
        return change
    }

    /// `basePaint` of every seat, from the availability's status codes in one pass.
    private func basePaints(_ availability: EventAvailability, now: Double, into fresh: inout [UInt8]) {
        let codes = availability.statusCodes
        let shown = showsAllSeats ? -1 : (seatOpacity > 0 ? selectedTribune ?? -2 : -2)
        var expiry = nextExpiry
        fresh.withUnsafeMutableBufferPointer { out in
        codes.withUnsafeBufferPointer { code in
        seatTribune.withUnsafeBufferPointer { tribune in
        seatCategory.withUnsafeBufferPointer { category in
            let known = Swift.min(out.count, code.count)
            for i in 0..<out.count {
                if shown != -1 && Int(tribune[i]) != shown { out[i] = Paint.hidden; continue }
                out[i] = i < known
                    ? ChartScene.paint(code: code[i], seat: i, category: category[i], availability, now: now, expiry: &expiry)
                    : Paint.free(category[i])
            }
        }}}}
        nextExpiry = expiry
    }

    /// The paint of seat `i` whose status code is `code`; a hold still running at `now` lowers
    /// `expiry` to its end.
    @inline(__always)
    private static func paint(code: UInt8, seat i: Int, category: UInt16, _ availability: EventAvailability, now: Double,
                              expiry: inout Double) -> UInt8 {
        switch code {
        case EventAvailability.StatusCode.available: return Paint.free(category)
        case EventAvailability.StatusCode.held:
            let until = availability.holdExpiry(i) ?? -Double.infinity
            if until <= now { return Paint.free(category) }
            if until < expiry { expiry = until }
            return Paint.held
        case EventAvailability.StatusCode.sold: return Paint.sold
        default: return Paint.blocked
        }
    }

    /// The paint from availability alone (hidden when the seat's tribune is not shown).
    private func basePaint(_ i: Int, _ availability: EventAvailability, now: Double) -> UInt8 {
        if !showsAllSeats {
            guard let t = selectedTribune, seatTribune[i] == UInt32(t), seatOpacity > 0 else { return Paint.hidden }
        }
        guard i < availability.seatCount else { return Paint.free(seatCategory[i]) }
        return ChartScene.paint(code: availability.statusCodes[i], seat: i, category: seatCategory[i], availability, now: now,
                                expiry: &nextExpiry)
    }
}
