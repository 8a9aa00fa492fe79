// libFuzzer target: Raster's PNG reader on arbitrary bytes. A `PNGError` is the answer to bad
// input; a trap, an ASan report or a leak is a finding. The decoded surface is read once so a
// wrong size or a short pixel buffer shows up here, not later in a draw.
import CFuzzer
import Foundation
import Raster

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let surface = try? Surface(pngData: bytes) else { return 0 }
    precondition(surface.width > 0 && surface.height > 0, "a decoded PNG has pixels")
    _ = surface.pixel(x: surface.width - 1, y: surface.height - 1)
    return 0
}

var arguments = CommandLine.argc
var argumentVector: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&arguments, &argumentVector) { data, size in fuzzPNG(data, size) })
