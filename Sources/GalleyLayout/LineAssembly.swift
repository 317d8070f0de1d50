// The one place a line is made. Pieces of glyphs — blocks of a paragraph's shaped items (line
// breaking), slices of a line's runs and the runs of a token (truncation), a line's own runs
// with extra advances (justification) — are put in visual order (UAX #9 rule L2), laid along
// the line's inline axis from its origin, turned into glyph runs and measured. A finished run
// is a source of its own: its glyphs are moved along the line as they stand, never turned back
// into shaped items.
import Foundation
import GalleyFonts
import GalleyShaping
import GalleyText
import GalleyUnicode

/// A stretch of a line: a block of one shaped item's glyphs at a bidi level, or glyphs of a
/// finished glyph run (`fromRun`).
struct LinePiece {
    /// The item the glyphs come from: `sources[source]` (see `LinePieceSources`); for a piece
    /// `fromRun`, the run `sources.runs[source]`.
    let source: Int
    /// The glyph indices in the item's storage (visual order of the item), or in the run.
    let glyphs: Range<Int>
    /// The UTF-16 range the piece covers.
    let range: Range<Int>
    let level: UInt8
    /// True when the glyphs are taken in reverse (the level's direction differs from the item's).
    var flip: Bool = false
    /// True for a piece of a truncation token.
    var isTruncationToken: Bool = false
    /// True when the glyphs come from a finished run (`LinePieceSources.runs`), not an item.
    var fromRun: Bool = false

    /// The same glyphs at another bidi level; when the direction changes, their visual order flips.
    func releveled(to newLevel: UInt8) -> LinePiece {
        var piece = LinePiece(source: source, glyphs: glyphs, range: range, level: newLevel)
        piece.flip = flip != ((level & 1) != (newLevel & 1))
        piece.isTruncationToken = isTruncationToken
        piece.fromRun = fromRun
        return piece
    }

    /// A piece of `sources.runs[source]`'s glyphs (see `RunSource`) at the run's level.
    static func run(_ source: Int, of run: GlyphRun, range: Range<Int>, isTruncationToken: Bool) -> LinePiece {
        var piece = LinePiece(source: source, glyphs: 0..<run.glyphCount, range: range, level: run.bidiLevel)
        piece.isTruncationToken = isTruncationToken
        piece.fromRun = true
        return piece
    }
}

/// A finished glyph run used as a source of a new line's glyphs (truncation keeps slices of a
/// line's runs and takes the token line's runs; justification takes a line's runs whole): its
/// glyphs keep their advances and their offsets from their pens, and move with the new pen.
struct RunSource {
    let run: GlyphRun
    /// Only the glyphs whose string index lies here are taken (nil: all).
    var keeping: Range<Int>? = nil
    /// The string index every glyph takes (a token's glyphs take the cut's), or nil.
    var stringIndex: Int? = nil
}

/// The items a line's pieces take their glyphs from: a paragraph's items (sources 0, 1, …) and
/// items made for this line only (sources −1, −2, …: pieces shaped again, runs re-read), so that
/// a piece is a plain value holding no reference.
struct LinePieceSources {
    let items: [ShapedItem]
    let extra: [ShapedItem]
    /// Finished runs whose glyphs pieces `fromRun` take.
    let runs: [RunSource]

    init(items: [ShapedItem] = [], extra: [ShapedItem] = [], runs: [RunSource] = []) {
        self.items = items
        self.extra = extra
        self.runs = runs
    }

    @inline(__always)
    subscript(source: Int) -> ShapedItem { source >= 0 ? items[source] : extra[-source - 1] }

    /// The source number of `extra[k]`.
    static func extraSource(_ k: Int) -> Int { -k - 1 }
}

/// The metrics of a line without glyphs: a font's (looked up only when the line is empty), or
/// given ones.
enum EmptyLineMetrics {
    case font(Font)
    case bounds(TypographicBounds)

    /// The metrics of an empty line along `axis`: a font's as its glyphs would stand there (an
    /// empty vertical line as wide as an upright em, centred on its centre line: see
    /// `GlyphRun.metrics(of:_:)`), or the given ones.
    func values(along axis: LineAxis) -> (ascent: CGFloat, descent: CGFloat, leading: CGFloat) {
        switch self {
        case .font(let font):
            let orientation: GlyphOrientation =
                switch axis {
                case .horizontal: .horizontal
                case .vertical: .upright
                }
            let (ascent, descent) = GlyphRun.metrics(of: font, orientation)
            return (ascent, descent, font.leading)
        case .bounds(let b): return (b.ascent, b.descent, b.leading)
        }
    }
}

