/// An absolute axis (`struct input_absinfo` plus its code).
public struct AbsoluteAxis: Hashable, Sendable {
    public var code: UInt16
    public var minimum: Int32
    public var maximum: Int32
    /// Noise the kernel filters; libinput uses half of it as its hysteresis margin. Device units.
    public var fuzz: Int32
    public var flat: Int32
    /// Units per millimetre; 0 when the kernel does not know.
    public var resolution: Int32

    public init(code: UInt16, minimum: Int32, maximum: Int32, fuzz: Int32 = 0, flat: Int32 = 0, resolution: Int32 = 0) {
        self.code = code; self.minimum = minimum; self.maximum = maximum
        self.fuzz = fuzz; self.flat = flat; self.resolution = resolution
    }

    /// `max − min + 1` (libinput's `absinfo_range`), never below 1.
    @inlinable public var range: Double { max(Double(maximum) - Double(minimum) + 1, 1) }
}
