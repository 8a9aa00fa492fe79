import CDRM
#if canImport(Glibc)
import Glibc
#endif

/// XRGB8888 as a DRM fourcc ('X','R','2','4'); the `DRM_FORMAT_*` macros do not import into Swift.
public let drmFormatXRGB8888: UInt32 = 0x3432_5258

// ioctl numbers: _IOWR('d', nr, struct) = 3<<30 | sizeof<<16 | 'd'<<8 | nr (function-like macros
// do not import into Swift).
let drmIoctlModeCreateDumb: UInt = 0xC020_64B2   // struct drm_mode_create_dumb, 32 bytes
let drmIoctlModeMapDumb: UInt = 0xC010_64B3      // struct drm_mode_map_dumb, 16 bytes
let drmIoctlModeDestroyDumb: UInt = 0xC004_64B4  // struct drm_mode_destroy_dumb, 4 bytes

/// One dumb buffer: the kernel object, its framebuffer and its CPU mapping, owned together and
/// released in reverse order in `deinit`. The mapping is write-only by convention (write-combined).
public final class DRMDumbBuffer {
    public let width: Int, height: Int
    /// Bytes per row as the kernel chose it (not necessarily `width·4`).
    public let pitch: Int
    public let size: Int
    public let handle: UInt32
    /// The framebuffer id for `drmModeSetCrtc`, page flips and the plane's `FB_ID`.
    public private(set) var framebufferID: UInt32 = 0
    public let pixels: UnsafeMutableRawPointer
    /// Held so the card's descriptor stays open until this buffer is destroyed (`deinit`
    /// removes the framebuffer through it), whatever order its owner releases them in.
    private let card: DRMCard
    private var fd: Int32 { card.fileDescriptor.rawValue }

    /// Creates an XRGB8888 dumb buffer, maps it, clears it to black, and adds it as a framebuffer.
    public init(card: DRMCard, width: Int, height: Int) throws(DRMError) {
        self.card = card
        let fd = card.fileDescriptor.rawValue
        self.width = width; self.height = height
        var create = drm_mode_create_dumb()
        create.width = UInt32(width); create.height = UInt32(height); create.bpp = 32
        guard drmIoctl(fd, drmIoctlModeCreateDumb, &create) == 0 else {
            throw DRMError(call: "DRM_IOCTL_MODE_CREATE_DUMB(\(width)x\(height))", path: card.path, errno: .current)
        }
        handle = create.handle; pitch = Int(create.pitch); size = Int(create.size)
        var map = drm_mode_map_dumb()
        map.handle = handle
        guard drmIoctl(fd, drmIoctlModeMapDumb, &map) == 0 else {
            let e = DRMError(call: "DRM_IOCTL_MODE_MAP_DUMB", path: card.path, errno: .current)
            Self.destroy(fd: fd, handle: handle)
            throw e
        }
        let p = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, off_t(map.offset))
        guard let p, p != MAP_FAILED else {
            let e = DRMError(call: "mmap(dumb buffer, \(size) bytes)", path: card.path, errno: .current)
            Self.destroy(fd: fd, handle: handle)
            throw e
        }
        pixels = p
        memset(p, 0, size)
        var handles: (UInt32, UInt32, UInt32, UInt32) = (handle, 0, 0, 0)
        var pitches: (UInt32, UInt32, UInt32, UInt32) = (UInt32(pitch), 0, 0, 0)
        var offsets: (UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0)
        var fb: UInt32 = 0
        let rc = withUnsafePointer(to: &handles.0) { h in
            withUnsafePointer(to: &pitches.0) { pi in
                withUnsafePointer(to: &offsets.0) { o in
                    drmModeAddFB2(fd, UInt32(width), UInt32(height), drmFormatXRGB8888, h, pi, o, &fb, 0)
                }
            }
        }
        guard rc == 0 else {
            // (`self` is whole by now: the throw runs `deinit`, which unmaps and destroys the
            // buffer; doing it here as well would unmap whatever was mapped there meanwhile.)
            throw DRMError(call: "drmModeAddFB2(XRGB8888 \(width)x\(height) pitch \(pitch))", path: card.path,
                           errno: .current)
        }
        framebufferID = fb
    }

    deinit {
        if framebufferID != 0 { drmModeRmFB(fd, framebufferID) }
        munmap(pixels, size)
        Self.destroy(fd: fd, handle: handle)
    }

    private static func destroy(fd: Int32, handle: UInt32) {
        var d = drm_mode_destroy_dumb(handle: handle)
        _ = drmIoctl(fd, drmIoctlModeDestroyDumb, &d)
    }
}