/// Everything a line holds that does not come from its pieces.
struct LineFrame {
    let stringRange: Range<Int>
    let paragraphLevel: UInt8
    let endsParagraph: Bool
    /// What the line keeps of its paragraph (boundaries, unit classes, the shaper of its fonts).
    let paragraphText: ParagraphText
    /// The end of the line's range without its trailing whitespace.
    let visibleEnd: Int
    /// The width of that trailing whitespace (capped at the line's width).
    let trailingWhitespaceWidth: CGFloat
    /// The metrics of a line without glyphs.
    let emptyMetrics: EmptyLineMetrics
    /// The axis the line runs along (its paragraph's).
    let lineAxis: LineAxis
    var truncationTokenRange: Range<Int>? = nil
    /// Whether the line shows a hyphen where it breaks inside a word.
    var isHyphenated = false
}

/// Where a glyph record goes on its line. Glyph records hold an advance along the inline axis
/// and an offset (x right, y up, as HarfBuzz gives them); a line's runs get positions and
/// advances in the line's coordinates (origin at the start of the baseline, y up). Horizontal
/// glyphs run along +x.
///
/// Vertical lines run down −y from their origin, the top end of the vertical baseline (the
/// column's centre line); the block axis is x (a baseline shift moves a run to the right).
/// Upright glyphs carry HarfBuzz's TTB offsets, relative to the pen on the centre line; sideways
/// glyphs are a horizontal run turned 90° clockwise about the pen: horizontal x goes down the
/// line, horizontal y (up) goes right, the run's shift placing its baseline (see
/// `LineAssembly.rotatedBaseline`).
extension GlyphOrientation {
    /// The position of a glyph whose pen is `pen` along the inline axis, offset by `offset` and
    /// raised by `shift` (a baseline shift, along the block axis).
    @inline(__always)
    func position(pen: CGFloat, offset: CGPoint, shift: CGFloat?) -> CGPoint {
        switch self {
        case .horizontal: CGPoint(x: pen + offset.x, y: shift.map { offset.y + $0 } ?? offset.y)
        case .upright: CGPoint(x: shift.map { offset.x + $0 } ?? offset.x, y: offset.y - pen)
        case .sideways: CGPoint(x: shift.map { offset.y + $0 } ?? offset.y, y: -(pen + offset.x))
        }
    }

    /// The glyph record's offset (relative to its pen `pen` along the line) that `position`
    /// turns into the line position `position` with no shift: `position`'s inverse.
    @inline(__always)
    func offset(of position: CGPoint, pen: CGFloat) -> CGPoint {
        switch self {
        case .horizontal: CGPoint(x: position.x - pen, y: position.y)
        case .upright: CGPoint(x: position.x, y: position.y + pen)
        case .sideways: CGPoint(x: -position.y - pen, y: position.x)
        }
    }
}

/// The axes a line is laid along, in the line's coordinates (y up): a horizontal line runs
/// along +x and stacks along −y; a vertical line runs down −y and stacks along x. Every advance
/// of a vertical line is (0, −extent).
extension LineAxis {
    /// A glyph's advance as a size in the line's coordinates.
    @inline(__always)
    func advance(_ inline: CGFloat) -> CGSize {
        switch self {
        case .horizontal: CGSize(width: inline, height: 0)
        case .vertical: CGSize(width: 0, height: -inline)
        }
    }

    /// The extent along the line of an advance in the line's coordinates (`advance`'s inverse).
    @inline(__always)
    package func inlineExtent(_ advance: CGSize) -> CGFloat {
        switch self {
        case .horizontal: advance.width
        case .vertical: -advance.height
        }
    }

    /// The box of something on a line (a placeholder), relative to the line's origin: from
    /// `inlineStart` along the line for `extent`, from `descent` below to `ascent` above the
    /// baseline raised by `shift`.
    func box(inlineStart: CGFloat, extent: CGFloat, ascent: CGFloat, descent: CGFloat, shift: CGFloat) -> CGRect {
        switch self {
        case .horizontal: CGRect(x: inlineStart, y: shift - descent, width: extent, height: ascent + descent)
        case .vertical: CGRect(x: shift - descent, y: -(inlineStart + extent), width: ascent + descent, height: extent)
        }
    }

    /// A line's origin in a frame box of `size` (y up) for a line starting `inline` along the
    /// inline axis and whose baseline is `depth` into the box along the block axis (from the
    /// side where lines start: the top for horizontal lines, the right for vertical ones, as in
    /// vertical-rl; `Framesetter` mirrors it for vertical-lr).
    func origin(inline: CGFloat, depth: CGFloat, in size: CGSize) -> CGPoint {
        switch self {
        case .horizontal: CGPoint(x: inline, y: size.height - depth)
        case .vertical: CGPoint(x: size.width - depth, y: size.height - inline)
        }
    }
}

