// Splits a paragraph into items — maximal stretches of one attribute run, one bidi level, one
// script and one font (after fallback) — the units HarfBuzz shapes. A U+FFFC carrying a run
// delegate is always an item of its own.
import Foundation
import GalleyFonts
import GalleyText
import GalleyUnicode

/// An item before shaping.
package struct ItemSpec: Sendable {
    /// The UTF-16 range of the whole text the item covers.
    package let range: Range<Int>
    /// The font to shape with (after fallback).
    package let font: Font
    /// The attributes of the item's characters.
    package let attributes: Attributes
    /// The UAX #9 embedding level: odd is right-to-left.
    package let level: UInt8
    /// ISO 15924 script code to shape with.
    package let script: String
    /// How its glyphs stand on their line: `.horizontal` in a horizontal paragraph; `.upright`
    /// (shaped with HarfBuzz's direction TTB) or `.sideways` in a vertical one (see
    /// `VerticalItems`).
    package var orientation: GlyphOrientation = .horizontal
}

/// Itemization: a paragraph into items, and the font fallback it decides with.
package enum Itemizer {
    /// The items of `paragraph` (content only, no separator), in logical order.
    ///
    /// - Parameters:
    ///   - levels: the bidi level of each code unit of the content (index 0 = content start).
    ///   - graphemes: grapheme-cluster boundaries of the content, ascending, both ends included.
    ///   - defaultFont: the font of characters with no font attribute.
    ///   - fonts: where fallback fonts come from.
    package static func items(
        text: AttributedText, content: Range<Int>, levels: [UInt8], graphemes: [Int],
        defaultFont: Font, fonts: FontCollection
    ) -> [ItemSpec] {
        guard !content.isEmpty else { return [] }
        let runs = ParagraphRuns.runs(of: text, in: content)
        let scripts = ScriptItemizer.runs(in: text.utf16, range: content)
        return text.utf16.withUnsafeBufferPointer { units in
            levels.withUnsafeBufferPointer { levels in
                graphemes.withUnsafeBufferPointer { graphemes in
                    runs.withUnsafeBufferPointer { runs in
                        scripts.withUnsafeBufferPointer { scripts in
                            var walk = ParagraphItemizer(
                                units: units, content: content, levels: levels, graphemes: graphemes, runs: runs,
                                scripts: scripts, defaultFont: defaultFont, fonts: fonts)
                            walk.run()
                            return walk.items
                        }
                    }
                }
            }
        }
    }

    /// The first cluster index from `g` on that does not simply continue the current item: a
    /// one-unit cluster before `limit` (the end of the attribute and script runs) at `level`
    /// continues it when the item is in `requested` and the cluster is printable ASCII or a CJK
    /// character or punctuation (`needsOnlyCoverage`) that font covers, or when the item is in
    /// `fallback` (a non-colour fallback font of the same cascade list, which `resolveFont` keeps
    /// as the previous font) and the cluster is such a character that `requested` lacks and
    /// `fallback` has. ASCII coverage is learnt lazily into `known` and `covered` (bit c for
    /// code unit c). With `plainUnits` (every unit a cluster, one level throughout), a run of
    /// printable ASCII in `requested` is walked over the code units alone.
    @inline(__always)
    static func skipContinuing(
        from g: Int, graphemes: UnsafeBufferPointer<Int>, units: UnsafeBufferPointer<UInt16>,
        levels: UnsafeBufferPointer<UInt8>, base: Int, limit: Int, level: UInt8, requested: Font, fallback: Font?,
        plainUnits: Bool = false, known: inout (UInt64, UInt64), covered: inout (UInt64, UInt64)
    ) -> Int {
        var g = g
        let last = graphemes.count - 1
        if plainUnits, fallback == nil, g < last, levels.first == level {
            // Cluster g is code unit base + g: no cluster boundary or level to read.
            var i = base + g
            let end = min(limit, base + last)
            while i < end {
                let u = units[i]
                guard u >= 0x20, u < 0x7F else { break }
                guard asciiCovered(u, requested, &known, &covered) else { break }
                i += 1
            }
            g = i - base
        }
        while g < last {
            let lo = graphemes[g]
            guard graphemes[g + 1] - lo == 1, lo < limit, levels[lo - base] == level else { return g }
            let u = units[lo]
            if let fallback {
                guard needsOnlyCoverage(UInt32(u)) else { return g }
                let scalar = Unicode.Scalar(u)!
                guard !requested.covers(scalar), fallback.covers(scalar) else { return g }
            } else if u >= 0x20, u < 0x7F {
                // One printable ASCII character: never a placeholder, never needs fallback when the
                // requested font has it.
                guard asciiCovered(u, requested, &known, &covered) else { return g }
            } else if !(needsOnlyCoverage(UInt32(u)) && requested.covers(Unicode.Scalar(u)!)) {
                return g
            }
            g += 1
        }
        return g
    }

    /// Whether `requested` has the printable ASCII character `u` (0x20–0x7E), learnt once into
    /// `known` and `covered` (bit c for code unit c).
    @inline(__always)
    static func asciiCovered(
        _ u: UInt16, _ requested: Font, _ known: inout (UInt64, UInt64), _ covered: inout (UInt64, UInt64)
    ) -> Bool {
        let bit = UInt64(1) << (u & 63)
        let isKnown = u < 64 ? known.0 & bit != 0 : known.1 & bit != 0
        if !isKnown {
            let has = requested.covers(Unicode.Scalar(UInt8(u)))
            if u < 64 {
                known.0 |= bit
                if has { covered.0 |= bit }
            } else {
                known.1 |= bit
                if has { covered.1 |= bit }
            }
        }
        return (u < 64 ? covered.0 : covered.1) & bit != 0
    }

    struct FallbackKey: Hashable {
        let scalar: UInt32
        let emoji: Bool
        /// The run's `.language`, which fallback prefers fonts for.
        let language: String?
    }

    /// The fallback fonts one paragraph has found so far, so that a character asked for again
    /// gets the very same Font (and the item goes on). A paragraph needs a handful, so a short
    /// list searched by identity is cheaper than hashing fonts; past `capacity` entries the
    /// oldest are dropped (the collection's own cache still answers for them).
    struct FallbackCache {
        private var entries: [(requested: Font, key: FallbackKey, font: Font)] = []
        static let capacity = 32

        func font(for key: FallbackKey, requested: Font) -> Font? {
            for entry in entries.reversed() where entry.key == key && entry.requested === requested {
                return entry.font
            }
            return nil
        }

        mutating func add(_ font: Font, for key: FallbackKey, requested: Font) {
            if entries.count == Self.capacity { entries.removeFirst(Self.capacity / 2) }
            entries.append((requested, key, font))
        }
    }

    /// The font for one grapheme cluster: the requested one if it covers every visible character
    /// of the cluster (and the cluster does not ask for emoji presentation the font cannot give);
    /// otherwise the previous cluster's fallback font if it covers the first uncovered character
    /// (so a run of Han, Hangul or Arabic stays in one font, as Pango keeps a run's font); otherwise
    /// a fallback from the collection for that character, chosen for the run's `language` (as
    /// `CTFontCreateForStringWithLanguage` chooses: Han characters in a Japanese, Chinese or
    /// Korean font by language).
    static func resolveFont(
        units: UnsafeBufferPointer<UInt16>, cluster: Range<Int>, requested: Font, previous: Font?,
        fonts: FontCollection, language: String? = nil, cache: inout FallbackCache
    ) -> Font {
        var wantsEmoji = false
        var uncovered: Unicode.Scalar? = nil
        var first: Unicode.Scalar? = nil
        var i = cluster.lowerBound
        while i < cluster.upperBound {
            let (scalar, width) = UTF16Decoder.scalar(in: units, at: i, end: cluster.upperBound)
            i += width
            if first == nil { first = scalar }
            let value = scalar.value
            if value < 0x2000 || needsOnlyCoverage(value) {
                // Fast path: below U+2000 and where `needsOnlyCoverage` holds there are no
                // emoji-presentation characters, variation selectors or format characters;
                // C0/C1 controls and SOFT HYPHEN need no glyph of their own.
                if value < 0x20 || (value >= 0x7F && value < 0xA0) || value == 0xAD { continue }
                if uncovered == nil, !requested.covers(scalar) { uncovered = scalar }
                continue
            }
            if value == 0xFE0F { wantsEmoji = true; continue }
            if value == 0xFE0E { continue }
            let properties = scalar.properties
            if properties.isDefaultIgnorableCodePoint || properties.generalCategory == .control
                || properties.generalCategory == .format
            {
                continue
            }
            if value == 0x20E3 { wantsEmoji = true }
            if uncovered == nil, !requested.covers(scalar) { uncovered = scalar }
        }
        guard let base = first else { return requested }
        let plainBase = base.value < 0x2000 || needsOnlyCoverage(base.value)
        if plainBase && !wantsEmoji && uncovered == nil { return requested }
        if !wantsEmoji, !plainBase, base.properties.isEmojiPresentation {
            // Emoji_Presentation characters default to emoji style unless U+FE0E follows.
            wantsEmoji = !units[cluster].contains(0xFE0E)
        }
        if wantsEmoji && requested.hasColorGlyphs && uncovered == nil { return requested }
        if !wantsEmoji && uncovered == nil { return requested }
        if wantsEmoji && uncovered == nil && !base.properties.isEmoji { return requested }
        let target = uncovered ?? base
        if let previous, previous !== requested, previous.hasColorGlyphs == wantsEmoji,
            previous.cascadeList == requested.cascadeList, previous.covers(target)
        {
            return previous
        }
        let key = FallbackKey(scalar: target.value, emoji: wantsEmoji, language: language)
        if let hit = cache.font(for: key, requested: requested) { return hit }
        let found =
            fonts.fallbackFont(for: target, matching: requested, preferColorEmoji: wantsEmoji, language: language)
            ?? requested
        cache.add(found, for: key, requested: requested)
        return found
    }

    /// General punctuation (U+2010–U+2027, U+2030–U+205E: dashes, quotes, ellipsis, without the
    /// format characters around them), CJK symbols and punctuation, kana, CJK ideographs (URO,
    /// Extension A, compatibility), Hangul syllables and the full-width ASCII forms: code points
    /// that are not Emoji_Presentation, Default_Ignorable, controls, format characters or
    /// selectors, so the font of a cluster of them depends on coverage alone. (A test checks every
    /// one against the Unicode properties the slow path reads.)
    /// Whether `cluster` is one space separator (General_Category Zs, but U+1680 OGHAM SPACE
    /// MARK, which is drawn): U+0020, U+00A0, U+2000–U+200A, U+202F, U+205F or U+3000.
    @inline(__always)
    static func isSpace(_ units: UnsafeBufferPointer<UInt16>, _ cluster: Range<Int>) -> Bool {
        guard cluster.count == 1 else { return false }
        let u = units[cluster.lowerBound]
        return u == 0x20 || u == 0xA0 || (u >= 0x2000 && u <= 0x200A) || u == 0x202F || u == 0x205F || u == 0x3000
    }

    @inline(__always)
    package static func needsOnlyCoverage(_ v: UInt32) -> Bool {
        // The most frequent block (CJK Unified Ideographs) first.
        (v >= 0x4E00 && v <= 0x9FFF) || (v >= 0x3000 && v <= 0x30FF) || (v >= 0xFF01 && v <= 0xFF60)
            || (v >= 0x2010 && v <= 0x2027) || (v >= 0x2030 && v <= 0x205E) || (v >= 0xAC00 && v <= 0xD7A3)
            || (v >= 0x3400 && v <= 0x4DBF) || (v >= 0xF900 && v <= 0xFAFF)
    }
}
