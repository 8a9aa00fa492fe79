// libFuzzer target: the kiosk's configuration file (`KioskConfiguration.parse(toml:source:)`,
// TOMLKit underneath) on arbitrary text. A `ConfigurationError` is the answer to bad input; a
// trap or an ASan report is a finding.
import CFuzzer
import Foundation
import Kiosk

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTOML(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    _ = try? KioskConfiguration.parse(toml: text, source: "fuzz.toml")
    return 0
}

var arguments = CommandLine.argc
var argumentVector: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&arguments, &argumentVector) { data, size in fuzzTOML(data, size) })
