/// A configuration mistake of the operator (token file, prices, listening address).
public struct SetupError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
