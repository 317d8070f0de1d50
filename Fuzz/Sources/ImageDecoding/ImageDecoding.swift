// Fuzz harness 5: image files from the fuzzer, as placeholders' images are loaded. The bytes are
// a PPM or PNG file (seeded with small ones): ImageLoader.decode must decode it or throw. A
// decoded image is drawn into a placeholder's rect, and written back as PPM and PNG, which must
// decode to the same pixels.
import Foundation
import FuzzSupport
import Galley

/// libFuzzer's entry point: runs the harness on one input (`size` bytes at `data`); returns 0.
@_cdecl("LLVMFuzzerTestOneInput")
public func imageDecodingTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let image = try? ImageLoader.decode(bytes, source: "fuzz input") else { return 0 }
    precondition(image.width > 0 && image.height > 0, "decoded an empty image")
    precondition(image.pixels.count == image.width * image.height * 4, "pixel count does not match the size")
    var canvas = try! Bitmap(width: 40, height: 30)
    let renderer = Renderer()
    renderer.drawImage(image, in: CGRect(x: 3, y: 2, width: 30, height: 20), into: &canvas)
    renderer.drawImage(image, in: CGRect(x: -5, y: -5, width: 1e9, height: 0.1), into: &canvas)
    guard image.width * image.height <= 1 << 16 else { return 0 }
    let fromPPM = try! ImageLoader.decode(image.ppmData(), source: "PPM round trip")
    precondition(fromPPM.width == image.width && fromPPM.height == image.height, "PPM round trip changed the size")
    let fromPNG = try! ImageLoader.decode(try! image.pngData(), source: "PNG round trip")
    precondition(fromPNG.pixels == image.pixels, "PNG round trip changed the pixels")
    return 0
}
