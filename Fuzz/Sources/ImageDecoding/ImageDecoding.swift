// Fuzz harness 5: image files from the fuzzer, as placeholders' images are loaded. The bytes are
// a PNG, JPEG, WebP or Netpbm file (seeded with small ones of each): ImageLoader.decode must decode
// it or throw, within a small pixel limit (so a lying header is refused, never allocated). A
// decoded image is drawn into a placeholder's rect and through a GraphicsContext, and written back
// as PPM, PNG, JPEG and WebP: the lossless ones must decode to the same pixels, JPEG to the same size.
import Foundation
import FuzzSupport
import Galley

/// The decoder's limit in the harness: 4 Mi pixels (16 MiB), so that every accepted image is cheap.
let fuzzLimits = ImageDecodingLimits(maximumPixelCount: 1 << 22)

/// libFuzzer's entry point: runs the harness on one input (`size` bytes at `data`); returns 0.
@_cdecl("LLVMFuzzerTestOneInput")
public func imageDecodingTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let info = try? ImageLoader.info(of: bytes, source: "fuzz input") {
        precondition(info.width > 0 && info.height > 0, "a header with an empty side was accepted")
    }
    guard let image = try? ImageLoader.decode(bytes, source: "fuzz input", limits: fuzzLimits) else { return 0 }
    precondition(image.width > 0 && image.height > 0, "decoded an empty image")
    precondition(image.width * image.height <= fuzzLimits.maximumPixelCount, "decoded past the pixel limit")
    precondition(image.pixels.count == image.width * image.height * 4, "pixel count does not match the size")
    var canvas = try! Bitmap(width: 40, height: 30)
    let renderer = Renderer()
    renderer.drawImage(image, in: CGRect(x: 3, y: 2, width: 30, height: 20), into: &canvas)
    renderer.drawImage(image, in: CGRect(x: -5, y: -5, width: 1e9, height: 0.1), into: &canvas)
    let context = try! GraphicsContext(width: 40, height: 30)
    context.rotate(by: 0.3)
    context.draw(image, in: CGRect(x: 3, y: 2, width: 30, height: 20))
    _ = try! context.makeImage()
    guard image.width * image.height <= 1 << 16 else { return 0 }
    let fromPPM = try! ImageLoader.decode(image.ppmData(), source: "PPM round trip")
    precondition(fromPPM.width == image.width && fromPPM.height == image.height, "PPM round trip changed the size")
    let fromPNG = try! ImageLoader.decode(try! image.pngData(), source: "PNG round trip")
    precondition(fromPNG.pixels == image.pixels, "PNG round trip changed the pixels")
    let fromWebP = try! ImageLoader.decode(try! image.webpData(), source: "WebP round trip")
    precondition(fromWebP.width == image.width && fromWebP.height == image.height, "WebP round trip changed the size")
    let fromJPEG = try! ImageLoader.decode(try! image.jpegData(), source: "JPEG round trip")
    precondition(fromJPEG.width == image.width && fromJPEG.height == image.height, "JPEG round trip changed the size")
    return 0
}