extension TypographicBounds {
    /// Grows ascent, descent and leading to cover a run's `metrics`.
    @inline(__always)
    mutating func include(_ metrics: (ascent: CGFloat, descent: CGFloat, leading: CGFloat)) {
        ascent = max(ascent, metrics.ascent)
        descent = max(descent, metrics.descent)
        leading = max(leading, metrics.leading)
    }
}

enum LineAssembly {
    /// The visual order of `pieces` (in logical order): UAX #9 rule L2 over their levels.
    static func visualOrder(_ pieces: [LinePiece]) -> [Int] {
        pieces.count == 1 ? [0] : BidiParagraph.visualOrder(levels: pieces.map(\.level))
    }

    /// How one assembly treats its glyphs.
    struct Options {
        /// Widths of the line's TABs (the shaper gives a TAB a space's advance).
        var tabs: TabLayout = .none
        /// Extra advance for each glyph of the line in visual order (justification), or nil.
        var extraAdvances: [CGFloat]? = nil
        /// Whether a piece without glyphs becomes an (empty) run.
        var keepsEmptyPieces = true
    }

    /// The line made of `pieces` taken in `order` (visual order, left to right along the inline
    /// axis): each piece one glyph run, every run's values stretches of one block for the whole
    /// line (see `LineGlyphBlock`). Ascent, descent and leading are the maxima
    /// over the runs (`frame.emptyMetrics` without runs); the width is where the pen ends. The
    /// line's ruby is placed here, before the line exists (`RubyLayout`, its readings shaped by
    /// the paragraph's shaper), and its bounds grown to hold it.
    static func line(
        _ pieces: [LinePiece], order: [Int], sources: LinePieceSources, frame: LineFrame,
        options: Options = Options()
    ) -> Line {
        let total = pieces.reduce(0) { $0 + $1.glyphs.count }
        var pen: CGFloat = 0
        var runs: [GlyphRun] = []
        runs.reserveCapacity(order.count)
        // Ascent, descent and leading: the maxima over the runs, taken as each is made.
        var bounds = TypographicBounds(width: 0, ascent: 0, descent: 0, leading: 0)
        // Per run, in visual order: where its values are, its pen start and its baseline shift.
        typealias Placed = (values: Range<Int>, start: CGFloat, shift: CGFloat)
        withUnsafeTemporaryAllocation(of: Placed.self, capacity: order.count) { placed in
            var writer = LineGlyphWriter(capacity: total)
            for (r, index) in order.enumerated() {
                let piece = pieces[index]
                if piece.fromRun {
                    let start = pen
                    let source = sources.runs[piece.source]
                    let range = writer.append(source, options: options, pen: &pen)
                    placed[r] = (range, start, source.run.baselineShift)
                    continue
                }
                let start = pen
                let (range, shift) = appendShaped(
                    piece, of: sources[piece.source], to: &writer, options: options, pen: &pen)
                placed[r] = (range, start, shift)
            }
            for (r, index) in order.enumerated() {
                let piece = pieces[index]
                let (range, start, shift) = placed[r]
                if !options.keepsEmptyPieces && range.isEmpty { continue }
                let (attributes, font, isPlaceholder, orientation) =
                    piece.fromRun
                    ? sources.runs[piece.source].run.sourceTraits
                    : sources[piece.source].sourceTraits
                let run = GlyphRun(
                    glyphs: writer.glyphs(range), positions: writer.positions(range),
                    advances: writer.advances(range), stringIndices: writer.stringIndices(range),
                    stringRange: piece.range,
                    attributes: attributes, font: font, bidiLevel: piece.level,
                    isPlaceholder: isPlaceholder, originX: start, isTruncationToken: piece.isTruncationToken,
                    baselineShift: shift, orientation: orientation)
                bounds.include(lineHeightMetrics(run))
                runs.append(run)
            }
        }
        if runs.isEmpty {
            (bounds.ascent, bounds.descent, bounds.leading) = frame.emptyMetrics.values(along: frame.lineAxis)
        }
        bounds.width = pen
        let trailing = min(frame.trailingWhitespaceWidth, pen)
        var rubies: [RubyPlacement] = []
        if RubyLayout.hasRuby(runs) {
            rubies = RubyLayout.place(runs, visibleWidth: pen - trailing, text: frame.paragraphText)
            bounds = RubyLayout.grown(bounds, rubies)
        }
        return Line(
            glyphRuns: runs, stringRange: frame.stringRange, typographicBounds: bounds, rubies: rubies,
            trailingWhitespaceWidth: trailing, paragraphLevel: frame.paragraphLevel,
            endsParagraph: frame.endsParagraph, paragraphText: frame.paragraphText, visibleEnd: frame.visibleEnd,
            truncationTokenRange: frame.truncationTokenRange, isHyphenated: frame.isHyphenated,
            lineAxis: frame.lineAxis)
    }

