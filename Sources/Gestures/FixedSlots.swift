/// Sixteen values stored inline (a homogeneous tuple), reached through a pointer so the
/// per-frame loops index memory directly: no heap, no copy-on-write, no SIMD lane shuffles.
struct FixedSlots<Element> {
    static var capacity: Int { 16 }
    private var storage: (Element, Element, Element, Element, Element, Element, Element, Element,
                          Element, Element, Element, Element, Element, Element, Element, Element)

    init(repeating e: Element) {
        storage = (e, e, e, e, e, e, e, e, e, e, e, e, e, e, e, e)
    }

    /// Runs `body` with a pointer to the 16 contiguous elements (homogeneous tuples are laid
    /// out like arrays).
    @inline(__always)
    mutating func withPointer<R>(_ body: (UnsafeMutablePointer<Element>) throws -> R) rethrows -> R {
        try withUnsafeMutablePointer(to: &storage) { tuple in
            try tuple.withMemoryRebound(to: Element.self, capacity: 16, body)
        }
    }

    @inline(__always)
    func withPointer<R>(_ body: (UnsafePointer<Element>) throws -> R) rethrows -> R {
        try withUnsafePointer(to: storage) { tuple in
            try tuple.withMemoryRebound(to: Element.self, capacity: 16, body)
        }
    }

    subscript(i: Int) -> Element {
        get {
            precondition(i >= 0 && i < 16, "FixedSlots index out of range")
            return withPointer { (p: UnsafePointer<Element>) in p[i] }
        }
        set {
            precondition(i >= 0 && i < 16, "FixedSlots index out of range")
            withPointer { (p: UnsafeMutablePointer<Element>) in p[i] = newValue }
        }
    }
}
extension FixedSlots: Sendable where Element: Sendable {}
