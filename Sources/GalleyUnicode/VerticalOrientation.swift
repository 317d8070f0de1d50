// How each character stands in a vertical line: Unicode's Vertical_Orientation property (UAX #50),
// read from ICU, and CSS's text-orientation rules that turn it into upright and sideways runs.

import CICU

/// Unicode's Vertical_Orientation property (UAX #50): how a character is displayed in vertical
/// text. Read from ICU (`UCHAR_VERTICAL_ORIENTATION`).
public enum VerticalOrientation: String, Sendable, Hashable, CaseIterable {
    /// `U`: displayed upright, as in the code charts (ideographs, kana, Hangul, most emoji).
    case upright = "U"
    /// `R`: displayed sideways, rotated 90° clockwise (Latin, Arabic, most symbols; the default).
    case rotated = "R"
    /// `Tu`: a vertical alternate glyph when the font has one (the `vert`/`vrt2` features, e.g.
    /// the small kana and the ideographic full stop moved to the upper right), otherwise upright.
    case transformedUpright = "Tu"
    /// `Tr`: a vertical alternate glyph when the font has one (brackets, the long vowel mark ー),
    /// otherwise rotated 90° clockwise.
    case transformedRotated = "Tr"

    /// The Vertical_Orientation of `scalar`.
    public init(_ scalar: Unicode.Scalar) {
        switch galley_vertical_orientation(scalar.value) {
        case Int32(GALLEY_VO_UPRIGHT): self = .upright
        case Int32(GALLEY_VO_TRANSFORMED_UPRIGHT): self = .transformedUpright
        case Int32(GALLEY_VO_TRANSFORMED_ROTATED): self = .transformedRotated
        default: self = .rotated
        }
    }

    /// How a character of this class stands in a `mixed` vertical line: upright always for `U`
    /// and `Tu`, sideways always for `R`, and for `Tr` upright only when the font has a vertical
    /// alternate for it (UAX #50: "the fallback is to rotate the glyph").
    public func glyphOrientation(hasVerticalAlternate: Bool) -> GlyphOrientation {
        switch self {
        case .upright, .transformedUpright: .upright
        case .rotated: .sideways
        case .transformedRotated: hasVerticalAlternate ? .upright : .sideways
        }
    }
}

/// A stretch of text whose characters are all set the same way in a vertical line.
public struct OrientationRun: Sendable, Hashable {
    /// The run's UTF-16 range.
    public let range: Range<Int>
    /// How its characters stand: `.upright`, or `.sideways` (rotated 90° clockwise).
    public let orientation: GlyphOrientation

    /// A run of `range` whose characters stand as `orientation` says.
    public init(range: Range<Int>, orientation: GlyphOrientation) {
        self.range = range
        self.orientation = orientation
    }
}

extension TextOrientation {
    /// `text[range]` split into upright and sideways runs. A grapheme cluster is set as its first
    /// character says (a combining mark goes with its base, an emoji sequence with its first
    /// emoji), as CSS Writing Modes orients each typographic character unit by its base.
    /// `hasVerticalAlternate` says whether the font has a vertical alternate for a `Tr`
    /// character. Adjacent clusters set the same way form one run; an empty range gives none.
    /// `graphemes`, when given, are the ascending grapheme cluster boundaries of a text holding
    /// `range` (its paragraph's, computed once): the clusters are taken from them instead of
    /// being found again in `text`.
    public func runs(
        in text: [UInt16], range: Range<Int>, graphemes: [Int]? = nil,
        hasVerticalAlternate: (Unicode.Scalar) -> Bool = { _ in false }
    ) -> [OrientationRun] {
        let lower = max(0, min(range.lowerBound, text.count)), upper = max(lower, min(range.upperBound, text.count))
        guard lower < upper else { return [] }
        switch self {
        case .upright: return [OrientationRun(range: lower..<upper, orientation: .upright)]
        case .sideways: return [OrientationRun(range: lower..<upper, orientation: .sideways)]
        case .mixed: break
        }
        let boundaries =
            graphemes.map { GraphemeClusters.boundaries(in: lower..<upper, of: $0) }
            ?? GraphemeClusters.boundaries(in: text, range: lower..<upper)
        var runs: [OrientationRun] = []
        var start = lower, current: GlyphOrientation? = nil
        text.withUnsafeBufferPointer { units in
            for clusterStart in boundaries where clusterStart < upper {
                let base = UTF16Decoder.scalar(in: units, at: clusterStart, end: upper).scalar
                let orientation = VerticalOrientation(base)
                let standing = orientation.glyphOrientation(
                    hasVerticalAlternate: orientation == .transformedRotated && hasVerticalAlternate(base))
                if let current, current != standing {
                    runs.append(OrientationRun(range: start..<clusterStart, orientation: current))
                    start = clusterStart
                }
                current = standing
            }
        }
        if let current { runs.append(OrientationRun(range: start..<upper, orientation: current)) }
        return runs
    }
}
