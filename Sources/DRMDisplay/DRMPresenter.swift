import CDRM
import Displays
import Geometry
import Raster
#if canImport(Glibc)
import Glibc
#endif

/// Which KMS API drives the output.
public enum DRMModesetPath: String, Sendable, Hashable {
    /// Atomic when the driver accepts a test-only commit of the full state, else legacy.
    case automatic
    /// `drmModeAtomicCommit` with properties looked up by name (fails when unsupported).
    case atomic
    /// `drmModeSetCrtc` + `drmModePageFlip`.
    case legacy
}

/// Presents a shadow `Surface` on a DRM output through 2 or 3 dumb buffers. The renderer draws
/// into `shadow` (logical size: the mode turned by `rotation`); `present(damage:)` copies only
/// what each buffer lacks (damage per buffer age) into the back buffer and page-flips with an
/// event. Flip completions, read by `dispatchEvents()`/`waitForFlip(timeout:)`, pace frames.
public final class DRMPresenter {
    public let card: DRMCard
    public internal(set) var output: DRMOutput
    public let rotation: DisplayRotation
    /// The path in use after setup: `.atomic` or `.legacy`.
    public private(set) var path: DRMModesetPath
    /// The logical image; draw here. Ordinary cached memory, never scanned out. Replaced by a
    /// new surface of the new logical size when a hotplug brings a different mode
    /// (`refreshAfterHotplug` returns `.modeChanged`): fetch it again after that.
    public internal(set) var shadow: Surface
    public internal(set) var buffers: [DRMDumbBuffer]

    /// Frames handed to the kernel (page flips requested).
    public private(set) var framesPresented = 0
    /// Page-flip events received.
    public private(set) var flipsCompleted = 0
    /// Flips that did not complete within the timeout (the output is then set up again).
    public private(set) var flipTimeouts = 0
    /// Called with the device rects copied for each presented frame (`tribune present --report`
    /// keeps them); the presenter itself keeps nothing per frame.
    public var frameObserver: DisplayFrameObserver?
    /// The virtual terminal handed over with the output, when the owner gives it one: `suspend`
    /// and `resume` then answer its VT-switch requests, `restore` puts it back in text mode.
    public var console: DRMConsole?
    /// Follows connector hotplugs when set (`followHotplug(mode:)`): its descriptor is one of
    /// `eventDescriptors`, and the mode asked for again after a change.
    var hotplug: (monitor: DRMHotplugMonitor, mode: DRMModeRequest?)?
    public var flipTimeout: Double = 1.0
    /// When the pending flip was queued (monotonic s).
    private var pendingSince = 0.0

    /// While the output is blanked (`blank()`) or the VT is switched away (`suspend()`),
    /// `present` only records damage.
    public private(set) var isBlanked = false
    public private(set) var isSuspended = false
    /// True while the connector is unplugged (`refreshAfterHotplug`): presents only record damage.
    public internal(set) var isDisconnected = false
    /// Hotplug outcomes so far: connector lost, connector back, mode changed.
    public internal(set) var disconnects = 0, reconnects = 0, modeChanges = 0

    var tracker: DRMDamageTracker
    var front = 0
    var pending: Int?
    var needsModeset = true
    private var savedCRTC: (fb: UInt32, x: UInt32, y: UInt32, mode: drmModeModeInfo?)?
    var atomic: AtomicIDs?
    var modeBlob: UInt32 = 0
    var fd: Int32 { card.fileDescriptor.rawValue }

    /// Sets up buffers and the modeset path (nothing is shown until `start()`).
    /// - Parameters:
    ///   - rotation: applied while copying; compose the panel orientation in before passing it.
    ///   - bufferCount: 2 or 3.
    public init(card: DRMCard, output: DRMOutput, rotation: DisplayRotation = .degrees0,
                path requested: DRMModesetPath = .automatic, bufferCount: Int = 3) throws {
        self.card = card; self.output = output; self.rotation = rotation
        let w = output.mode.width, h = output.mode.height
        let logical = rotation.logicalSize(deviceWidth: w, deviceHeight: h)
        shadow = Surface(width: logical.width, height: logical.height)
        shadow.clear(.black)
        let n = max(2, min(3, bufferCount))
        var bs: [DRMDumbBuffer] = []
        for _ in 0..<n { bs.append(try DRMDumbBuffer(card: card, width: w, height: h)) }
        buffers = bs
        tracker = DRMDamageTracker(bufferCount: n, bounds: shadow.bounds)
        var monotonic: UInt64 = 0
        flipTimesAreMonotonic = drmGetCap(card.fileDescriptor.rawValue, UInt64(DRM_CAP_TIMESTAMP_MONOTONIC), &monotonic) == 0 && monotonic == 1
        path = .legacy
        if requested != .legacy {
            if let ids = try setUpAtomic() {
                atomic = ids; path = .atomic
            } else if requested == .atomic {
                throw DRMSelectionError("\(card.path) does not accept an atomic commit for \(output.connector.name)")
            }
        }
        if let c = drmModeGetCrtc(fd, output.crtcID) {
            savedCRTC = (c.pointee.buffer_id, c.pointee.x, c.pointee.y, c.pointee.mode_valid != 0 ? c.pointee.mode : nil)
            drmModeFreeCrtc(c)
        }
    }

