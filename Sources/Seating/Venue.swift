import Geometry

/// A venue: its field, categories, tribunes and seats. (Filled in by the Seating work.)
public struct Venue: Sendable {}
