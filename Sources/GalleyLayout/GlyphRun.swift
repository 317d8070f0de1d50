// A glyph run: glyphs of one font, one attribute set and one direction, positioned relative to
// their line's origin — or one placeholder (U+FFFC) whose size comes from its run delegate.
import Foundation
import GalleyFonts
import GalleyText

/// Like CTRun. Glyphs are in visual order along the line: left to right in a horizontal line,
/// top to bottom in a vertical one (see ``orientation``).
public struct GlyphRun: Sendable {
    /// Like CTRunStatus.
    public struct Status: OptionSet, Sendable, Hashable {
        /// The raw bits.
        public let rawValue: UInt8
        /// Creates a status from its raw bits.
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// The run is right-to-left: its string indices decrease left to right (kCTRunStatusRightToLeft).
        public static let rightToLeft = Status(rawValue: 1)
        /// The string indices are not monotonic in the run's direction (kCTRunStatusNonMonotonic).
        public static let nonMonotonic = Status(rawValue: 2)
        /// The run's ``GlyphRun/textMatrix`` is not the identity: its glyphs are drawn sheared
        /// (the `obliqueness` attribute or the font's synthetic oblique) or stretched (the
        /// `expansion` attribute) (kCTRunStatusHasNonIdentityMatrix).
        public static let hasNonIdentityMatrix = Status(rawValue: 4)
    }

    /// Glyph ids in the run's font. Like CTRunGetGlyphsPtr.
    public let glyphs: RunValues<GlyphID>
    /// Where each glyph is drawn, relative to the line origin (y up). Like CTRunGetPositionsPtr.
    public let positions: RunValues<CGPoint>
    /// Each glyph's advance. Like CTRunGetAdvancesPtr.
    public let advances: RunValues<CGSize>
    /// For each glyph, the UTF-16 index of the first code unit of its cluster. Like CTRunGetStringIndicesPtr.
    public let stringIndices: RunValues<Int>
    /// The UTF-16 range the run covers. Like CTRunGetStringRange.
    public let stringRange: Range<Int>
    /// The attributes of the run's characters. Like CTRunGetAttributes.
    public let attributes: Attributes
    /// The font the glyphs come from; after fallback it may differ from `attributes.font`.
    public let font: Font
    /// Like CTRunGetStatus.
    public let status: Status
    /// The UAX #9 embedding level of the run: odd is right-to-left.
    public let bidiLevel: UInt8
    /// True when the run and the one before it in its line were one run, split only because a
    /// custom attribute changes between them (see `Line.withCustomAttributes(of:)`).
    package internal(set) var continuesPrevious = false

    /// The run delegate when this run is a placeholder (one U+FFFC, no visible glyph).
    public var runDelegate: RunDelegate? { isPlaceholder ? attributes.runDelegate : nil }
    /// True for a placeholder run.
    public let isPlaceholder: Bool
    /// True for a run of a truncation token (see `Line.truncated(width:type:token:)`): its glyphs
    /// and attributes are the token's, and its string indices and range are those of the text the
    /// token stands for.
    public let isTruncationToken: Bool
    // (The flags are declared together: stored properties keep their order, and one-byte
    // values side by side share a word; a run is copied often.)
    /// How the run's glyphs stand on their line. In a vertical line (`orientation.lineAxis` is
    /// `.vertical`) its positions run down −y from the line's origin (the top of the column's
    /// centre line) and its advances are (0, −extent); `.upright` glyphs were shaped with
    /// HarfBuzz's TTB direction and are drawn unturned (like a CTRun of a vertical frame with
    /// `kCTVerticalFormsAttributeName`), `.sideways` glyphs are horizontal glyphs drawn turned
    /// 90° clockwise about their positions.
    public let orientation: GlyphOrientation
    /// How far the run's baseline is raised above the line's (negative: lowered), in points: the
    /// run's `baselineOffset` attribute plus its `superscript` level times the font's OS/2
    /// superscript offset (subscript offset for negative levels). Already included in
    /// `positions` and in the run's ascent and descent. This is the shift that
    /// CTLineGetBoundsWithOptions's `kCTLineBoundsExcludeTypographicShifts` leaves out.
    public let baselineShift: CGFloat
    /// True when the run is right-to-left.
    public var isRightToLeft: Bool { status.contains(.rightToLeft) }
    /// Like CTRunGetGlyphCount.
    public var glyphCount: Int { glyphs.count }

