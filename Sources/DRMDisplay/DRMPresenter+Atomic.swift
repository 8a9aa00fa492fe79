import CDRM

extension DRMPresenter {
    struct AtomicIDs {
        var plane: UInt32
        var connCRTC: UInt32, crtcMode: UInt32, crtcActive: UInt32
        var planeFB: UInt32, planeCRTC: UInt32
        var src: (UInt32, UInt32, UInt32, UInt32), dst: (UInt32, UInt32, UInt32, UInt32)
        /// `FB_DAMAGE_CLIPS` on the primary plane (0 when the driver has none). A superset of
        /// the change since the previous frame (the buffer-age rects), which is allowed.
        var damageClips: UInt32 = 0
    }

    func setUpAtomic() throws -> AtomicIDs? {
        guard drmSetClientCap(fd, UInt64(DRM_CLIENT_CAP_UNIVERSAL_PLANES), 1) == 0,
              drmSetClientCap(fd, UInt64(DRM_CLIENT_CAP_ATOMIC), 1) == 0 else { return nil }
        func prop(_ obj: UInt32, _ type: UInt32, _ name: String) -> UInt32? {
            card.property(object: obj, type: type, name: name)?.id
        }
        guard let planes = drmModeGetPlaneResources(fd) else { return nil }
        defer { drmModeFreePlaneResources(planes) }
        var primary: UInt32?
        for i in 0..<Int(planes.pointee.count_planes) {
            let id = planes.pointee.planes[i]
            guard let p = drmModeGetPlane(fd, id) else { continue }
            let fits = p.pointee.possible_crtcs & (1 << UInt32(output.crtcIndex)) != 0
            drmModeFreePlane(p)
            let type = card.property(object: id, type: DRM_MODE_OBJECT_PLANE, name: "type")?.value
            if fits && type == UInt64(DRM_PLANE_TYPE_PRIMARY) { primary = id; break }
        }
        let c = output.connector.id, k = output.crtcID
        let obj = DRM_MODE_OBJECT_PLANE, cobj = DRM_MODE_OBJECT_CRTC, nobj = DRM_MODE_OBJECT_CONNECTOR
        guard let pl = primary,
              let cc = prop(c, nobj, "CRTC_ID"), let mid = prop(k, cobj, "MODE_ID"), let act = prop(k, cobj, "ACTIVE"),
              let fb = prop(pl, obj, "FB_ID"), let pc = prop(pl, obj, "CRTC_ID"),
              let sx = prop(pl, obj, "SRC_X"), let sy = prop(pl, obj, "SRC_Y"),
              let sw = prop(pl, obj, "SRC_W"), let sh = prop(pl, obj, "SRC_H"),
              let dx = prop(pl, obj, "CRTC_X"), let dy = prop(pl, obj, "CRTC_Y"),
              let dw = prop(pl, obj, "CRTC_W"), let dh = prop(pl, obj, "CRTC_H") else {
            drmSetClientCap(fd, UInt64(DRM_CLIENT_CAP_ATOMIC), 0)
            return nil
        }
        var mode = output.rawMode
        guard drmModeCreatePropertyBlob(fd, &mode, MemoryLayout<drmModeModeInfo>.size, &modeBlob) == 0 else {
            throw DRMError(call: "drmModeCreatePropertyBlob(MODE_ID)", path: card.path, errno: .current)
        }
        let ids = AtomicIDs(plane: pl, connCRTC: cc, crtcMode: mid, crtcActive: act, planeFB: fb, planeCRTC: pc,
                            src: (sx, sy, sw, sh), dst: (dx, dy, dw, dh),
                            damageClips: prop(pl, obj, "FB_DAMAGE_CLIPS") ?? 0)
        do {
            try atomicCommit(modeset: true, fb: buffers[0].framebufferID, active: true, ids: ids, event: false,
                             testOnly: true)
        } catch {
            drmSetClientCap(fd, UInt64(DRM_CLIENT_CAP_ATOMIC), 0)
            return nil
        }
        return ids
    }

    func atomicCommit(modeset: Bool, fb: UInt32, active: Bool, ids: AtomicIDs, event: Bool,
                              testOnly: Bool = false, damageBlob: UInt32 = 0) throws {
        guard let req = drmModeAtomicAlloc() else {
            throw DRMError(call: "drmModeAtomicAlloc", path: card.path, errno: .noMemory)
        }
        defer { drmModeAtomicFree(req) }
        let w = UInt64(output.mode.width), h = UInt64(output.mode.height)
        if modeset {
            drmModeAtomicAddProperty(req, output.connector.id, ids.connCRTC, UInt64(output.crtcID))
            drmModeAtomicAddProperty(req, output.crtcID, ids.crtcMode, UInt64(modeBlob))
            drmModeAtomicAddProperty(req, output.crtcID, ids.crtcActive, active ? 1 : 0)
            drmModeAtomicAddProperty(req, ids.plane, ids.planeCRTC, UInt64(output.crtcID))
            drmModeAtomicAddProperty(req, ids.plane, ids.src.0, 0)
            drmModeAtomicAddProperty(req, ids.plane, ids.src.1, 0)
            drmModeAtomicAddProperty(req, ids.plane, ids.src.2, w << 16)   // 16.16 fixed point
            drmModeAtomicAddProperty(req, ids.plane, ids.src.3, h << 16)
            drmModeAtomicAddProperty(req, ids.plane, ids.dst.0, 0)
            drmModeAtomicAddProperty(req, ids.plane, ids.dst.1, 0)
            drmModeAtomicAddProperty(req, ids.plane, ids.dst.2, w)
            drmModeAtomicAddProperty(req, ids.plane, ids.dst.3, h)
        }
        drmModeAtomicAddProperty(req, ids.plane, ids.planeFB, UInt64(fb))
        if ids.damageClips != 0 { drmModeAtomicAddProperty(req, ids.plane, ids.damageClips, UInt64(damageBlob)) }
        var flags: UInt32 = 0
        if modeset { flags |= UInt32(DRM_MODE_ATOMIC_ALLOW_MODESET) }
        if testOnly { flags |= UInt32(DRM_MODE_ATOMIC_TEST_ONLY) }
        if event { flags |= UInt32(DRM_MODE_PAGE_FLIP_EVENT) | UInt32(DRM_MODE_ATOMIC_NONBLOCK) }
        let user = Unmanaged.passUnretained(self).toOpaque()
        guard drmModeAtomicCommit(fd, req, flags, event ? user : nil) == 0 else {
            throw DRMError(call: "drmModeAtomicCommit(\(testOnly ? "test, " : "")\(modeset ? "modeset" : "flip"))",
                           path: card.path, errno: .current)
        }
    }
}
