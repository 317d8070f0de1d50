// Everything the typesetter needs to know about one paragraph, computed once: bidi levels,
// items shaped by HarfBuzz over the whole paragraph, break opportunities, grapheme clusters,
// and the logical advance of every code unit (so the width of any range is two lookups).
import Foundation
import GalleyFonts
import GalleyText
import GalleyUnicode

/// One paragraph, analysed and shaped. Immutable and Sendable: the typesetter caches it and
/// builds any number of lines from it. A final class rather than a struct: it is handed around
/// once per line, and a copy of a struct of a dozen arrays retains each of them.
package final class ParagraphAnalysis: Sendable {
    /// The paragraph, separator included.
    package let span: ParagraphSpan
    /// The paragraph style (its first character's, as CoreText takes it).
    package let style: ParagraphStyle
    /// 0 for a left-to-right paragraph, 1 for right-to-left.
    package let baseLevel: UInt8
    /// Bidi level per code unit of the content.
    package let levels: [UInt8]
    /// Shaped items in logical order, covering the content exactly.
    package let items: [ShapedItem]
    /// Line-break opportunities inside the content (offsets in the whole text), ascending, as the
    /// paragraph style's strictness and word breaking tailor them (ParagraphBreaks.swift); the
    /// content end is always one.
    package let breaks: [LineBreakOpportunity]
    /// Grapheme cluster boundaries of the content, both ends included.
    package let graphemes: [Int]
    /// prefixAdvance[i - content.lowerBound] is the total advance of the content's code units before i
    /// (each glyph's advance counted at its cluster's first code unit). Count = content.count + 1.
    package let prefixAdvance: [CGFloat]
    /// safeToBreak[i - content.lowerBound]: whether a line may start or end at offset i without
    /// its shaping changing there (`safeBreaks(of:content:)`). Count = content.count + 1.
    package let safeToBreak: [Bool]
    /// The class of each code unit of the content (`UnitClass`: whitespace that hangs at the end
    /// of a line, spaces, punctuation that may hang); the same array as `text`'s.
    package let unitClasses: [UnitClass]
    /// Whether the content holds a TAB (U+0009): lines of a paragraph without one need no tab layout.
    package let hasTabs: Bool
    /// The font used for line metrics when a line has no glyphs (an empty paragraph).
    package let fallbackMetricsFont: Font
    /// Whether any item has a non-zero tracking attribute (only then can a line end in tracking
    /// that hangs like trailing whitespace; line fitting asks at every break).
    package let hasTracking: Bool
    /// Whether any item trims CJK punctuation or autospaces (`CJKSpacing`): only then do a
    /// line's edges change its width (GalleyLayout's `LineEdgeSpacing`).
    package let hasCJKSpacing: Bool
    /// The axis of the paragraph's lines: in vertical lines its items are upright (shaped TTB)
    /// or sideways (shaped horizontally), and advances are extents down the line.
    package let lineAxis: LineAxis
    /// What the paragraph's lines keep of it: its grapheme boundaries (the same array as
    /// `graphemes`), the class of each code unit, the shaper of its fonts.
    package let text: ParagraphText

    /// The paragraph without its separator. Inlinable, as are `width(of:)` and
    /// `endTrimmingWhitespace(_:)`: the breakers in GalleyLayout ask them for every line they try.
    @inlinable package var content: Range<Int> { span.contentRange }

    /// The width of the logical range `range` (clamped to the content), from the shaped advances.
    @inlinable
    package func width(of range: Range<Int>) -> CGFloat {
        let lo = max(range.lowerBound, content.lowerBound) - content.lowerBound
        let hi = min(range.upperBound, content.upperBound) - content.lowerBound
        guard hi > lo else { return 0 }
        return prefixAdvance[hi] - prefixAdvance[lo]
    }

    /// The end of `range` with trailing whitespace removed.
    @inlinable
    package func endTrimmingWhitespace(_ range: Range<Int>) -> Int {
        var end = min(range.upperBound, content.upperBound)
        while end > range.lowerBound, unitClasses[end - 1 - content.lowerBound].contains(.hangs) { end -= 1 }
        return end
    }

    /// An analysis from its parts (used to move one to a new offset, whose `safeToBreak` holds
    /// as it is: it counts from the content's start). `safeToBreak` is read off the items when nil.
    init(
        span: ParagraphSpan, style: ParagraphStyle, baseLevel: UInt8, levels: [UInt8], items: [ShapedItem],
        breaks: [LineBreakOpportunity], graphemes: [Int], prefixAdvance: [CGFloat], unitClasses: [UnitClass],
        hasTabs: Bool, fallbackMetricsFont: Font, lineAxis: LineAxis = .horizontal, text: ParagraphText,
        safeToBreak: [Bool]? = nil
    ) {
        self.lineAxis = lineAxis
        self.text = text
        self.span = span
        self.style = style
        self.baseLevel = baseLevel
        self.levels = levels
        self.items = items
        self.breaks = breaks
        self.graphemes = graphemes
        self.prefixAdvance = prefixAdvance
        self.safeToBreak = safeToBreak ?? ParagraphAnalysis.safeBreaks(of: items, content: span.contentRange)
        self.unitClasses = unitClasses
        self.hasTabs = hasTabs
        self.fallbackMetricsFont = fallbackMetricsFont
        self.hasTracking = items.contains { item in item.attributes.tracking.map { $0 != 0 } ?? false }
        self.hasCJKSpacing = items.contains { item in
            (item.attributes.textSpacingTrim ?? .spaceAll) != .spaceAll
                || (item.attributes.textAutospace ?? .noAutospace) != .noAutospace
        }
    }

    /// Analyses and shapes one paragraph of `text`, taking shaped words from `cache` where it can
    /// (without one, every item is shaped by HarfBuzz).
    /// With `forcedLevel`, every character of the paragraph gets that embedding level and the
    /// bidi algorithm is not run (directional controls and `writingDirection` attributes are
    /// ignored), as CoreText's kCTTypesetterOptionForcedEmbeddingLevel asks.
    /// The paragraph is set in vertical lines when its first character has vertical forms
    /// (`Attributes.verticalForms`, as CoreText takes the paragraph style from it) or when
    /// `vertical` is given, or when `lineAxis` is vertical (every paragraph of a vertical frame,
    /// as CoreText sets a frame with a vertical progression in vertical lines); its characters are
    /// then oriented as that text orientation says, or as each run's attributes say (see
    /// `VerticalItems`: runs without vertical forms are rotated).
    package convenience init(
        text: AttributedText, span: ParagraphSpan, defaultFont: Font, fonts: FontCollection,
        cache: ShapingCache? = nil, forcedLevel: UInt8? = nil, vertical: TextOrientation? = nil,
        lineAxis requested: LineAxis = .horizontal
    ) {
        self.init(
            text: text, span: span, shaper: TextShaper(fonts: fonts, defaultFont: defaultFont, cache: cache),
            forcedLevel: forcedLevel, vertical: vertical, lineAxis: requested)
    }

    /// As `init(text:span:defaultFont:fonts:cache:forcedLevel:vertical:lineAxis:)`, with the
    /// fonts, default font and cache of `shaper`, which the paragraph's lines keep (``text``).
    package convenience init(
        text: AttributedText, span: ParagraphSpan, shaper: TextShaper, forcedLevel: UInt8? = nil,
        vertical: TextOrientation? = nil, lineAxis requested: LineAxis = .horizontal
    ) {
        let (defaultFont, fonts, cache) = (shaper.defaultFont, shaper.fonts, shaper.cache)
        let content = span.contentRange
        let units = text.utf16
        // CoreText takes the paragraph style of the paragraph's first character.
        let firstAttributes =
            span.range.isEmpty ? Attributes() : ParagraphRuns.attributes(of: text, at: span.range.lowerBound)
        let style = firstAttributes.paragraphStyle ?? .default
        let metricsFont = firstAttributes.font ?? defaultFont
        let direction = style.baseWritingDirection
        let lineAxis: LineAxis =
            requested == .vertical || vertical != nil || firstAttributes.verticalForms == true ? .vertical : .horizontal
        guard !content.isEmpty else {
            self.init(
                span: span, style: style, baseLevel: forcedLevel ?? (direction == .rightToLeft ? 1 : 0), levels: [],
                items: [],
                breaks: [LineBreakOpportunity(offset: content.upperBound, isMandatory: false)],
                graphemes: [content.lowerBound], prefixAdvance: [0], unitClasses: [], hasTabs: false,
                fallbackMetricsFont: metricsFont, lineAxis: lineAxis,
                text: ParagraphText(
                    graphemes: [content.lowerBound], classes: [], contentStart: content.lowerBound, shaper: shaper))
            return
        }
        let (baseLevel, levels) =
            forcedLevel.map { ($0, [UInt8](repeating: $0, count: content.count)) }
            ?? ExplicitBidi.levels(text: text, content: content, direction: direction)
        let graphemes = GraphemeClusters.boundaries(in: units, range: content)
        let breaks = ParagraphAnalysis.breakOpportunities(
            text: text, content: content, style: style, language: firstAttributes.language, graphemes: graphemes)
        var specs = VariantSynthesis.split(
            Itemizer.items(
                text: text, content: content, levels: levels, graphemes: graphemes, defaultFont: defaultFont,
                fonts: fonts),
            units: units)
        switch lineAxis {
        case .horizontal: break
        case .vertical:
            specs = VerticalItems.split(specs, units: units, orientation: vertical, graphemes: graphemes)
        }
        let (items, storage) = ParagraphAnalysis.shapeItems(specs, units: units, content: content, cache: cache)
        let (classes, hasTabs) = ParagraphAnalysis.unitClasses(of: units, in: content)
        self.init(
            span: span, style: style, baseLevel: baseLevel, levels: levels, items: items, breaks: breaks,
            graphemes: graphemes, prefixAdvance: ParagraphAnalysis.prefixAdvances(of: storage, content: content),
            unitClasses: classes, hasTabs: hasTabs, fallbackMetricsFont: metricsFont,
            lineAxis: lineAxis,
            text: ParagraphText(
                graphemes: graphemes, classes: classes, contentStart: content.lowerBound, shaper: shaper))
    }

    /// Shapes every item of a paragraph into one storage (a paragraph has about one glyph per
    /// code unit), through `cache` when given.
    private static func shapeItems(
        _ specs: [ItemSpec], units: [UInt16], content: Range<Int>, cache: ShapingCache?
    ) -> (items: [ShapedItem], storage: GlyphStorage) {
        var shaped = ShapedGlyphs(base: content.lowerBound)
        shaped.glyphs.reserveCapacity(content.count)
        var glyphRanges: [Range<Int>] = []
        glyphRanges.reserveCapacity(specs.count)
        // Through the buffer, not `for spec in specs`: iterating (or subscripting the array) would
        // copy each spec (its font, attributes and script retained and released again).
        return specs.withUnsafeBufferPointer { specs in
            for i in specs.indices {
                glyphRanges.append(
                    ParagraphAnalysis.shape(
                        specs[i], units: units, context: content, range: specs[i].range, into: &shaped, cache: cache))
            }
            let storage = GlyphStorage(shaped)
            var items: [ShapedItem] = []
            items.reserveCapacity(specs.count)
            for i in specs.indices {
                items.append(
                    ShapedItem(
                        range: specs[i].range, font: specs[i].font, attributes: specs[i].attributes,
                        level: specs[i].level, script: specs[i].script, storage: storage, glyphRange: glyphRanges[i],
                        orientation: specs[i].orientation))
            }
            return (items, storage)
        }
    }

    /// The total advance before each code unit of `content` (and after the last), from the glyphs
    /// in `storage`: each glyph's advance is added at its cluster's first code unit (slot i + 1),
    /// then the slots are summed into prefix sums, in one array.
    private static func prefixAdvances(of storage: GlyphStorage, content: Range<Int>) -> [CGFloat] {
        let count = content.count
        var prefix = [CGFloat](repeating: 0, count: count + 1)
        prefix.withUnsafeMutableBufferPointer { sums in
            storage.glyphs.withUnsafeBufferPointer { glyphs in
                // Clusters count from the content's start (the storage's base).
                for glyph in glyphs {
                    let slot = Int(glyph.cluster)
                    precondition(slot >= 0 && slot < count, "cluster outside the paragraph")
                    sums[slot + 1] += glyph.advance
                }
            }
            for i in 0..<count { sums[i + 1] += sums[i] }
        }
        return prefix
    }

    /// The class of each code unit of `content` (see `UnitClass`), and whether any is a TAB.
    private static func unitClasses(
        of units: [UInt16], in content: Range<Int>
    ) -> (classes: [UnitClass], hasTabs: Bool) {
        let base = content.lowerBound
        var classes = [UnitClass](repeating: [], count: content.count)
        var tab = false
        let (low, high) = (UnitClass.low, UnitClass.high)
        let (lowEnd, highStart) = (UnitClass.lowEnd, UnitClass.highStart)
        units.withUnsafeBufferPointer { units in
            classes.withUnsafeMutableBufferPointer { classes in
                low.withUnsafeBufferPointer { low in
                    for k in 0..<content.count {
                        let unit = units[base + k]
                        // As `UnitClass(unit)`, with the tables at hand; most units have no class.
                        var c =
                            unit < lowEnd
                            ? low[Int(unit)]
                            : unit < highStart
                                ? (UnitClass.isKanjiUnit(unit) ? .kanji : []) : high[Int(unit - highStart)]
                        // The low surrogate of a supplementary ideograph is one too.
                        if k > 0, unit & 0xFC00 == 0xDC00, classes[k - 1].contains(.kanji),
                            units[base + k - 1] & 0xFC00 == 0xD800
                        {
                            c = .kanji
                        }
                        if c.rawValue == 0 { continue }
                        classes[k] = c
                        if unit == 0x09 { tab = true }
                    }
                }
            }
        }
        return (classes, tab)
    }

    /// Whether a code unit is whitespace that hangs past the end of a line: the White_Space
    /// characters of PropList.txt (all in the BMP: TAB…CR, SPACE, NEL, U+1680, U+2000–U+200A,
    /// U+2028, U+2029, U+205F, U+3000) except the no-break spaces U+00A0, U+2007 and U+202F,
    /// which do not allow a break and so never end a line.
    @inline(__always)
    package static func hangsAtLineEnd(_ unit: UInt16) -> Bool {
        switch unit {
        case 0x09...0x0D, 0x20, 0x85, 0x1680, 0x2000...0x2006, 0x2008...0x200A, 0x2028, 0x2029, 0x205F, 0x3000:
            return true
        default:
            return false
        }
    }

    /// Shapes `range` (inside `spec.range`) of an item with the paragraph content as context,
    /// appending its glyphs to `glyphs`, through `cache` when given; returns where they are.
    package static func shape(
        _ spec: ItemSpec, units: [UInt16], context: Range<Int>, range: Range<Int>, into glyphs: inout ShapedGlyphs,
        cache: ShapingCache? = nil
    ) -> Range<Int> {
        let first = glyphs.count
        if spec.attributes.hasRunDelegate, let delegate = spec.attributes.runDelegate {
            // A placeholder (one cluster: a U+FFFC or any text under a run delegate): one
            // glyph-less slot as wide as its delegate says.
            glyphs.glyphs.append(
                ShapedGlyph(
                    id: 0, cluster: Int32(range.lowerBound - glyphs.base), unsafeToBreak: false,
                    advance: delegate.width,
                    offset: .zero))
        } else if TateChuYoko.combines(spec, units: units, range: range) {
            TateChuYoko.shape(spec, units: units, context: context, range: range, into: &glyphs)
        } else {
            var request = ShapingRequest(
                text: units, context: context, range: range, font: spec.font, rightToLeft: spec.level & 1 == 1,
                script: spec.script, language: spec.attributes.language,
                kern: TextSpacing.extraAdvance(spec.attributes),
                features: FeatureSettings.features(for: spec.attributes, font: spec.font),
                transform: spec.attributes.textTransform.map(CaseChange.init), show: spec.attributes.show ?? [])
            request.expansion = TextSpacing.expansionFactor(spec.attributes)
            request.orientation = spec.orientation
            if let cache { cache.shape(request, into: &glyphs) } else { HarfBuzzShaper.shape(request, into: &glyphs) }
            if spec.attributes.hasGlyphInfo, let info = spec.attributes.glyphInfo {
                GlyphInfoSubstitution.apply(info, spec: spec, units: units, range: range, to: &glyphs, from: first)
            }
            if spec.attributes.hasRubyAnnotation, let ruby = spec.attributes.rubyAnnotation {
                RubySpacing.apply(
                    ruby, font: spec.font, units: units, context: context, range: range,
                    orientation: spec.orientation, to: &glyphs, from: first)
            }
            if spec.attributes.textSpacingTrim != nil || spec.attributes.textAutospace != nil {
                CJKSpacing.apply(
                    spec.attributes, font: spec.font, orientation: spec.orientation, units: units, context: context,
                    range: range, rightToLeft: spec.level & 1 == 1, to: &glyphs, from: first)
            }
        }
        return first..<glyphs.count
    }

    /// Shapes `range` (inside `spec.range`) of an item on its own: an item with its own storage
    /// (for a piece of an item cut where HarfBuzz said a break is unsafe).
    package static func shape(_ spec: ItemSpec, units: [UInt16], context: Range<Int>, range: Range<Int>) -> ShapedItem {
        var glyphs = ShapedGlyphs(base: context.lowerBound)
        let glyphRange = shape(spec, units: units, context: context, range: range, into: &glyphs)
        return ShapedItem(
            range: range, font: spec.font, attributes: spec.attributes, level: spec.level, script: spec.script,
            storage: GlyphStorage(glyphs), glyphRange: glyphRange, orientation: spec.orientation)
    }
}