    package init(
        glyphs: [GlyphID], positions: [CGPoint], advances: [CGSize], stringIndices: [Int],
        stringRange: Range<Int>, attributes: Attributes, font: Font, bidiLevel: UInt8, isPlaceholder: Bool,
        originX: CGFloat, isTruncationToken: Bool = false, baselineShift: CGFloat = 0,
        orientation: GlyphOrientation = .horizontal
    ) {
        self.init(
            glyphs: RunValues(glyphs), positions: RunValues(positions), advances: RunValues(advances),
            stringIndices: RunValues(stringIndices), stringRange: stringRange, attributes: attributes, font: font,
            bidiLevel: bidiLevel, isPlaceholder: isPlaceholder, originX: originX, isTruncationToken: isTruncationToken,
            baselineShift: baselineShift, orientation: orientation)
    }

    /// A run whose values are stretches of storage shared with other runs of its line.
    @inline(__always)
    package init(
        glyphs: RunValues<GlyphID>, positions: RunValues<CGPoint>, advances: RunValues<CGSize>,
        stringIndices: RunValues<Int>, stringRange: Range<Int>, attributes: Attributes, font: Font, bidiLevel: UInt8,
        isPlaceholder: Bool, originX: CGFloat, isTruncationToken: Bool = false, baselineShift: CGFloat = 0,
        orientation: GlyphOrientation = .horizontal
    ) {
        self.orientation = orientation
        self.baselineShift = baselineShift
        self.isTruncationToken = isTruncationToken
        self.originX = originX
        self.glyphs = glyphs
        self.positions = positions
        self.advances = advances
        self.stringIndices = stringIndices
        self.stringRange = stringRange
        self.attributes = attributes
        self.font = font
        self.bidiLevel = bidiLevel
        self.isPlaceholder = isPlaceholder
        var status: Status = []
        let rtl = bidiLevel & 1 == 1
        if rtl { status.insert(.rightToLeft) }
        // Against the run's direction anywhere: one loop per direction, over the raw values.
        let nonMonotonic = stringIndices.withUnsafeBufferPointer { indices -> Bool in
            guard indices.count > 1, let p = indices.baseAddress else { return false }
            if rtl {
                for i in 1..<indices.count where p[i] > p[i - 1] { return true }
            } else {
                for i in 1..<indices.count where p[i] < p[i - 1] { return true }
            }
            return false
        }
        if nonMonotonic { status.insert(.nonMonotonic) }
        if GlyphRun.shear(attributes: attributes, font: font) != 0 || GlyphRun.xScale(attributes: attributes) != 1 {
            status.insert(.hasNonIdentityMatrix)
        }
        self.status = status
    }

    /// A copy of `run` with other string indices and range and everything else the same (its
    /// status included, which depends only on the indices' order): for a run moved by an edit.
    init(_ run: GlyphRun, stringIndices: [Int], stringRange: Range<Int>) {
        self.glyphs = run.glyphs
        self.positions = run.positions
        self.advances = run.advances
        self.stringIndices = RunValues(stringIndices)
        self.stringRange = stringRange
        self.attributes = run.attributes
        self.font = run.font
        self.status = run.status
        self.bidiLevel = run.bidiLevel
        self.isPlaceholder = run.isPlaceholder
        self.isTruncationToken = run.isTruncationToken
        self.baselineShift = run.baselineShift
        self.originX = run.originX
        self.orientation = run.orientation
        self.continuesPrevious = run.continuesPrevious
    }

