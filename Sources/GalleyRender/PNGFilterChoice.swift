// PNGFilterChoice: how the automatic PNG row filter is chosen for one image, by compressing a
// sample of its rows both ways.

/// Chooses ``PNGEncoding/Filter/none`` or ``PNGEncoding/Filter/adaptive`` for an image (what
/// ``PNGEncoding/Filter/automatic`` means), the way pngcrush or optipng choose, but on a sample:
/// bands of ``bandRows`` rows, one every ``bandSpacing`` rows (centred in each stretch), are
/// copied together and written as a PNG unfiltered and with the Up filter at zlib level 1
/// (level 0 when the image is written uncompressed). When Up compresses the sample smaller, the
/// rows do not repeat one another and the image gets libpng's adaptive filters (cairo's
/// choice); else none. Up stands in for adaptive in the trial because libpng's per-row choice
/// costs about three times as much to try, and level 1 for level 6 because it ranks the two the
/// same way on the images measured (a text page, a gradient card, a photograph) for a third of
/// the work or less. The trial so costs 1/8 of (none + up at level 1), about 10 % of a text
/// page's encode at level 6 by callgrind's count. (A sample of 1/12 chose wrongly for a 600×315
/// gradient that compresses a fifth smaller unfiltered.)
enum PNGFilterChoice {
    /// The highest zlib level an automatic encode uses for a grey image left unfiltered (text
    /// on a flat background): on galley-bench's text page level 3 writes 40 KB in 0.44 of level
    /// 6's time, whose file is 35 KB (cairo's, RGB at level 6 adaptive: 98 KB), so the higher
    /// levels cost more than they save there; colour images keep the level asked for (a
    /// gradient card unfiltered is 102 KB at level 3 against cairo's 72 KB, 52 KB at level 6).
    static let flatGrayLevel = 3

    /// Rows in one band of the sample: enough for deflate to find the rows above a row.
    static let bandRows = 8
    /// One band is taken every this many rows, so the sample is 1/8 of the image.
    static let bandSpacing = 64

    /// The filter for `height` rows of `channels`-byte pixels, `width` wide, packed in `rows`,
    /// to be compressed at zlib `level`.
    static func choose(rows: [UInt8], width: Int, height: Int, channels: Int, level: Int) -> PNGEncoding.Filter {
        let stride = width * channels
        let sample = sampleRows(rows, stride: stride, height: height)
        let sampleHeight = sample.count / max(stride, 1)
        guard sampleHeight > 0 else { return .none }
        let trialLevel = min(level, 1)
        func size(_ filter: PNGEncoding.Filter) -> Int {
            let bytes = try? PNGCodec.write(
                sample, width: width, height: sampleHeight, stride: stride, channels: channels, level: trialLevel,
                filter: filter)
            return bytes?.count ?? Int.max
        }
        return size(.up) < size(.none) ? .adaptive : .none
    }

    /// The rows of the sample (see the type's discussion), copied one after another; the whole
    /// image when it has no more than one band spacing of rows.
    static func sampleRows(_ rows: [UInt8], stride: Int, height: Int) -> [UInt8] {
        guard height > bandSpacing else { return rows }
        var sample: [UInt8] = []
        let bands = height / bandSpacing
        sample.reserveCapacity(bands * bandRows * stride)
        for band in 0..<bands {
            let first = band * bandSpacing + (bandSpacing - bandRows) / 2
            sample += rows[(first * stride)..<((first + bandRows) * stride)]
        }
        return sample
    }
}