    deinit {
        if modeBlob != 0 { drmModeDestroyPropertyBlob(fd, modeBlob) }
    }

    // MARK: Modesetting

    /// Copies the shadow into the front buffer and sets the mode showing it: the screen shows
    /// the shadow's current contents at once, without waiting for a flip.
    public func start() throws {
        fill(buffer: front)
        try modeset()
    }

    /// Copies what buffer `index` lacks from the shadow; returns the device rects written.
    @discardableResult
    func fill(buffer index: Int) -> [PixelRect] {
        let b = buffers[index]
        return tracker.take(buffer: index).map {
            shadow.copy($0, turnedBy: rotation, to: b.pixels, pitch: b.pitch,
                        deviceWidth: b.width, deviceHeight: b.height)
        }
    }

    func modeset() throws {
        if let atomic {
            try atomicCommit(modeset: true, fb: buffers[front].framebufferID, active: true, ids: atomic, event: false)
        } else {
            var conn = output.connector.id
            var mode = output.rawMode
            guard drmModeSetCrtc(fd, output.crtcID, buffers[front].framebufferID, 0, 0, &conn, 1, &mode) == 0 else {
                throw DRMError(call: "drmModeSetCrtc(\(output.mode))", path: card.path, errno: .current)
            }
        }
        needsModeset = false
    }

    // MARK: Presenting

    /// Copies damaged shadow rects (logical coordinates) into the back buffer and page-flips to it.
    /// Returns false (recording the damage for later) while blanked, suspended or when `damage`
    /// is empty and no buffer lacks anything: nothing is rendered when nothing changed.
    @discardableResult
    public func present(damage: [PixelRect]) throws -> Bool {
        tracker.add(damage)
        if isBlanked || isSuspended || isDisconnected { return false }
        if needsModeset { try modeset() }
        // The back buffer: neither scanned out nor waiting to be.
        var back = (0..<buffers.count).first { $0 != front && $0 != pending }
        if back == nil { _ = try waitForFlip(timeout: flipTimeout); back = (0..<buffers.count).first { $0 != front && $0 != pending } }
        guard let back else { return false }
        if tracker.damage(buffer: back).isEmpty { return false }
        let copied = fill(buffer: back)
        if pending != nil {
            if flipsQueuedWithoutWaiting > 0 {
                flipsQueuedWithoutWaiting -= 1   // fault injection: let the kernel answer EBUSY
            } else {
                _ = try waitForFlip(timeout: flipTimeout)
            }
        }
        if needsModeset { try modeset() }   // a flip timed out meanwhile
        try flip(to: back, damage: copied)
        frameObserver?(copied)
        framesPresented += 1
        return true
    }

    /// Page-flips to buffer `index`, telling the kernel which device rects changed (atomic
    /// `FB_DAMAGE_CLIPS`, legacy `drmModeDirtyFB`; best effort — drivers that scan out directly
    /// ignore it, virtual and SPI panels upload less).
    private func flip(to index: Int, damage: [PixelRect]) throws {
        let fbID = buffers[index].framebufferID
        var clipsBlob: UInt32 = 0
        defer { if clipsBlob != 0 { drmModeDestroyPropertyBlob(fd, clipsBlob) } }
        if let atomic, atomic.damageClips != 0, !damage.isEmpty {
            var rects = damage.map { drm_mode_rect(x1: Int32($0.minX), y1: Int32($0.minY), x2: Int32($0.maxX), y2: Int32($0.maxY)) }
            if drmModeCreatePropertyBlob(fd, &rects, MemoryLayout<drm_mode_rect>.stride * rects.count, &clipsBlob) != 0 {
                clipsBlob = 0
            }
        } else if atomic == nil, !damage.isEmpty {
            var clips = damage.map {
                drm_clip_rect(x1: UInt16(clamping: $0.minX), y1: UInt16(clamping: $0.minY),
                              x2: UInt16(clamping: $0.maxX), y2: UInt16(clamping: $0.maxY))
            }
            _ = drmModeDirtyFB(fd, fbID, &clips, UInt32(clips.count))   // -ENOSYS on many drivers: fine
        }
        for attempt in 0..<DRMPresenter.busyAttempts {
            do {
                if let atomic {
                    try atomicCommit(modeset: false, fb: fbID, active: true, ids: atomic, event: true,
                                     damageBlob: clipsBlob)
                } else {
                    let user = Unmanaged.passUnretained(self).toOpaque()
                    guard drmModePageFlip(fd, output.crtcID, fbID, UInt32(DRM_MODE_PAGE_FLIP_EVENT), user) == 0 else {
                        throw DRMError(call: "drmModePageFlip", path: card.path, errno: .current)
                    }
                }
                pending = index
                pendingSince = Self.monotonicNow()
                return
            } catch let e as DRMError where e.errno == .resourceBusy && attempt < DRMPresenter.busyAttempts - 1 {
                // A flip the kernel still holds: wait for its event, then try again. With none
                // pending here (one written off as lost while the kernel still finished it, as a
                // slow VM can make it look), give the kernel a frame.
                busyRetries += 1
                if pending != nil {
                    _ = try waitForFlip(timeout: flipTimeout)
                } else {
                    try waitForEvents(seconds: DRMPresenter.busyPause)
                }
                if pending == nil && needsModeset { try modeset() }
            }
        }
    }

