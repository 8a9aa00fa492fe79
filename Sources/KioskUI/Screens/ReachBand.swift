/// The part of the screen a visitor in a wheelchair or of short stature can reach: from 15 to
/// 48 inches (381–1219.2 mm) above the floor (ADA 308, US Section 508's reach ranges), from how
/// high the panel is mounted and its density. Low reach lays every control out inside it.
public struct ReachBand: Hashable, Sendable {
    /// The lowest and highest reachable heights above the floor, mm: 15 and 48 inches exactly
    /// (1219 mm would put the band's top 0.2 mm above 48 in).
    public static let lowestReach = 15 * 25.4
    public static let highestReach = 48 * 25.4
    /// The least band, mm on the panel, that holds the header, the bar and a strip of chart.
    public static let leastHeight = 60.0

    /// The band's top and bottom edges on screen, px from the screen's top (top < bottom).
    public let top: Double
    public let bottom: Double
    /// Whether the band covers the whole screen (low reach then moves nothing).
    public let coversScreen: Bool

    public var height: Double { bottom - top }

    /// Why a mounting cannot give a band.
    public struct Error: Swift.Error, Hashable, Sendable, CustomStringConvertible {
        /// The mounting height given, mm.
        public let mountBottom: Double
        public let reason: String
        public var description: String { "display.mount_bottom_mm = \(mountBottom): \(reason)" }
    }

    /// - Parameters:
    ///   - mountBottom: the active area's bottom edge above the floor, mm.
    ///   - screenHeight: the logical screen's height, px.
    ///   - pixelsPerMillimetre: the panel's density, px/mm (the physical size).
    public init(mountBottom: Double, screenHeight: Double, pixelsPerMillimetre: Double) throws(Error) {
        guard mountBottom.isFinite, mountBottom >= 0, mountBottom < 3000 else {
            throw Error(mountBottom: mountBottom, reason: "expected a height above the floor from 0 to 3000 mm")
        }
        guard pixelsPerMillimetre.isFinite, pixelsPerMillimetre > 0, screenHeight > 0 else {
            throw Error(mountBottom: mountBottom, reason: "the panel's physical size is unknown (set touch.width_mm and touch.height_mm)")
        }
        let panelTop = mountBottom + screenHeight / pixelsPerMillimetre
        // Screen y of a height above the floor: 0 at the panel's top edge, growing downwards.
        func y(_ heightAboveFloor: Double) -> Double { (panelTop - heightAboveFloor) * pixelsPerMillimetre }
        top = max(0, y(Self.highestReach))
        bottom = min(screenHeight, y(Self.lowestReach))
        guard (bottom - top) / pixelsPerMillimetre >= Self.leastHeight else {
            let mm = Int(screenHeight / pixelsPerMillimetre)
            throw Error(mountBottom: mountBottom, reason: "a \(mm) mm tall panel mounted there has less than "
                + "\(Int(Self.leastHeight)) mm between \(Int(Self.lowestReach)) and \(Int(Self.highestReach)) mm above the floor")
        }
        coversScreen = top <= 0 && bottom >= screenHeight
    }
}
