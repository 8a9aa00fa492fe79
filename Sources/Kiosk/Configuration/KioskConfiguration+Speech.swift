extension KioskConfiguration {
    /// Speech output (accessibility mode's speech): `[speech]` in the file.
    public struct Speech: Sendable, Equatable {
        /// The ALSA PCM device ("default", "hw:Loopback,0", "null", …).
        public var device = "default"
        /// Software volume applied to the samples, 0…1.
        public var volume = 0.8
        /// Speaking rate, words per minute (espeak-ng's 80…450).
        public var rate = 160
        /// The language tags spoken (the languages offered; all five shipped by default).
        public var languages = ["en", "de", "es", "ar", "zh"]
    }

    static var speechSettings: [Setting] { [
        Setting(key: "speech.device", flag: "--speech-device", kind: .text) { c, v in
            guard case .string(let s) = v, !s.isEmpty, !s.contains("\0") else {
                return "expected an ALSA PCM device name such as \"default\" or \"hw:Loopback,0\", found \(v.found)"
            }
            c.speech.device = s; return nil
        },
        Setting(key: "speech.volume", flag: "--speech-volume", kind: .number) { c, v in
            guard let d = v.double, d.isFinite, d >= 0, d <= 1 else { return "expected a number from 0 to 1, found \(v.found)" }
            c.speech.volume = d; return nil
        },
        Setting(key: "speech.rate", flag: "--speech-rate", kind: .integer) { c, v in
            guard case .integer(let r) = v, (80...450).contains(r) else {
                return "expected words per minute, an integer from 80 to 450, found \(v.found)"
            }
            c.speech.rate = r; return nil
        },
    ] }
}
