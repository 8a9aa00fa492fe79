// libFuzzer target: box-office request bodies as the server reads them: the JSON parser
// (`JSONValue.parseReportingError`), then each request decoder with its strict fields (holds,
// hold extensions, orders). A `JSONError` or an `APIProblem` is the answer to bad input; a trap
// or an ASan report is a finding. A body that parses is written again and must parse to the same value.
import CFuzzer
@testable import BoxOffice
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRequest(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let body = Data(UnsafeBufferPointer(start: data, count: size))
    guard case .success(let json) = JSONValue.parseReportingError(body) else { return 0 }
    _ = try? HoldRequest(json)
    _ = try? ExtendRequest(json)
    _ = try? OrderRequest(json)
    guard case .success(let reread) = JSONValue.parseReportingError(json.encoded()) else {
        preconditionFailure("a JSON value the box office wrote does not parse")
    }
    precondition(reread == json, "a JSON value changes when written and read again")
    return 0
}

var arguments = CommandLine.argc
var argumentVector: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&arguments, &argumentVector) { data, size in fuzzRequest(data, size) })
