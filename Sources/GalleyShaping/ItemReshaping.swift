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
    package func hyphenated(_ range: Range<Int>, units: [UInt16], context: Range<Int>) -> ShapedItem {
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
        return ShapedItem(
            range: range, font: font, attributes: attributes, level: level, script: script,
            storage: GlyphStorage(moved), glyphRange: 0..<moved.glyphs.count, orientation: orientation)
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
