// libFuzzer target: the box office's layout import (`VenueLayout(document:)`): a pretix seating
// plan, or a Tribune venue file, as uploaded by a venue. A `LayoutError` is the answer to bad
// input; a trap or an ASan report is a finding.
import CFuzzer
import BoxOffice
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPretix(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let document = Data(UnsafeBufferPointer(start: data, count: size))
    guard let layout = try? VenueLayout(document: document) else { return 0 }
    precondition(!layout.seats.isEmpty, "a layout that reads has seats")
    return 0
}

var arguments = CommandLine.argc
var argumentVector: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&arguments, &argumentVector) { data, size in fuzzPretix(data, size) })
