// libFuzzer target: touch recordings, evemu or libinput record YAML (`RecordingReader.parse`
// chooses by content), and the evdev → touch-frame emulation of each recording that reads. A
// `RecordingError` is the answer to bad input; a trap or an ASan report is a finding.
import CFuzzer
import Foundation
import Geometry
import Gestures
import Recording

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRecording(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    // A name without a sibling description: the bytes must describe their device themselves.
    guard let recording = try? RecordingReader.parse(text, path: "fuzz.events") else { return 0 }
    _ = try? recording.touchFrames(mapping: DisplayMapping(size: Size(width: 800, height: 480)))
    return 0
}

var arguments = CommandLine.argc
var argumentVector: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&arguments, &argumentVector) { data, size in fuzzRecording(data, size) })