    /// The run's vertical metrics: its delegate's for a placeholder, else its font's, moved by
    /// the baseline shift (a raised run reaches higher and less low).
    /// In a vertical line, ascent and descent are the half-widths of the column right and left of
    /// its centre line: an upright run's em box halves (HarfBuzz centres TTB glyphs on the pen),
    /// a rotated run's centred ascent + descent halves (see `LineAssembly.rotatedBaseline`).
    var verticalMetrics: (ascent: CGFloat, descent: CGFloat, leading: CGFloat) {
        if let delegate = runDelegate { return (delegate.ascent + baselineShift, delegate.descent - baselineShift, 0) }
        let (ascent, descent) = GlyphRun.metrics(of: font, orientation)
        return (ascent + baselineShift, descent - baselineShift, font.leading)
    }

    /// The ascent and descent of `font`'s glyphs standing as `orientation` says, before any
    /// baseline shift: the font's own in a horizontal line; in a vertical line the half-widths of
    /// the column right and left of its centre line — an upright run's em box halves (HarfBuzz
    /// centres TTB glyphs on the pen), a sideways run's centred ascent + descent halves (see
    /// `LineAssembly.rotatedBaseline`). An empty line of a vertical paragraph takes the upright
    /// values of its font.
    static func metrics(of font: Font, _ orientation: GlyphOrientation) -> (ascent: CGFloat, descent: CGFloat) {
        switch orientation {
        case .horizontal: (font.ascent, font.descent)
        case .upright: (font.size / 2, font.size / 2)
        case .sideways: ((font.ascent + font.descent) / 2, (font.ascent + font.descent) / 2)
        }
    }

    /// The run's typographic bounds. Like CTRunGetTypographicBounds over all glyphs.
    public var typographicBounds: TypographicBounds {
        typographicBounds(forGlyphs: 0..<glyphs.count)
    }

    /// The typographic bounds of a range of glyph indices (clamped to the run). Like
    /// CTRunGetTypographicBounds, whose range is also in glyphs: the width is the sum of those
    /// glyphs' advances; ascent, descent and leading are the run's.
    public func typographicBounds(forGlyphs range: Range<Int>) -> TypographicBounds {
        let lo = max(0, min(range.lowerBound, glyphs.count))
        let hi = max(lo, min(range.upperBound, glyphs.count))
        var width: CGFloat = 0
        switch orientation.lineAxis {
        case .horizontal: for i in lo..<hi { width += advances[i].width }
        case .vertical: for i in lo..<hi { width -= advances[i].height }
        }
        let m = verticalMetrics
        return TypographicBounds(width: width, ascent: m.ascent, descent: m.descent, leading: m.leading)
    }

    /// Where the run starts along the line (its first glyph's pen position) from the line origin:
    /// the x of its left edge in a horizontal line, the distance down a vertical one.
    public let originX: CGFloat
    /// The sum of the run's advances (along the line: in a vertical run, the sum of −height).
    public var width: CGFloat {
        switch orientation.lineAxis {
        case .horizontal: advances.reduce(0) { $0 + $1.width }
        case .vertical: advances.reduce(0) { $0 - $1.height }
        }
    }

    /// The union of the glyphs' ink rectangles as the renderer draws them, relative to the line
    /// origin (y up): sheared by ``textMatrix``, grown by synthetic bold and by half the stroke
    /// width (see ``imageBounds(forGlyphs:)``). A placeholder's image bounds are its delegate's
    /// box. Like CTRunGetImageBounds with no context.
    public var imageBounds: CGRect {
        if let delegate = runDelegate {
            return orientation.lineAxis.box(
                inlineStart: originX, extent: delegate.width, ascent: delegate.ascent, descent: delegate.descent,
                shift: baselineShift)
        }
        return imageBounds(forGlyphs: 0..<glyphs.count)
    }
}
