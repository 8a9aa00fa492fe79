import Testing
@testable import DRMDisplay
