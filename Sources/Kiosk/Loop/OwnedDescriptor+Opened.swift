import Descriptors

extension OwnedDescriptor {
    /// Takes ownership of what a call that opens a descriptor returned, or throws
    /// `SystemCallError` for `call` (on `subject`) with the thread's errno when it returned −1.
    static func opened(_ rawValue: Int32, by call: String, on subject: String = "") throws(SystemCallError)
        -> OwnedDescriptor {
        guard rawValue >= 0 else { throw .current(call, subject) }
        return OwnedDescriptor(adopting: rawValue)
    }
}
