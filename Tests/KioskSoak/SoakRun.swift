import BoxOfficeClient
import Foundation
import Geometry
import Gestures
import Headless
import Recording
import TestFixtures
@testable import KioskUI

/// The soak: one kiosk (`SoakKiosk`) selling through the fault proxy to a real
/// `tribune-boxoffice serve`, visitor after visitor, with faults on a fixed schedule; gauges
/// sampled between visitors; at the end the journal checked against the box office's database.
final class SoakRun {
    struct Options {
        var visitors = 40
        var minimumFrames = 0
        var width = 800, height = 480
        var seed: UInt64 = 26
        /// Virtual seconds between box-office restarts (at a visitor's start).
        var restartEvery = 180.0
        /// Resident growth allowed after warm-up, bytes.
        var memoryAllowance = 2 << 20
        var boxOfficeExecutable = ""
        var directory = ""
    }

    let options: Options
    let boxOffice: SoakBoxOffice
    let proxy: FaultProxy
    let kiosk: SoakKiosk
    let journalDirectory: String
    let recordings: [[TouchFrame]]
    var report = SoakReport()
    private var lastRestart: Double
    private var restartsByKill = false
    /// Confirms pressed so far.
    private var confirms = 0
    /// The file-size limit to give back while the journal's disk is "full".
    private var diskLimitSaved: rlimit?
    private var diskFullEngaged: Bool { diskLimitSaved != nil }

    init(_ options: Options) async throws {
        self.options = options
        try FileManager.default.createDirectory(atPath: options.directory, withIntermediateDirectories: true)
        boxOffice = try await SoakBoxOffice(executable: options.boxOfficeExecutable, directory: options.directory, venue: DemoSession.venue())
        proxy = try FaultProxy(upstreamPort: boxOffice.port)
        proxy.start()
        journalDirectory = options.directory + "/journal"
        kiosk = try SoakKiosk(boxOfficeURL: "http://127.0.0.1:\(proxy.port)", tokenFile: boxOffice.kioskTokenFile,
                              journalDirectory: journalDirectory, width: options.width, height: options.height)
        recordings = Self.loadRecordings(size: Size(width: Double(options.width), height: Double(options.height)))
        lastRestart = kiosk.now
    }

    /// The committed evemu recordings that make touch frames on this screen, at most 8 s of each.
    static func loadRecordings(size: Size) -> [[TouchFrame]] {
        guard let files = try? Recordings.files().recordings else { return [] }
        var out: [[TouchFrame]] = []
        for path in files {
            guard let recording = try? RecordingReader.read(path: path),
                  let frames = try? recording.touchFrames(mapping: DisplayMapping(size: size)),
                  let first = frames.first?.timestamp, frames.count >= 10 else { continue }
            out.append(frames.filter { $0.timestamp - first <= 8 })
        }
        return out
    }

    func run() throws {
        var random = SeededGenerator(seed: options.seed)
        let warmup = max(5, options.visitors / 10)
        let sampleEvery = max(1, options.visitors / 50)   // 50 points on the memory curve
        var number = 0
        // Until both the visitors and the frames asked for are there.
        while number < options.visitors || kiosk.frames < options.minimumFrames {
            number += 1
            try disturbAtStart(number)
            let kind = Self.kind(for: Double.random(in: 0..<1, using: &random))
            let visitor = SoakVisitor(kind: kind, number: number)
            let outcome = try visitor.visit(kiosk, recordings: recordings, random: &random, disturb: disturbances(number))
            report.count(outcome, visitor: number)
            if number == warmup || number % sampleEvery == 0 {
                report.sample(visitors: number, frames: kiosk.frames, virtualSeconds: kiosk.now - report.startTime(kiosk.now),
                              gauge: ProcessGauge.now(), caches: caches, warmup: number <= warmup)
            }
        }
        report.sample(visitors: number, frames: kiosk.frames, virtualSeconds: kiosk.now - report.startTime(kiosk.now),
                      gauge: ProcessGauge.now(), caches: caches, warmup: false)
        report.frames = kiosk.frames
        report.touchFrames = kiosk.touch.delivered
        // Whatever the bridge still has out comes back before the books are closed.
        try kiosk.wait(limit: 60) { self.proxy.armedCount == 0 && self.kiosk.session.phase != .outOfService }
        try kiosk.away(10)
        report.faults = proxy.injectedCounts
        report.restarts = boxOffice.restarts
        try checkBooks()
    }

