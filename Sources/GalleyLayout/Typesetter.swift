// The typesetter: analyses an attributed text paragraph by paragraph (once, cached), suggests
// where lines break and creates lines. CoreText's CTTypesetter in Swift terms.
import Foundation
import GalleyFonts
import GalleyShaping
import GalleySync
import GalleyText
import GalleyUnicode

/// Like CTTypesetter. Thread-safe: paragraphs are analysed on first use and cached, and so are the
/// lines a rectangular frame made of each whole paragraph (for the last width only).
public final class Typesetter: Sendable {
    /// The text being laid out.
    public let text: AttributedText
    /// Where fallback fonts come from.
    public var fonts: FontCollection { environment.fonts }
    /// The font of characters that have no font attribute (by default the collection's DejaVu
    /// Sans 12, like CoreText's Helvetica 12).
    public var defaultFont: Font { environment.defaultFont }
    /// Both of the above and the shaping cache; paragraphs are analysed with its shaper, which
    /// their lines keep (a truncation token is shaped with it).
    let environment: LayoutEnvironment
    /// The options the typesetter was made with. Like the options of
    /// CTTypesetterCreateWithAttributedStringAndOptions.
    public let options: TypesetterOptions
    let paragraphs: [ParagraphSpan]
    /// What this typesetter has found out per paragraph, behind one lock (see `ParagraphStates`).
    let state: Locked<ParagraphStates>
    /// Analyses taken over from a previous typesetter for paragraphs an edit left unchanged, with
    /// the offset change to apply; consumed into their slots of `state` on first use.
    private let inherited: [Int: (analysis: ParagraphAnalysis, delta: Int)]
    /// How many paragraph analyses this typesetter took over from the one it was made from.
    package var inheritedParagraphCount: Int { inherited.count }
    /// How many paragraphs' lines this typesetter took over from the one it was made from.
    package let inheritedLineCount: Int
    /// The axis every paragraph is analysed for: `.vertical` for the typesetter of vertical
    /// frames (see `typesetter(along:)`); a horizontal typesetter's paragraphs are vertical only
    /// when their first character asks for vertical forms.
    package let lineAxis: LineAxis
    /// The typesetter of this text's vertical frames, made on first use (or taken over, for
    /// the unchanged paragraphs, from the typesetter an edited one was made from); only a
    /// horizontal typesetter has one. Kept in `state`.
    private var verticalSibling: Typesetter? { state.withLock { $0.verticalSibling } }

    /// Creates a typesetter for `text`. Like CTTypesetterCreateWithAttributedString.
    /// Without `defaultFont`, characters without a font attribute take `fonts`' DejaVu Sans at
    /// 12 pt (the shared collection is only the default of `fonts`, never used behind a given one).
    /// Shaped words are looked up in and added to `shapingCache` (see `ShapingCache`; one with a
    /// capacity of 0 makes every paragraph shaped by HarfBuzz from scratch); the glyphs are the
    /// same either way.
    /// - Throws: `LayoutError.noDefaultFont` when no default font was given and none could be
    ///   loaded from `fonts`.
    /// With `options` (default: none), like CTTypesetterCreateWithAttributedStringAndOptions.
    public convenience init(
        _ text: AttributedText, defaultFont: Font? = nil, fonts: FontCollection = .shared,
        shapingCache: ShapingCache = .shared, options: TypesetterOptions = TypesetterOptions()
    ) throws(LayoutError) {
        let font: Font
        if let defaultFont {
            font = defaultFont
        } else {
            do throws(FontError) {
                font = try LayoutEnvironment.defaultFont(in: fonts)
            } catch {
                throw .noDefaultFont(error.description)
            }
        }
        self.init(
            text, environment: LayoutEnvironment(fonts: fonts, defaultFont: font, shapingCache: shapingCache),
            options: options)
    }

    /// A typesetter laying `text` out with `environment`'s fonts.
    init(
        _ text: AttributedText, environment: LayoutEnvironment, options: TypesetterOptions = TypesetterOptions(),
        lineAxis: LineAxis = .horizontal
    ) {
        self.text = text
        self.environment = environment
        self.options = options
        self.lineAxis = lineAxis
        let paragraphs = ParagraphSplitter.split(text.utf16)
        self.paragraphs = paragraphs
        state = Locked(ParagraphStates(count: paragraphs.count))
        self.inherited = [:]
        self.inheritedLineCount = 0
    }

