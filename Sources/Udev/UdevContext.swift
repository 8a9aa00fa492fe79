import CUdev

/// A libudev context: the one owner of libudev in the program. Device discovery (touchscreens),
/// the DRM hotplug monitor and libinput's udev backend all go through one of these; it holds
/// its reference and drops it in `deinit`.
public final class UdevContext {
    /// The `struct udev *`, for C APIs that take one (libinput's udev backend). Valid while
    /// this context lives; callers must not unref it.
    package let handle: OpaquePointer

    /// Creates a context. Throws when libudev cannot create one (out of memory).
    public init() throws(UdevError) {
        guard let h = udev_new() else { throw UdevError(call: "udev_new", errno: .current) }
        handle = h
    }

    deinit { udev_unref(handle) }
}