    /// The kiosk's text caches' sizes.
    var caches: SoakReport.Caches {
        guard let renderer = kiosk.session.text.renderer else { return .init() }
        return .init(glyphBytes: renderer.glyphCache.usedBytes, glyphs: renderer.glyphCache.count, layouts: renderer.cachedLayouts)
    }

    static func kind(for x: Double) -> SoakVisitor.Kind {
        switch x {
        case ..<0.40: .buyer
        case ..<0.55: .cartEditor
        case ..<0.75: .abandoner
        case ..<0.85: .browser
        default: .recording
        }
    }

    /// Restarts every `restartEvery` virtual seconds (SIGTERM and SIGKILL in turn); a burst of
    /// 503s at every 11th visitor's arrival.
    private func disturbAtStart(_ number: Int) throws {
        if kiosk.now - lastRestart >= options.restartEvery {
            try restartBoxOffice()
        }
        if number % 11 == 3 { proxy.arm(.unavailable, count: 6) }
    }

    private func restartBoxOffice() throws {
        guard !diskFullEngaged else { return }   // the child would inherit the file-size limit
        restartsByKill.toggle()
        try boxOffice.restart(kill: restartsByKill)
        proxy.retarget(boxOffice.port)
        lastRestart = kiosk.now
    }

    /// Around a buyer's Confirm, by the buyer's ordinal k: 2 s latency (k % 7 == 1), a dropped
    /// answer (k % 5 == 2), a full disk for the journal (k % 13 == 4), the box office killed
    /// while the order is out (k % 11 == 9).
    private func disturbances(_ number: Int) -> SoakVisitor.Disturbances {
        var d = SoakVisitor.Disturbances()
        d.beforeConfirm = { [self] in
            confirms += 1
            if confirms % 7 == 1 { proxy.arm(.slow, count: 2) }
            if confirms % 5 == 2 { proxy.arm(.dropped) }
            if confirms % 13 == 4 { diskLimitSaved = JournalDiskLimit.engage(); report.diskFull += 1 }
        }
        d.afterConfirm = { [self] in
            if confirms % 11 == 9 && !diskFullEngaged { try restartBoxOffice(); report.restartsMidPurchase += 1 }
        }
        d.afterOutcome = { [self] in
            if let saved = diskLimitSaved { JournalDiskLimit.release(saved); diskLimitSaved = nil }
        }
        return d
    }

    /// Every order the journal holds as confirmed is in the box office exactly once, under its
    /// own reference; no seat has two live tickets; every sold seat has its ticket.
    private func checkBooks() throws {
        if let saved = diskLimitSaved { JournalDiskLimit.release(saved); diskLimitSaved = nil }
        let journal = try PurchaseJournal(directory: journalDirectory)
        let entries = try journal.entries()
        boxOffice.stop()
        let ledger = try boxOffice.ledger()
        report.boxOfficeOrders = ledger.orders.count
        report.tickets = ledger.tickets
        report.journal = [:]
        for e in entries { report.journal["\(e.state)", default: 0] += 1 }
        let refs = Dictionary(entries.map { ($0.clientOrderRef, $0) }, uniquingKeysWith: { a, _ in a })
        for e in entries where e.state == .confirmed {
            guard let id = e.orderID, let order = ledger.orders[id] else {
                report.fail("journal order \(e.orderID ?? "(no id)") (ref \(e.clientOrderRef)) confirmed but not in the box office"); continue
            }
            if order.count != 1 { report.fail("order \(id) is in the box office \(order.count) times") }
            if order.ref != e.clientOrderRef { report.fail("order \(id): box office ref \(order.ref), journal ref \(e.clientOrderRef)") }
        }
        for (id, order) in ledger.orders {
            switch refs[order.ref]?.state {
            case .confirmed?: break
            case nil: report.fail("box office order \(id) (ref \(order.ref)) is not in the kiosk's journal")
            case let state?: report.unconfirmedSold.append("\(id) journaled \(state)")
            }
        }
        if ledger.soldTwice > 0 { report.fail("\(ledger.soldTwice) seats have more than one live ticket") }
        if ledger.tickets != ledger.soldSeats { report.fail("\(ledger.tickets) live tickets but \(ledger.soldSeats) seats sold") }
    }
}
