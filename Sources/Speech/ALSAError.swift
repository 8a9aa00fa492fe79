import CALSA

/// Why ALSA playback failed: the device name, the call that failed and alsa-lib's (negative
/// errno) code with its `snd_strerror` text ("ALSA device 'hw:9': snd_pcm_open: No such file or
/// directory (errno 2)").
public struct ALSAError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The PCM device name as configured ("default", "hw:Loopback,0", "null").
    public var device: String
    /// The alsa-lib call that failed ("snd_pcm_open", "snd_pcm_set_params", "snd_pcm_writei").
    public var operation: String
    /// The positive errno (alsa-lib returns it negated).
    public var errno: Int32
    /// `snd_strerror`'s text for the code.
    public var message: String

    public init(device: String, operation: String, code: Int32) {
        self.device = device
        self.operation = operation
        self.errno = code < 0 ? -code : code
        self.message = String(cString: snd_strerror(code < 0 ? code : -code))
    }

    public var description: String {
        "ALSA device '\(device)': \(operation): \(message) (errno \(errno))"
    }
}
