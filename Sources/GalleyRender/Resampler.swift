// Scaling images into fractional pixel rectangles: box filter when shrinking, bilinear when growing.

/// An image in premultiplied floating-point samples placed on the pixel grid.
struct PlacedImage: Sendable {
    /// Column of the leftmost pixel.
    let x: Int
    /// Row of the top pixel.
    let y: Int
    let width: Int
    let height: Int
    /// 1 (coverage) or 4 (premultiplied RGBA).
    let channels: Int
    /// `width × height × channels` samples in 0...1, top row first.
    let samples: [Float]
}

/// Resamples images into rectangles given in fractional pixel coordinates.
///
/// Separable: each axis uses an area-averaging box filter when the image shrinks (so a 109-ppem
/// emoji strike drawn at 16 px keeps its detail averaged, not aliased) and linear interpolation
/// when it grows. Pixels that the rectangle covers only partly get that fraction of coverage,
/// so edges are anti-aliased.
enum Resampler {
    /// One destination pixel along an axis and the weighted source pixels it reads.
    struct Taps {
        let index: Int
        let sources: [(index: Int, weight: Float)]
    }

    /// The filter taps of one axis: `sourceCount` source pixels stretched over the destination
    /// interval `[start, start + length)`, for destination pixels inside `clip`.
    static func axisTaps(sourceCount n: Int, start d0: Double, length len: Double, clip: Range<Int>) -> [Taps] {
        guard n > 0, len > 0, d0.isFinite, len.isFinite, !clip.isEmpty else { return [] }
        let d1 = d0 + len
        guard d1 > Double(clip.lowerBound), d0 < Double(clip.upperBound) else { return [] }
        // Clamp in floating point first: the rect may be far larger than any Int.
        let first = Int(max(d0, Double(clip.lowerBound)).rounded(.down))
        let last = Int(min(d1, Double(clip.upperBound)).rounded(.up))
        guard first < last else { return [] }
        let s = len / Double(n)  // destination pixels per source pixel
        var result: [Taps] = []
        result.reserveCapacity(last - first)
        for k in first..<last {
            let lo = max(Double(k), d0), hi = min(Double(k + 1), d1)
            let coverage = hi - lo
            guard coverage > 0 else { continue }
            var sources: [(index: Int, weight: Float)] = []
            if s <= 1 {
                let u0 = (lo - d0) / s, u1 = (hi - d0) / s
                var i = max(Int(u0.rounded(.down)), 0)
                let end = min(Int(u1.rounded(.up)), n)
                while i < end {
                    let w = (min(u1, Double(i + 1)) - max(u0, Double(i))) * s
                    if w > 0 { sources.append((i, Float(w))) }
                    i += 1
                }
            } else {
                let u = ((lo + hi) / 2 - d0) / s - 0.5
                let i0 = Int(u.rounded(.down))
                let t = u - Double(i0)
                let a = min(max(i0, 0), n - 1), b = min(max(i0 + 1, 0), n - 1)
                sources.append((a, Float((1 - t) * coverage)))
                sources.append((b, Float(t * coverage)))
            }
            result.append(Taps(index: k, sources: sources))
        }
        return result
    }

    /// Resamples `samples` (`width × height × channels`, premultiplied, 0...1) into the pixel
    /// rectangle `(x, y, w, h)` (y down), keeping only pixels in `clipColumns` × `clipRows`.
    static func resample(
        _ samples: [Float], width: Int, height: Int, channels: Int,
        into x: Double, _ y: Double, _ w: Double, _ h: Double,
        clipColumns: Range<Int>, clipRows: Range<Int>
    ) -> PlacedImage? {
        guard samples.count == width * height * channels else { return nil }
        let xt = axisTaps(sourceCount: width, start: x, length: w, clip: clipColumns)
        let yt = axisTaps(sourceCount: height, start: y, length: h, clip: clipRows)
        guard let x0 = xt.first?.index, let x1 = xt.last?.index,
            let y0 = yt.first?.index, let y1 = yt.last?.index
        else { return nil }
        let ow = x1 - x0 + 1, oh = y1 - y0 + 1
        // Horizontal pass over the source rows that the vertical taps read.
        var rowsNeeded = [Bool](repeating: false, count: height)
        for t in yt { for s in t.sources { rowsNeeded[s.index] = true } }
        var horizontal = [Float](repeating: 0, count: height * ow * channels)
        samples.withUnsafeBufferPointer { src in
            horizontal.withUnsafeMutableBufferPointer { dst in
                for row in 0..<height where rowsNeeded[row] {
                    let srcRow = row * width * channels
                    let dstRow = row * ow * channels
                    for t in xt {
                        let o = dstRow + (t.index - x0) * channels
                        for s in t.sources {
                            let i = srcRow + s.index * channels
                            for c in 0..<channels { dst[o + c] += src[i + c] * s.weight }
                        }
                    }
                }
            }
        }
        var out = [Float](repeating: 0, count: ow * oh * channels)
        horizontal.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for t in yt {
                    let o = (t.index - y0) * ow * channels
                    for s in t.sources {
                        let i = s.index * ow * channels
                        for j in 0..<(ow * channels) { dst[o + j] += src[i + j] * s.weight }
                    }
                }
            }
        }
        return PlacedImage(x: x0, y: y0, width: ow, height: oh, channels: channels, samples: out)
    }
}
