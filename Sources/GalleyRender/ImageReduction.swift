// Shrinking a large image by a whole factor before it is resampled into a small rectangle, so that
// an 8192 × 8192 photo drawn into a 100-point box costs a box filter over its bytes, not a gigabyte
// of floating-point samples.

extension Bitmap {
    /// The image shrunk by whole factors (a box filter over `fx` × `fy` blocks, averaged with
    /// alpha weighting so transparent pixels lend no colour) until neither side is more than twice
    /// `width` × `height`; `self` when it is already that small. The resampler's own area filter
    /// then takes the last, fractional step, so the result matches resampling the whole image to
    /// within the rounding of the intermediate 8-bit pixels.
    func reduced(toAbout width: Int, _ height: Int) -> Bitmap {
        let fx = width > 0 ? self.width / (2 * width) : 1
        let fy = height > 0 ? self.height / (2 * height) : 1
        let kx = max(fx, 1), ky = max(fy, 1)
        guard kx > 1 || ky > 1 else { return self }
        let ow = self.width / kx, oh = self.height / ky
        var out = [UInt8](repeating: 0, count: ow * oh * 4)
        let stride = self.width
        pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for oy in 0..<oh {
                    for ox in 0..<ow {
                        var r = 0, g = 0, b = 0, a = 0
                        for y in (oy * ky)..<(oy * ky + ky) {
                            var i = (y * stride + ox * kx) * 4
                            for _ in 0..<kx {
                                let alpha = Int(src[i + 3])
                                r += Int(src[i]) * alpha; g += Int(src[i + 1]) * alpha; b += Int(src[i + 2]) * alpha
                                a += alpha
                                i += 4
                            }
                        }
                        let o = (oy * ow + ox) * 4
                        if a > 0 {
                            dst[o] = UInt8((r + a / 2) / a); dst[o + 1] = UInt8((g + a / 2) / a)
                            dst[o + 2] = UInt8((b + a / 2) / a)
                        }
                        let n = kx * ky
                        dst[o + 3] = UInt8((a + n / 2) / n)
                    }
                }
            }
        }
        // The reduced size is smaller on both sides, so it is a valid bitmap size.
        return (try? Bitmap(width: ow, height: oh, pixels: out, background: background)) ?? self
    }
}