    /// Creates a typesetter for `text`, an edited version of `previous.text`, that reuses the
    /// analysis (bidi, shaping, break opportunities) of every paragraph the edit left unchanged —
    /// the same characters and attributes, found by comparing the paragraphs from the start and from
    /// the end — and the lines `previous` last laid out for it in a rectangular frame, so that an
    /// edit to one paragraph of a long text shapes and breaks only that paragraph again: a frame of
    /// the same width takes the other paragraphs' lines as they were, moved to their new offsets
    /// (string ranges and indices shifted; glyphs and positions unchanged). Only paragraphs
    /// `previous` had already analysed or laid out are reused; the rest are analysed on first use
    /// as usual. Nothing of `previous` is kept beyond those analyses and lines. (CoreText has no
    /// equivalent: its typesetters are immutable snapshots.)
    public init(_ text: AttributedText, reusing previous: Typesetter) {
        self.text = text
        self.environment = previous.environment
        self.options = previous.options
        self.lineAxis = previous.lineAxis
        let paragraphs = ParagraphSplitter.split(text.utf16)
        self.paragraphs = paragraphs
        var states = ParagraphStates(count: paragraphs.count)
        let old = previous.paragraphs
        let oldText = previous.text
        let (done, previousSibling) = previous.state.withLock { ($0.slots, $0.verticalSibling) }
        states.verticalSibling = previousSibling.map { Typesetter(text, reusing: $0) }
        var inherited: [Int: (analysis: ParagraphAnalysis, delta: Int)] = [:]
        var inheritedLines: [Int: (lines: CachedParagraphLines, delta: Int)] = [:]
        var prefix = 0
        while prefix < min(old.count, paragraphs.count),
            ParagraphAnalysis.isUnchanged(old: oldText, old[prefix], new: text, paragraphs[prefix])
        {
            if let analysis = done[prefix].analysis { inherited[prefix] = (analysis, 0) }
            if let lines = done[prefix].lines { inheritedLines[prefix] = (lines, 0) }
            prefix += 1
        }
        var suffix = 1
        while suffix <= min(old.count, paragraphs.count) - prefix {
            let o = old.count - suffix
            let n = paragraphs.count - suffix
            guard ParagraphAnalysis.isUnchanged(old: oldText, old[o], new: text, paragraphs[n]) else { break }
            let delta = paragraphs[n].range.lowerBound - old[o].range.lowerBound
            if let analysis = done[o].analysis { inherited[n] = (analysis, delta) }
            if let lines = done[o].lines { inheritedLines[n] = (lines, delta) }
            suffix += 1
        }
        self.inherited = inherited
        states.inheritedLines = inheritedLines
        self.inheritedLineCount = inheritedLines.count
        state = Locked(states)
    }

