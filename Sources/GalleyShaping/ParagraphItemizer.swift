// The walk that splits one paragraph into items (see Itemizer): cluster by cluster, the
// attribute and script runs it lies in, the font it gets, and whether it continues the item
// being grown or starts a new one. The walk's state is one struct on the stack; each step is a
// small method, inlined into the loop.
import Foundation
import GalleyFonts
import GalleyText
import GalleyUnicode

/// One paragraph's itemization in progress. It reads the paragraph through buffer pointers, so it
/// lives only inside the `withUnsafeBufferPointer` calls that made them (`Itemizer.items`).
struct ParagraphItemizer {
    // The paragraph: code units of the whole text, the content range, a bidi level per code unit
    // of the content, grapheme boundaries (both ends included), attribute and script runs.
    private let units: UnsafeBufferPointer<UInt16>
    private let content: Range<Int>
    private let levels: UnsafeBufferPointer<UInt8>
    private let graphemes: UnsafeBufferPointer<Int>
    private let runs: UnsafeBufferPointer<AttributeRun>
    private let scripts: UnsafeBufferPointer<ScriptRun>
    private let defaultFont: Font
    /// The current run asks for no font fallback (``Attribute/fontFallback(_:)`` false).
    private var noFallback = false
    private let fonts: FontCollection
    /// The items closed so far, in logical order.
    private(set) var items: [ItemSpec] = []

    // The item being grown: from `start`, in `currentFont` with `currentAttributes` (both moved
    // into the item by `flush`, so nil until `begin` sets the next), attribute run `currentRun`,
    // script run `currentScript` and bidi level `currentLevel`.
    private var start: Int
    private var currentFont: Font? = nil
    private var currentRun = -1
    private var currentScript = -1
    private var currentLevel: UInt8 = 0
    private var currentIsPlaceholder = false
    private var currentAttributes: Attributes? = nil
    /// Ends of the current attribute run and script run: before them, a cluster that continues
    /// the current item in the requested font can skip all the checks of `take`.
    private var runEnd = Int.min
    private var scriptEnd = Int.min
    private var currentIsRequested = false
    /// Whether the current item's font is a fallback that `resolveFont` would keep for the next
    /// CJK character or punctuation the requested font lacks (see `Itemizer.skipContinuing`).
    private var currentIsKeptFallback = false

    // Where the walk is: its attribute run and script run, and the attribute run's values, read
    // once per run rather than once per cluster.
    private var runIndex = 0
    private var scriptIndex = 0
    private var loadedRun = -1
    private var attributes = Attributes()
    private var requested: Font
    private var hasDelegate = false
    /// The attribute run's `.language`, read once per run (fallback asks for it per cluster).
    private var language: String? = nil
    /// Coverage of printable ASCII by `requested`, filled in lazily: bit c of `asciiKnown` says
    /// whether `asciiCovered` bit c is known yet. Reset whenever `requested` changes.
    private var asciiKnown: (UInt64, UInt64) = (0, 0)
    private var asciiCovered: (UInt64, UInt64) = (0, 0)
    private var fallbackCache = Itemizer.FallbackCache()

    /// A walk over `content` (not empty) of the text whose code units are `units`.
    init(
        units: UnsafeBufferPointer<UInt16>, content: Range<Int>, levels: UnsafeBufferPointer<UInt8>,
        graphemes: UnsafeBufferPointer<Int>, runs: UnsafeBufferPointer<AttributeRun>,
        scripts: UnsafeBufferPointer<ScriptRun>, defaultFont: Font,
        fonts: FontCollection
    ) {
        self.units = units
        self.content = content
        self.levels = levels
        self.graphemes = graphemes
        self.runs = runs
        self.scripts = scripts
        self.defaultFont = defaultFont
        self.fonts = fonts
        start = content.lowerBound
        requested = defaultFont
        // Every code unit its own cluster (Latin prose) and one bidi level throughout.
        let first = levels.first
        plainUnits = graphemes.count == content.count + 1 && !levels.contains { $0 != first }
    }

