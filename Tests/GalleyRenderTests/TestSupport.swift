// Helpers shared by the render tests: sRGB conversions, measuring ink and comparing pixel buffers
// (fonts, scratch directories and the oracles come from GalleyTestSupport).
import Foundation
import GalleyRender

enum TestSupport {
    /// IEC 61966-2-1 sRGB decoding (sRGB-encoded 0...1 → linear light 0...1), written from the spec.
    static func srgbToLinear(_ v: Double) -> Double {
        v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
    }

    /// IEC 61966-2-1 sRGB encoding (linear light 0...1 → sRGB-encoded 0...1).
    static func linearToSRGB(_ l: Double) -> Double {
        l <= 0.0031308 ? 12.92 * l : 1.055 * pow(l, 1 / 2.4) - 0.055
    }

    /// The 8-bit sRGB code of a linear value: encode, scale to 255, round.
    static func srgbByte(linear l: Double) -> UInt8 {
        UInt8((linearToSRGB(l) * 255).rounded())
    }

    /// The linear value of an 8-bit sRGB code.
    static func linear(_ byte: UInt8) -> Double {
        srgbToLinear(Double(byte) / 255)
    }

    /// The coverage of a pixel of black text on white whose green byte is `green`, under the
    /// default text blending (``Renderer/TextBlending/platform``: sRGB-space source-over, so a
    /// pixel at coverage a is 255 · (1 − a)).
    static func coverage(_ green: UInt8) -> Double {
        1 - Double(green) / 255
    }

    /// Total ink (summed ``coverage(_:)``) of black text drawn on white with the default blending.
    static func ink(_ bitmap: Bitmap) -> Double {
        var total = 0.0
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width { total += coverage(bitmap.pixel(x: x, y: y)!.green) }
        }
        return total
    }

    /// How many bytes differ between two pixel buffers (all of the longer one's extra bytes
    /// count), so that a failing comparison reports a number rather than two whole images.
    static func differingBytes(_ a: [UInt8], _ b: [UInt8]) -> Int {
        zip(a, b).reduce(0) { $0 + ($1.0 == $1.1 ? 0 : 1) } + abs(a.count - b.count)
    }

    static func write(_ bytes: [UInt8], to url: URL) throws {
        try Data(bytes).write(to: url)
    }
}
