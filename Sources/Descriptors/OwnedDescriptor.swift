import SystemPackage

/// A file descriptor with exactly one owner, closed exactly once: when the owner goes away.
///
/// Noncopyable, so it moves from the local that opened it into the object that keeps it and can
/// never be duplicated. That rules out the double close by construction: an initializer that
/// throws before its object is whole drops the local (one close); one that throws after drops
/// the object, whose stored descriptor closes once (a class's `deinit` runs when the throw comes
/// after full initialization, so closing by hand there as well closed the number twice, possibly
/// after the kernel had handed it to another thread's database or socket). An owner that must
/// close early (unplugging a device) keeps an `OwnedDescriptor?` and sets it to nil.
///
/// Each module turns a failed open into its own typed error (the call, the path, the errno)
/// before adopting; this type only owns.
public struct OwnedDescriptor: ~Copyable {
    /// The descriptor, open while this value lives.
    public let descriptor: FileDescriptor

    /// The descriptor's number, for the C calls that take it (valid while this value lives).
    public var rawValue: Int32 { descriptor.rawValue }

    /// Takes ownership of `rawValue`, which must be open.
    public init(adopting rawValue: Int32) { descriptor = FileDescriptor(rawValue: rawValue) }

    /// Takes ownership of `descriptor`, which must be open and closed by nothing else.
    public init(adopting descriptor: FileDescriptor) { self.descriptor = descriptor }

    deinit {
        // (Linux frees the number even when close reports an error, EINTR included: never retried.)
        try? descriptor.close()
    }
}
