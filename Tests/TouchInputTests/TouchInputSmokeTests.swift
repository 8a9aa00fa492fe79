import Testing
@testable import TouchInput
