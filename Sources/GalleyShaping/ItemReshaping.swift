// What layout asks of shaping once a paragraph is shaped: a piece of an item shaped again (a
// line cut it where HarfBuzz said a break is unsafe), and a line's last piece shaped again with
// a hyphen after it (or the hyphen's width alone). The item knows its font, attributes, level,
// script and orientation; the shaping stage turns those into a request, so layout never
// rebuilds an item spec.
import Foundation
import GalleyFonts
import GalleyText

extension ShapedItem {
    /// `range` (inside the item's range) of the item shaped again on its own, with `context`
    /// (the paragraph's content) around it: an item with its own storage, shaped exactly as the
    /// paragraph's items are (placeholders, tate-chū-yoko, glyph info and ruby spacing included).
    package func reshaped(_ range: Range<Int>, units: [UInt16], context: Range<Int>) -> ShapedItem {
        let spec = ItemSpec(
            range: self.range, font: font, attributes: attributes, level: level, script: script,
            orientation: orientation)
        return ParagraphAnalysis.shape(spec, units: units, context: context, range: range)
    }

    /// The hyphen a line breaking inside this item shows: HYPHEN (U+2010) when the item's font
    /// has a glyph for it, else HYPHEN-MINUS (U+002D).
    package var hyphenCharacter: UInt16 {
        font.covers(Unicode.Scalar(0x2010)!) ? 0x2010 : 0x2D
    }

    /// The advance of the hyphen in the item's font and attributes (its kern and tracking
    /// included).
    package var hyphenAdvance: CGFloat {
        var glyphs = ShapedGlyphs(base: 0)
        HarfBuzzShaper.shape(hyphenRequest(units: [hyphenCharacter], range: 0..<1), into: &glyphs)
        return glyphs.glyphs.reduce(0) { $0 + $1.advance }
    }

    /// `range` of the item (a line's last piece, ending at `range.upperBound`) shaped again with
    /// a hyphen after it, as an item of its own: a few code units before the piece (inside
    /// `context`) give HarfBuzz its context, and the hyphen's glyphs take the cluster of the
    /// character before them, so carets and hit testing treat the hyphen as part of that
    /// character.
    ///
    /// Only the end of the piece is shaped again where HarfBuzz allows it (its recipe for a
    /// hyphen at a line break, under HB_GLYPH_FLAG_UNSAFE_TO_CONCAT): from a cluster start near
    /// the end that is clear of the flag in the item's glyphs and in the end shaped again, the
    /// end's glyphs are joined to the item's glyphs before it, which are what shaping the whole
    /// piece again gives. Elsewhere (no such start, right-to-left or upright text, glyphs the
    /// shaping stage changed after HarfBuzz) the whole piece is shaped again.
    package func hyphenated(_ range: Range<Int>, units: [UInt16], context: Range<Int>) -> ShapedItem {
        hyphenatedByJoining(range, units: units, context: context)
            ?? hyphenatedWhole(range, units: units, context: context)
    }

    /// `hyphenated`'s piece with the whole of `range` shaped again (what it does where it cannot
    /// join; the reference its joined pieces equal).
    package func hyphenatedWhole(_ range: Range<Int>, units: [UInt16], context: Range<Int>) -> ShapedItem {
        let shaped = hyphenShaped(range, units: units, context: context)
        return ShapedItem(
            range: range, font: font, attributes: attributes, level: level, script: script,
            storage: GlyphStorage(shaped), glyphRange: 0..<shaped.glyphs.count, orientation: orientation)
    }

    /// `range` of the item's text with the hyphen after it, shaped on its own (a few code units
    /// before it, inside `context`, as HarfBuzz's context), the hyphen's glyphs in the cluster of
    /// the character before them. Clusters count from the returned glyphs' base.
    private func hyphenShaped(_ range: Range<Int>, units: [UInt16], context: Range<Int>) -> ShapedGlyphs {
        let from = max(context.lowerBound, range.lowerBound - 16)
        var local = Array(units[from..<range.upperBound])
        local.append(hyphenCharacter)
        var shaped = ShapedGlyphs(base: 0)
        HarfBuzzShaper.shape(hyphenRequest(units: local, range: (range.lowerBound - from)..<local.count), into: &shaped)
        // Clusters are local indices; the hyphen's (the last index) becomes its predecessor's.
        let hyphen = Int32(local.count - 1)
        let before = shaped.glyphs.lazy.map(\.cluster).filter { $0 < hyphen }.max() ?? hyphen - 1
        var moved = ShapedGlyphs(base: from)
        moved.glyphs = shaped.glyphs.map { glyph in
            var glyph = glyph
            if glyph.cluster == hyphen { glyph.cluster = before }
            return glyph
        }
        return moved
    }