    /// Tries a flip gets before EBUSY is passed on, and the pause between tries when no flip of
    /// ours is pending (about a frame at 60 Hz), s.
    static let busyAttempts = 4
    static let busyPause = 0.017

    /// Waits in `poll` up to `seconds` for events on the fd, dispatching those that come.
    private func waitForEvents(seconds: Double) throws {
        var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let r = poll(&pfd, 1, Int32(max(1, (seconds * 1000).rounded(.up))))
        if r < 0 && errno != EINTR { throw DRMError(call: "poll", path: card.path, errno: .current) }
        if r > 0 { try dispatchEvents() }
    }

    /// When the last flip completed, from its event (CLOCK_MONOTONIC s); nil when the kernel
    /// stamps its events with another clock (DRM_CAP_TIMESTAMP_MONOTONIC is not 1).
    public private(set) var lastFlipTime: Double?
    /// The kernel stamps page-flip events with CLOCK_MONOTONIC (DRM_CAP_TIMESTAMP_MONOTONIC).
    let flipTimesAreMonotonic: Bool

    /// Called from the page-flip handler with the event's time, s.
    fileprivate func flipCompleted(at time: Double) {
        flipsCompleted += 1
        if flipTimesAreMonotonic { lastFlipTime = time }
        if ignoredFlipEvents > 0 {
            ignoredFlipEvents -= 1   // as if the driver had lost the event: the flip stays pending
            return
        }
        if let p = pending { front = p }
        pending = nil
    }

    /// Fault injection for tests on a real kernel: this many page-flip events are dropped as a
    /// driver that loses them would, so the flip timeout and its recovery run for real.
    public var ignoredFlipEvents = 0

    /// Fault injection for tests on a real kernel: this many presents queue their flip while the
    /// previous one is still pending instead of waiting for its event first. The kernel then
    /// answers EBUSY, as it does to a client that races its own flips or to one sharing the CRTC.
    public var flipsQueuedWithoutWaiting = 0

    /// Flips the kernel refused with EBUSY, each retried after the pending flip completed (a
    /// frame later when none of ours is pending; up to `busyAttempts` tries in all).
    public private(set) var busyRetries = 0

    /// How the kernel hears about damage: `FB_DAMAGE_CLIPS` (atomic, when the plane has it),
    /// `DirtyFB` (legacy) or `none`.
    public var kernelDamageHint: String {
        if let atomic { return atomic.damageClips != 0 ? "FB_DAMAGE_CLIPS" : "none" }
        return "DirtyFB"
    }

    /// True while a flip is queued and its event has not arrived.
    public var isFlipPending: Bool { pending != nil }

    /// Reads and dispatches whatever events the fd has (call when `poll` says it is readable).
    public func dispatchEvents() throws {
        var ctx = drmEventContext()
        ctx.version = 2
        ctx.page_flip_handler = { _, _, seconds, microseconds, user in
            guard let user else { return }
            Unmanaged<DRMPresenter>.fromOpaque(user).takeUnretainedValue()
                .flipCompleted(at: Double(seconds) + Double(microseconds) * 1e-6)
        }
        guard drmHandleEvent(fd, &ctx) == 0 else {
            throw DRMError(call: "drmHandleEvent", path: card.path, errno: .current)
        }
    }

