// libFuzzer target: the scene-file reader (`SceneFile(json:)`) on arbitrary bytes, and every
// scene that reads drawn into a small surface, so the rasterizer meets whatever numbers the
// parser lets through (huge, tiny, degenerate paths and transforms). A `SceneFileError` is the
// answer to bad input; a trap or an ASan report is a finding. Images resolve against a fresh
// folder holding the two images the seed scenes name (sprite.png, checker.png), drawn here.
import CFuzzer
import Foundation
import Raster
import SceneFile

let imageFolderPath = NSTemporaryDirectory() + "tribune-fuzz-scene-\(getpid())"

let imageFolder: String = {
    let path = imageFolderPath
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    // libFuzzer ends a timed run with exit(): the folder goes with the process.
    atexit { try? FileManager.default.removeItem(atPath: imageFolderPath) }
    for (name, size) in [("sprite.png", 16), ("checker.png", 8)] {
        let image = Surface(width: size, height: size)
        for y in 0..<size { for x in 0..<size where (x + y) % 2 == 0 { image.setPixel(Color.black.premultiplied, x: x, y: y) } }
        try? image.writePNG(to: path + "/" + name)
    }
    return path
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScene(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let json = Data(UnsafeBufferPointer(start: data, count: size))
    guard let scene = try? SceneFile(json: json, baseDirectory: imageFolder) else { return 0 }
    let surface = Surface(width: 48, height: 32)
    scene.render(into: DrawingContext(surface: surface))
    return 0
}

var arguments = CommandLine.argc
var argumentVector: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&arguments, &argumentVector) { data, size in fuzzScene(data, size) })