    /// The index of the paragraph containing `offset` (the last one for the text's end).
    func paragraphIndex(containing offset: Int) -> Int {
        var lo = 0
        var hi = paragraphs.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if paragraphs[mid].range.lowerBound <= offset { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// The analysis of paragraph `index`, computed on first use.
    func analysis(ofParagraph index: Int) -> ParagraphAnalysis {
        if let hit = state.withLock({ $0.slots[index].analysis }) { return hit }
        let made: ParagraphAnalysis
        if let reused = inherited[index] {
            made = reused.analysis.shifted(by: reused.delta)
        } else {
            made = ParagraphAnalysis(
                text: text, span: paragraphs[index], shaper: environment.shaper, forcedLevel: options.forcedLevel,
                lineAxis: lineAxis)
        }
        state.withLock { $0.slots[index].analysis = made }
        return made
    }

    /// The typesetter of this text's frames whose lines run along `axis` (a vertical one for a
    /// `FrameProgression` right to left or left to right): the same text, fonts and options,
    /// with every paragraph analysed for lines along `axis`, as CoreText sets every line of a
    /// vertical frame vertically (characters without vertical forms sideways, see
    /// `VerticalItems`). Its analyses and line caches are its own, so horizontal and vertical
    /// frames of one text never share lines. This typesetter when it is that one already; a
    /// horizontal typesetter keeps the vertical one it made.
    package func typesetter(along axis: LineAxis) -> Typesetter {
        if axis == lineAxis { return self }
        switch axis {
        case .horizontal:
            return Typesetter(text, environment: environment, options: options, lineAxis: .horizontal)
        case .vertical:
            if let sibling = verticalSibling { return sibling }
            // Made outside the lock (it splits the text); the first one stored wins.
            let made = Typesetter(text, environment: environment, options: options, lineAxis: .vertical)
            return state.withLock { state in
                if let sibling = state.verticalSibling { return sibling }
                state.verticalSibling = made
                return made
            }
        }
    }

    func analysis(containing offset: Int) -> ParagraphAnalysis {
        analysis(ofParagraph: paragraphIndex(containing: offset))
    }

    /// The lines of paragraph `index` laid out whole in a rectangle `frameWidth` wide, if this
    /// typesetter (or the one it was made from, for an unchanged paragraph) laid it out so last.
    func cachedLines(ofParagraph index: Int, frameWidth: CGFloat) -> CachedParagraphLines? {
        let (hit, reused) = state.withLock {
            ($0.slots[index].lines, $0.inheritedLines.isEmpty ? nil : $0.inheritedLines[index])
        }
        if let hit {
            return hit.key == LineCacheKey(hit.resolved, frameWidth: frameWidth) ? hit : nil
        }
        guard let reused,
            reused.lines.key == LineCacheKey(reused.lines.resolved, frameWidth: frameWidth)
        else { return nil }
        // The paragraph's layout runs are unchanged; its custom attributes may not be.
        let made = reused.lines.shifted(by: reused.delta).withCustomAttributes(of: text)
        storeLines(made, ofParagraph: index)
        return made
    }

    /// Keeps `lines`, paragraph `index` laid out whole from its start, for frames of the same key.
    func storeLines(_ lines: CachedParagraphLines, ofParagraph index: Int) {
        state.withLock { state in
            state.slots[index].lines = lines
            if !state.inheritedLines.isEmpty { state.inheritedLines.removeValue(forKey: index) }
        }
    }

    /// The validated style and TAB offsets of paragraph `index`, computed on first use.
    func extras(ofParagraph index: Int) -> (style: ResolvedParagraphStyle, tabs: [Int]) {
        if let hit = state.withLock({ $0.slots[index].extras }) { return hit }
        let paragraph = analysis(ofParagraph: index)
        let made = (ResolvedParagraphStyle(paragraph.style), TabLayout.tabs(in: paragraph, units: text.utf16))
        state.withLock { $0.slots[index].extras = made }
        return made
    }

    /// The TAB widths of the line `range` of `paragraph` starting `offset` from the leading margin.
    func tabLayout(_ paragraph: ParagraphAnalysis, range: Range<Int>, offset: CGFloat) -> TabLayout {
        // Most paragraphs have no TAB: skip the lock and lookup of their extras.
        guard paragraph.hasTabs else { return .none }
        let (style, tabs) = extras(ofParagraph: paragraphIndex(containing: paragraph.span.range.lowerBound))
        if tabs.isEmpty { return .none }
        return TabLayout(
            paragraph: paragraph, style: style, tabs: tabs, range: range, offset: offset, units: text.utf16)
    }

    /// The measure of lines of `paragraph` starting at `start`, `offset` from the leading margin,
    /// for line breaking; nil when the paragraph has no TAB.
    func tabLineMeasure(_ paragraph: ParagraphAnalysis, from start: Int, offset: CGFloat) -> TabLineMeasure? {
        guard paragraph.hasTabs else { return nil }
        let (style, tabs) = extras(ofParagraph: paragraphIndex(containing: paragraph.span.range.lowerBound))
        if tabs.isEmpty { return nil }
        return TabLineMeasure(
            paragraph: paragraph, style: style, tabs: tabs, start: start, offset: offset, units: text.utf16)
    }

    // MARK: Breaking

    /// How many UTF-16 code units starting at `start` fit on a line of `width`, breaking at a
    /// UAX #14 opportunity (or, for a word longer than the line, between grapheme clusters).
    /// The count includes trailing whitespace, which hangs past the width, and the paragraph
    /// separator or line separator that ends the line; it is never 0 for a start inside the text.
    /// Like CTTypesetterSuggestLineBreakWithOffset: `offset` is the line's distance from the
    /// paragraph's leading margin (its head indent), which only matters for TABs, whose stops are
    /// measured from that margin. Only the wrapping rule of the paragraph's line-break mode is
    /// used (character wrapping for `.charWrapping`, word wrapping for every other mode).
    public func suggestLineBreak(startingAt start: Int, width: CGFloat, offset: CGFloat = 0) throws(LayoutError) -> Int
    {
        try validate(start: start, width: width, offset: offset)
        if start == text.length { return 0 }
        let paragraph = analysis(containing: start)
        let mode = paragraph.style.lineBreakMode
        return lineEnd(paragraph, from: start, width: width, clusterOnly: mode == .charWrapping, offset: offset) - start
    }

    /// Like `suggestLineBreak`, but breaks at any grapheme cluster boundary, with no linguistic
    /// analysis (hard breaks are still honoured). Like CTTypesetterSuggestClusterBreakWithOffset.
    public func suggestClusterBreak(startingAt start: Int, width: CGFloat, offset: CGFloat = 0) throws(LayoutError)
        -> Int
    {
        try validate(start: start, width: width, offset: offset)
        if start == text.length { return 0 }
        return lineEnd(analysis(containing: start), from: start, width: width, clusterOnly: true, offset: offset)
            - start
    }

    private func validate(start: Int, width: CGFloat, offset: CGFloat) throws(LayoutError) {
        guard start >= 0, start <= text.length else { throw .indexOutOfBounds(index: start, length: text.length) }
        guard !width.isNaN, width >= 0 else { throw .invalidGeometry("line width \(width) must be a number ≥ 0") }
        guard offset.isFinite else { throw .invalidGeometry("line offset \(offset) must be finite") }
    }

    // MARK: Lines

    /// The line for `range`: glyphs in visual order, positioned from the line origin. A range that
    /// crosses a paragraph separator is cut at the end of the first paragraph (a line never spans
    /// paragraphs). `offset` is the line's distance from the paragraph's leading margin, used to
    /// place TABs at their stops. Like CTTypesetterCreateLineWithOffset.
    public func line(for range: Range<Int>, offset: CGFloat = 0) throws(LayoutError) -> Line {
        guard range.lowerBound >= 0, range.upperBound <= text.length else {
            throw .rangeOutOfBounds(range: range, length: text.length)
        }
        guard offset.isFinite else { throw .invalidGeometry("line offset \(offset) must be finite") }
        let paragraph = analysis(containing: range.lowerBound)
        let end = min(range.upperBound, paragraph.span.range.upperBound)
        return makeLine(paragraph, range: range.lowerBound..<end, offset: offset)
    }

    /// The line for `range` inside `paragraph`, TABs placed for `offset`, with a hyphen after its
    /// last character when `hyphenated`.
    func makeLine(_ paragraph: ParagraphAnalysis, range: Range<Int>, offset: CGFloat, hyphenated: Bool = false)
        -> Line
    {
        let glyphEnd = min(range.upperBound, paragraph.content.upperBound)
        let tabs = tabLayout(paragraph, range: range.lowerBound..<max(range.lowerBound, glyphEnd), offset: offset)
        return LineBuilder.line(paragraph, range: range, text: text, tabs: tabs, hyphenated: hyphenated)
    }

    /// The end of the line a single-line mode (clipping, truncation) makes from `start`: the next
    /// mandatory break (U+2028 or the paragraph's end), separator included.
    func singleLineEnd(_ paragraph: ParagraphAnalysis, from start: Int) -> Int {
        let breaks = paragraph.breaks
        var i = firstBreak(after: start, in: breaks)
        while i < breaks.count {
            if breaks[i].isMandatory, breaks[i].offset < paragraph.content.upperBound { return breaks[i].offset }
            i += 1
        }
        return paragraph.span.range.upperBound
    }
}
