import Testing
@testable import Geometry
@Test func pointMath() { #expect(Point(1,2) + Vector(1,1) == Point(2,3)) }