    /// Every code unit of the paragraph is a cluster of its own and every unit has the same
    /// level: `skipContinuing` may then walk the code units without reading either.
    private let plainUnits: Bool

    /// Takes every cluster in turn, then closes the last item.
    @inline(__always)
    mutating func run() {
        let lastCluster = graphemes.count - 1
        var g = 0
        while g < lastCluster {
            if currentIsRequested || currentIsKeptFallback, !currentIsPlaceholder {
                // Clusters that simply continue the current item are skipped in a tight loop.
                g = skipContinuing(from: g)
                if g >= lastCluster { break }
            }
            // Only a cluster after one of at least 30 units can start with marks past the limit
            // of CombiningMarkLimit (cut clusters hold 30 marks); real clusters are shorter.
            take(
                graphemes[g]..<graphemes[g + 1],
                afterLongCluster: g > 0 && graphemes[g] - graphemes[g - 1] >= CombiningMarkLimit.maximumMarks)
            g += 1
        }
        flush(upTo: content.upperBound)
    }

    /// The first cluster from `g` on that does not simply continue the current item.
    @inline(__always)
    private mutating func skipContinuing(from g: Int) -> Int {
        // The coverage bits go through locals: no access to `self` stays open during the call, so
        // the fonts are passed without copies.
        var known = asciiKnown
        var covered = asciiCovered
        let next = Itemizer.skipContinuing(
            from: g, graphemes: graphemes, units: units, levels: levels, base: content.lowerBound,
            limit: min(runEnd, scriptEnd), level: currentLevel, requested: requested,
            fallback: currentIsKeptFallback ? currentFont : nil, plainUnits: plainUnits, known: &known,
            covered: &covered)
        asciiKnown = known
        asciiCovered = covered
        return next
    }

    /// One cluster: its runs, level and font; it ends the current item and starts the next when
    /// any of them differs, when either is a placeholder, or when the cluster begins with marks
    /// past ``CombiningMarkLimit/maximumMarks`` in a row.
    @inline(__always)
    private mutating func take(_ cluster: Range<Int>, afterLongCluster: Bool) {
        let lo = cluster.lowerBound
        enterRuns(at: lo)
        let level = levels[lo - content.lowerBound]
        // A run delegate makes every cluster of its range a placeholder of its own (CoreText
        // applies the delegate's metrics "to each glyph in the run"), U+FFFC or not.
        let isPlaceholder = hasDelegate
        let font = isPlaceholder ? requested : font(for: cluster)
        // Marks past the limit of CombiningMarkLimit are shaped apart from their base.
        let cutsMarks =
            afterLongCluster && CombiningMarkLimit.followsFullRun(in: units, at: lo, from: content.lowerBound)
        if cutsMarks || startsItem(font: font, level: level, isPlaceholder: isPlaceholder) {
            flush(upTo: lo)
            begin(font: font, level: level, isPlaceholder: isPlaceholder)
        }
    }

    /// Moves to the attribute run and script run holding offset `lo`, reading the attribute run's
    /// values when it is a new one.
    @inline(__always)
    private mutating func enterRuns(at lo: Int) {
        while runIndex < runs.count - 1, runs[runIndex].range.upperBound <= lo { runIndex += 1 }
        while scriptIndex < scripts.count - 1, scripts[scriptIndex].range.upperBound <= lo { scriptIndex += 1 }
        if runIndex != loadedRun, !runs.isEmpty { load(run: runIndex) }
    }

