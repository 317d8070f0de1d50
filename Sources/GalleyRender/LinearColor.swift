// A paint colour decoded once for compositing in linear light or in sRGB (see SRGBTransfer and Bitmap).
import GalleyText

/// A ``GalleyText/Color`` prepared for source-over compositing in linear light: its channels
/// decoded from sRGB (IEC 61966-2-1) and its alpha clamped, computed once per colour (a run's
/// fill or stroke, a shadow, a box) instead of per glyph or pixel, plus the sRGB bytes that a
/// pixel fully covered by the opaque colour becomes, and its sRGB-encoded channels for blending
/// text coverage in sRGB (``Renderer/TextBlending/platform``).
struct LinearColor {
    /// Linear-light red, 0...1.
    let red: Float
    /// Linear-light green, 0...1.
    let green: Float
    /// Linear-light blue, 0...1.
    let blue: Float
    /// The colour's alpha clamped to 0...1 (NaN → 0, +∞ → 1).
    let alpha: Float
    /// The sRGB bytes of the linear channels re-encoded: what source-over at alpha 1 writes.
    let opaqueRed: UInt8, opaqueGreen: UInt8, opaqueBlue: UInt8
    /// The sRGB-encoded channels, each clamped to 0...1 (NaN → 0, +∞ → 1).
    let encodedRed: Float, encodedGreen: Float, encodedBlue: Float

    /// Decodes `color`'s channels (each clamped to 0...1) to linear light.
    init(_ color: Color) {
        red = SRGBTransfer.linear(color.red)
        green = SRGBTransfer.linear(color.green)
        blue = SRGBTransfer.linear(color.blue)
        alpha = Float(Bitmap.unit(color.alpha))
        encodedRed = Float(Bitmap.unit(color.red))
        encodedGreen = Float(Bitmap.unit(color.green))
        encodedBlue = Float(Bitmap.unit(color.blue))
        let (r, g, b) = SRGBTransfer.withTables { [red, green, blue] t in
            (t.encode(red), t.encode(green), t.encode(blue))
        }
        opaqueRed = r
        opaqueGreen = g
        opaqueBlue = b
    }
}