    /// Blocks in `poll` (no busy waiting) until the pending flip completes or `timeout` seconds
    /// pass. On timeout the flip is written off and the next present sets the mode again.
    /// Returns true when no flip is pending any more because its event arrived.
    @discardableResult
    public func waitForFlip(timeout: Double) throws -> Bool {
        var deadline = timespec(); clock_gettime(CLOCK_MONOTONIC, &deadline)
        let end = Double(deadline.tv_sec) + Double(deadline.tv_nsec) * 1e-9 + timeout
        while pending != nil {
            var now = timespec(); clock_gettime(CLOCK_MONOTONIC, &now)
            let left = end - (Double(now.tv_sec) + Double(now.tv_nsec) * 1e-9)
            if left <= 0 {
                writeOffPendingFlip()
                return false
            }
            try waitForEvents(seconds: left)
        }
        return true
    }

    /// Monotonic seconds since boot (CLOCK_MONOTONIC).
    public static func monotonicNow() -> Double {
        var t = timespec(); clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
    }

    /// When the pending flip is due to be written off (monotonic s), nil with no flip pending.
    /// An event loop that never blocks in `waitForFlip` arms a timer for this.
    public var flipDeadline: Double? { pending == nil ? nil : pendingSince + flipTimeout }

    /// Writes the pending flip off when it is older than `flipTimeout`: a flip whose event never
    /// comes (a driver that lost it, a GPU reset) must not stop the kiosk from drawing for good.
    /// The next present sets the mode again and repaints every buffer. True when it wrote one off.
    @discardableResult
    public func writeOffOverdueFlip(now: Double = monotonicNow()) -> Bool {
        guard let deadline = flipDeadline, now >= deadline else { return false }
        writeOffPendingFlip()
        return true
    }

    private func writeOffPendingFlip() {
        flipTimeouts += 1
        pending = nil; needsModeset = true
        tracker.invalidateAll()
    }

    // MARK: Blanking, suspension, restore

    /// Turns the output off (CRTC `ACTIVE=0` on atomic, connector `DPMS` off on legacy).
    public func blank() throws {
        guard !isBlanked else { return }
        if pending != nil { try waitForFlip(timeout: flipTimeout) }
        if let atomic {
            try atomicCommit(modeset: true, fb: buffers[front].framebufferID, active: false, ids: atomic, event: false)
        } else if let dpms = card.property(object: output.connector.id,
                                           type: DRM_MODE_OBJECT_CONNECTOR, name: "DPMS") {
            guard drmModeConnectorSetProperty(fd, output.connector.id, dpms.id, UInt64(DRM_MODE_DPMS_OFF)) == 0 else {
                throw DRMError(call: "drmModeConnectorSetProperty(DPMS off)", path: card.path, errno: .current)
            }
        }
        isBlanked = true
    }

    /// Turns the output back on showing the last presented frame.
    public func unblank() throws {
        guard isBlanked else { return }
        if atomic != nil {
            try modeset()
        } else if let dpms = card.property(object: output.connector.id,
                                           type: DRM_MODE_OBJECT_CONNECTOR, name: "DPMS") {
            guard drmModeConnectorSetProperty(fd, output.connector.id, dpms.id, UInt64(DRM_MODE_DPMS_ON)) == 0 else {
                throw DRMError(call: "drmModeConnectorSetProperty(DPMS on)", path: card.path, errno: .current)
            }
        }
        isBlanked = false
    }

    /// Forces a full modeset and a full copy at the next present (after a VT switch back, a
    /// hotplug, or a mode change on the same connector).
    public func invalidate() {
        needsModeset = true
        tracker.invalidateAll()
    }

    /// Gives up DRM master (VT switched away) and lets the console switch; presents are held
    /// until `resume()`.
    public func suspend() {
        if pending != nil { _ = try? waitForFlip(timeout: 0.1) }
        pending = nil
        isSuspended = true
        drmDropMaster(fd)
        console?.acknowledgeRelease()
    }

    /// Takes DRM master back and repaints everything at the next present.
    public func resume() throws {
        console?.acknowledgeAcquire()
        guard drmSetMaster(fd) == 0 else { throw DRMError(call: "drmSetMaster", path: card.path, errno: .current) }
        isSuspended = false
        invalidate()
    }

    /// Waits for an outstanding flip, then puts back the CRTC configuration found at start
    /// (and the console's text mode).
    public func restore() {
        if pending != nil { _ = try? waitForFlip(timeout: flipTimeout) }
        defer { console?.restore() }
        guard let saved = savedCRTC else { return }
        var conn = output.connector.id
        if saved.fb != 0, var mode = saved.mode {
            drmModeSetCrtc(fd, output.crtcID, saved.fb, saved.x, saved.y, &conn, 1, &mode)
        } else {
            drmModeSetCrtc(fd, output.crtcID, 0, 0, 0, nil, 0, nil)
        }
    }
}
