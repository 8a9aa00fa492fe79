/// A benchmark problem (the seat scene could not be written).
public struct ChartFrameBenchmarkError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
