// libFuzzer target: Seating's venue-file reader (`VenueFile.decode`) on arbitrary bytes. A
// `VenueFileError` is the answer to bad input; a trap or an ASan report is a finding. A venue
// that decodes is encoded again and must decode to the same venue (the writer and reader agree).
import CFuzzer
import Foundation
import Seating

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzVenue(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let venue = try? VenueFile.decode(bytes) else { return 0 }
    let again = VenueFile.encode(venue)
    guard let reread = try? VenueFile.decode(again) else { preconditionFailure("a venue Tribune wrote does not read back") }
    precondition(VenueFile.encode(reread) == again, "a venue changes when written and read again")
    return 0
}

var arguments = CommandLine.argc
var argumentVector: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&arguments, &argumentVector) { data, size in fuzzVenue(data, size) })