    /// How many cluster starts back from the end `hyphenatedByJoining` tries before it shapes the
    /// whole piece again.
    private static let hyphenJoinTries = 4

    /// `hyphenated`'s piece made by joining: the item's glyphs for `range` up to a cluster start
    /// `p` clear of HB_GLYPH_FLAG_UNSAFE_TO_CONCAT, then `p..<range.upperBound` and the hyphen
    /// shaped again, when that end's first glyph is clear of the flag too; nil when this item's
    /// glyphs cannot be joined so (see `hyphenated`) or no such `p` is found.
    package func hyphenatedByJoining(_ range: Range<Int>, units: [UInt16], context: Range<Int>) -> ShapedItem? {
        // Left to right, horizontal or sideways, and glyphs as HarfBuzz made them with the
        // request `hyphenRequest` makes (features without the font's variants, no case change).
        let plain =
            !isRightToLeft && !isPlaceholder && orientation != .upright && !attributes.hasGlyphInfo
            && !attributes.hasRubyAnnotation && attributes.textSpacingTrim == nil && attributes.textAutospace == nil
            && attributes.textTransform == nil && attributes.show == nil && attributes.fontVariant == nil
        guard plain, range.count > 1, range.lowerBound >= self.range.lowerBound,
            range.upperBound <= self.range.upperBound
        else { return nil }
        let base = storage.base
        let all = storage.glyphs
        // The piece's glyphs: clusters increase along a left-to-right item.
        let lowest = Int32(range.lowerBound - base)
        let highest = Int32(range.upperBound - base)
        // Found by binary search: the item may be a whole paragraph, the piece its last line.
        func firstGlyph(atOrAfter cluster: Int32, from start: Int) -> Int {
            var (lo, hi) = (start, glyphRange.upperBound)
            while lo < hi {
                let mid = (lo + hi) / 2
                if all[mid].cluster < cluster { lo = mid + 1 } else { hi = mid }
            }
            return lo
        }
        let first = firstGlyph(atOrAfter: lowest, from: glyphRange.lowerBound)
        let end = firstGlyph(atOrAfter: highest, from: first)
        guard end > first, all[first].cluster == lowest else { return nil }
        var tries = 0
        var k = end - 1
        while k > first, tries < ShapedItem.hyphenJoinTries {
            // k: the first glyph of its cluster, the cluster starting at offset p.
            guard all[k - 1].cluster != all[k].cluster else {
                k -= 1
                continue
            }
            let p = Int(all[k].cluster) + base
            if !all[k].unsafeToConcat {
                tries += 1
                let tail = hyphenShaped(p..<range.upperBound, units: units, context: context)
                let shift = Int32(tail.base - base)
                if let head = tail.glyphs.first, Int(head.cluster) + tail.base == p, !head.unsafeToConcat {
                    var joined = ShapedGlyphs(base: base)
                    joined.glyphs.reserveCapacity(k - first + tail.glyphs.count)
                    joined.glyphs.append(contentsOf: all[first..<k])
                    for var glyph in tail.glyphs {
                        glyph.cluster += shift
                        joined.glyphs.append(glyph)
                    }
                    return ShapedItem(
                        range: range, font: font, attributes: attributes, level: level, script: script,
                        storage: GlyphStorage(joined), glyphRange: 0..<joined.glyphs.count, orientation: orientation)
                }
            }
            k -= 1
        }
        return nil
    }

    /// A shaping request for `range` of `units` with the item's font, direction, script,
    /// language, kern and features (the whole of `units` as context).
    private func hyphenRequest(units: [UInt16], range: Range<Int>) -> ShapingRequest {
        var request = ShapingRequest(
            text: units, context: 0..<units.count, range: range, font: font, rightToLeft: isRightToLeft,
            script: script, language: attributes.language,
            kern: TextSpacing.extraAdvance(attributes),
            features: FeatureSettings.features(for: attributes))
        request.expansion = TextSpacing.expansionFactor(attributes)
        request.orientation = orientation
        return request
    }
}
