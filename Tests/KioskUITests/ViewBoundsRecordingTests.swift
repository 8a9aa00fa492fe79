import Foundation
import Geometry
import Gestures
import Recording
import Seating
import TestFixtures
import Testing
@testable import KioskUI

/// Real recordings replayed on a 60,000-seat stadium at 1920×1080 end with the stadium in view
/// (issue 24: before the bounded view, the 3M recording left the view at offset (−1125, 1109)
/// px with an empty screen). After the last touch (fingers still down when a recording stops
/// are lifted) and the settling, the rest rule holds and the stadium's on-screen box overlaps
/// the safe area by at least half of the smaller of the two areas.
@Suite struct ViewBoundsRecordingTests {
    /// The recordings' axes carry no resolution: the panel is taken at 96 dpi, as
    /// `tribune-headless replay` assumes for them.
    static let pixelsPerMillimetre = 96 / 25.4

    static let recordings = [
        "evemu/evemu-data/3m.event",
        "evemu/evemu-devices/tablets/Wacom ISDv4 E6 Finger.double-center-scroll.events",
        "evemu/evemu-devices/tablets/Wacom ISDv4 E6 Finger.double-center-circle.events",
    ]

    @Test(arguments: recordings) func aRecordingEndsWithTheStadiumInView(_ relative: String) throws {
        let size = Size(width: 1920, height: 1080)
        let recording = try RecordingReader.read(path: try Recordings.path(relative))
        let mapping = DisplayMapping(size: size)
        let perMM = recording.device.panelSize.flatMap { mapping.pixelsPerMillimetre(panelSize: $0) } ?? Self.pixelsPerMillimetre
        var frames = try recording.touchFrames(mapping: mapping)
        #expect(frames.count > 50)
        // The 3M recording stops with two fingers on the glass: they lift 1/60 s later where
        // they were, so the view can come to rest.
        if let last = frames.last {
            let down = last.touches.filter { $0.phase != .ended && $0.phase != .cancelled }
            if !down.isEmpty {
                frames.append(TouchFrame(timestamp: last.timestamp + 1.0 / 60, touches: down.map { .init(id: $0.id, location: $0.location, phase: .ended) }))
            }
        }
        let replay = ViewBounds.replay(venue: ViewBounds.bigVenue, size: size, pixelsPerMillimetre: perMM)
        let settled = ViewBounds.play(frames, through: replay)
        #expect(settled, "still moving 10 s after the recording's last frame")

        let session = replay.session
        let safe = session.layout.safeArea
        let box = ViewBounds.stadiumBox(session)
        let view = session.interaction.presentedView
        let overlap = box.intersection(safe)
        let shared = overlap.width > 0 && overlap.height > 0 ? overlap.width * overlap.height : 0
        let smaller = min(box.width * box.height, safe.width * safe.height)
        print(String(format: "ViewBounds %@: %d touch frames; ends at offset (%.0f, %.0f) px, zoom %.2f, rotation %.1f°; stadium %@ × %@ px, overlap %.1f %% of the smaller area",
                     (relative as NSString).lastPathComponent, frames.count, view.effectiveOffset.dx, view.effectiveOffset.dy,
                     view.effectiveZoom, view.effectiveRotation * 180 / .pi, ViewBounds.span(box.minX, box.maxX),
                     ViewBounds.span(box.minY, box.maxY), 100 * shared / smaller))
        #expect(ViewBounds.restViolation(box, safe: safe) == nil, "\(ViewBounds.restViolation(box, safe: safe) ?? "")")
        #expect(shared >= 0.5 * smaller, "the stadium \(box) overlaps the safe area \(safe) by \(shared) px² of \(smaller)")
    }
}