    /// Appends the glyphs of `piece`, a block of the shaped item `source`, to `writer` from
    /// `pen` (advanced past them), raised by the item's baseline shift — and for sideways glyphs
    /// by the offset of their horizontal baseline from the column's centre line. Returns where
    /// they went and the run's baseline shift.
    @inline(__always)
    private static func appendShaped(
        _ piece: LinePiece, of source: ShapedItem, to writer: inout LineGlyphWriter, options: Options,
        pen: inout CGFloat
    ) -> (range: Range<Int>, shift: CGFloat) {
        let shift = baselineShift(source.attributes, font: source.font)
        let raised: CGFloat
        switch source.orientation {
        case .horizontal, .upright: raised = shift
        case .sideways: raised = shift + rotatedBaseline(source.font)
        }
        // A literal orientation for horizontal text lets the inlined glyph loop fold its
        // per-glyph switches (horizontal lines are the hot path).
        switch source.orientation {
        case .horizontal:
            let range = writer.append(
                piece.glyphs, of: source.storage, reversed: piece.flip, shift: raised, orientation: .horizontal,
                options: options, pen: &pen)
            return (range, shift)
        case .upright, .sideways:
            let range = writer.append(
                piece.glyphs, of: source.storage, reversed: piece.flip, shift: raised,
                orientation: source.orientation, options: options, pen: &pen)
            return (range, shift)
        }
    }

    /// What a run asks of its line's height: its ascent, descent and leading, with the height a
    /// line-height attribute asks for (Pango's `line_height`: a multiple of the run's ascent plus
    /// descent, or a height in points; 0 or absent leaves them as they are) shared equally above
    /// and below, as Pango and CSS share half-leading (a smaller height takes from both, the
    /// descent down to 0 at most). The run's own typographic bounds stay the font's, as CoreText's
    /// do.
    @inline(__always)
    static func lineHeightMetrics(_ run: GlyphRun) -> (ascent: CGFloat, descent: CGFloat, leading: CGFloat) {
        let metrics = run.verticalMetrics
        guard let lineHeight = run.attributes.lineHeight, !run.isPlaceholder else { return metrics }
        let natural = metrics.ascent + metrics.descent
        let target: CGFloat =
            switch lineHeight {
            case .multiple(let factor): factor * natural
            case .points(let points): points
            }
        guard target > 0, target.isFinite else { return metrics }
        // Neither part below 0 (a line's metrics never are): what the descent cannot give up
        // comes off the ascent, so the height is the target.
        let descent = max(0, metrics.descent + (target - natural) / 2)
        return (max(0, target - descent), descent, metrics.leading)
    }

    /// Where a rotated run's horizontal baseline lies in a vertical line, right of the centre
    /// line (negative: left of it): its font's ascent-to-descent box is centred on the centre
    /// line, as CSS's central baseline centres sideways text in vertical writing modes.
    static func rotatedBaseline(_ font: Font) -> CGFloat {
        (font.descent - font.ascent) / 2
    }

    /// How far a run with `attributes` in `font` sits above the baseline: the baseline offset
    /// (kCTBaselineOffsetAttributeName, points, positive up), plus the baseline-class alignment
    /// (`BaselineAlignment`), plus the superscript level's shift
    /// (kCTSuperscriptAttributeName; `SuperscriptLayout`: the OS/2 superscript or subscript y
    /// offsets, the itemizer having already scaled the font).
    static func baselineShift(_ attributes: Attributes, font: Font) -> CGFloat {
        var shift = attributes.baselineOffset ?? 0
        if attributes.hasBaselineAlignment { shift += BaselineAlignment.shift(attributes, font: font) }
        if let level = attributes.superscript, level != 0 {
            shift += SuperscriptLayout.baselineShift(level: level, attributes: attributes, font: font)
        }
        return shift
    }
}

extension ShapedItem {
    /// What a glyph run made of the item's glyphs takes from it.
    var sourceTraits: (Attributes, Font, Bool, GlyphOrientation) { (attributes, font, isPlaceholder, orientation) }
}

extension GlyphRun {
    /// What a glyph run made of this run's glyphs takes from it.
    var sourceTraits: (Attributes, Font, Bool, GlyphOrientation) { (attributes, font, isPlaceholder, orientation) }
}
