import Testing
@testable import Animation
