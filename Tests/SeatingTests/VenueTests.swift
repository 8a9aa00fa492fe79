import Testing
@testable import Seating