    /// Reads the values of attribute run `index`: its attributes and requested font.
    @inline(__always)
    private mutating func load(run index: Int) {
        loadedRun = index
        attributes = runs[index].attributes
        requested = attributes.font ?? defaultFont
        if let variations = attributes.fontVariations, !requested.variationAxes.isEmpty {
            // The run's axis values on top of the font's own (a later value of a tag wins);
            // once per attribute run. Fonts without axes ignore them, so are kept as they are.
            requested = requested.withVariations(
                requested.variations + variations.map { Font.Variation(tag: $0.tag, value: $0.value) })
        }
        if let scale = attributes.fontScale,
            let scaled = try? requested.withSize(requested.size * scale.factor(for: requested))
        {
            requested = scaled
        }
        if let level = attributes.superscript, level != 0,
            let scaled = try? requested.withSize(
                requested.size * SuperscriptLayout.sizeFactor(level: level, font: requested))
        {
            // kCTSuperscriptAttributeName: the OS/2 superscript (subscript) size, per level.
            requested = scaled
        }
        // Glyph info names a glyph of the requested font: its range stays in that font.
        noFallback = attributes.fontFallback == false || attributes.hasGlyphInfo
        hasDelegate = attributes.hasRunDelegate
        language = attributes.language
        asciiKnown = (0, 0)
        asciiCovered = (0, 0)
    }

    /// The font of a cluster that is not a placeholder.
    @inline(__always)
    private mutating func font(for cluster: Range<Int>) -> Font {
        // fallback="false": every character in the requested font, missing ones as its .notdef.
        if noFallback { return requested }
        let unit = units[cluster.lowerBound]
        // A space never chooses a font (as in Pango's itemizer: "it's always wrong to select a
        // font just to render a space"): between two words of a fallback font it stays in their
        // item, when that font has it, instead of cutting the item in three. Not after a colour
        // font's emoji, whose spaces are far wider than the text's.
        if currentIsKeptFallback, runIndex == currentRun, let current = currentFont,
            Itemizer.isSpace(units, cluster), current.covers(Unicode.Scalar(unit)!)
        {
            return current
        }
        if cluster.count == 1, unit >= 0x20, unit < 0x7F || Itemizer.needsOnlyCoverage(UInt32(unit)),
            requested.covers(Unicode.Scalar(unit)!)
        {
            // Fast path for the common case: one printable ASCII or CJK character or punctuation
            // the font has.
            return requested
        }
        return Itemizer.resolveFont(
            units: units, cluster: cluster, requested: requested,
            previous: runIndex == currentRun ? currentFont : nil, fonts: fonts, language: language,
            cache: &fallbackCache)
    }

    /// Whether a cluster with these values ends the current item.
    @inline(__always)
    private func startsItem(font: Font, level: UInt8, isPlaceholder: Bool) -> Bool {
        let sameFont: Bool
        if let currentFont { sameFont = font === currentFont || font == currentFont } else { sameFont = false }
        return !sameFont || runIndex != currentRun || scriptIndex != currentScript
            || level != currentLevel || isPlaceholder || currentIsPlaceholder
    }

    /// Starts a new item with these values at the current runs.
    @inline(__always)
    private mutating func begin(font: consuming Font, level: UInt8, isPlaceholder: Bool) {
        currentRun = runIndex
        currentScript = scriptIndex
        currentLevel = level
        currentIsPlaceholder = isPlaceholder
        currentAttributes = attributes
        currentIsRequested = font === requested
        currentIsKeptFallback =
            !isPlaceholder && font !== requested && !font.hasColorGlyphs
            && font.cascadeList == requested.cascadeList
        currentFont = font
        runEnd = runs.isEmpty ? Int.max : runs[runIndex].range.upperBound
        scriptEnd = scripts.isEmpty ? Int.max : scripts[scriptIndex].range.upperBound
    }

    /// Closes the current item at `end` (nothing before the first cluster or for an empty item).
    @inline(__always)
    private mutating func flush(upTo end: Int) {
        // The item takes the font and attributes (`begin` sets the next ones).
        guard end > start, let font = currentFont.take(), let attributes = currentAttributes.take() else { return }
        items.append(
            ItemSpec(
                range: start..<end, font: font, attributes: attributes,
                level: currentLevel, script: scripts.isEmpty ? "Zyyy" : scripts[currentScript].script.code))
        start = end
    }
}
