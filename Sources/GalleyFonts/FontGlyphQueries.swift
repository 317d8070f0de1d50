// FontGlyphQueries: per-glyph metrics for arrays of glyphs in either orientation
// (CTFontGetAdvancesForGlyphs, CTFontGetBoundingRectsForGlyphs, CTFontGetVerticalTranslationsForGlyphs,
// CTFontGetOpticalBoundsForGlyphs), UTF-16 character mapping (CTFontGetGlyphsForCharacters) and
// the character set (CTFontCopyCharacterSet).

import CHarfBuzz
import Foundation

extension Font {
    /// The direction glyph metrics are measured in. Like `CTFontOrientation`.
    public enum Orientation: Sendable, Hashable {
        /// Horizontal metrics (`hmtx`). Like `kCTFontOrientationHorizontal` (and `…Default`).
        case horizontal
        /// Vertical metrics (`vmtx`/`VORG`, else HarfBuzz's synthesized ones: the advance is the
        /// ascent plus the descent). Like `kCTFontOrientationVertical`.
        case vertical
    }

    /// The glyphs the cmap maps `characters` (UTF-16 code units) to, one per code unit: a
    /// surrogate pair gives its glyph at the high surrogate's index and glyph 0 at the low one's;
    /// unmapped characters and lone surrogates give 0. `allMapped` is false when any character
    /// had no glyph. Like `CTFontGetGlyphsForCharacters` (which returns false then).
    public func glyphs(forCharacters characters: [UInt16]) -> (glyphs: [GlyphID], allMapped: Bool) {
        var glyphs = [GlyphID](repeating: 0, count: characters.count)
        var allMapped = true
        var i = 0
        while i < characters.count {
            let unit = characters[i]
            var scalar: Unicode.Scalar?
            var width = 1
            if UTF16.isLeadSurrogate(unit), i + 1 < characters.count, UTF16.isTrailSurrogate(characters[i + 1]) {
                scalar = Unicode.Scalar(UTF16.decode(UTF16.EncodedScalar([unit, characters[i + 1]])).value)
                width = 2
            } else {
                scalar = Unicode.Scalar(unit)
            }
            if let scalar, let glyph = glyph(for: scalar) { glyphs[i] = glyph } else { allMapped = false }
            i += width
        }
        return (glyphs, allMapped)
    }

    /// Each glyph's advance in points, in `width` for either orientation as CoreText reports it
    /// (WebKit's FontCocoa.mm reads `advance.width` for `kCTFontOrientationVertical` too): the
    /// horizontal advance (`hmtx`), or the vertical advance, the distance the pen moves down
    /// (`vmtx`; HarfBuzz's `hb_font_get_glyph_v_advance`, negated). `height` is 0. Glyph ids the
    /// font lacks advance 0. Like `CTFontGetAdvancesForGlyphs`'s per-glyph array.
    public func advances(for glyphs: [GlyphID], orientation: Orientation = .horizontal) -> [CGSize] {
        glyphs.map { glyph in
            guard Int(glyph) < face.glyphCount else { return .zero }
            switch orientation {
            case .horizontal: return CGSize(width: advance(for: glyph), height: 0)
            case .vertical:
                return CGSize(width: -CGFloat(hb_font_get_glyph_v_advance(hbFont, glyph)) * scale, height: 0)
            }
        }
    }

    /// The summed advance of `glyphs` along the orientation. Like the return value of
    /// `CTFontGetAdvancesForGlyphs`.
    public func totalAdvance(for glyphs: [GlyphID], orientation: Orientation = .horizontal) -> CGFloat {
        advances(for: glyphs, orientation: orientation).reduce(0) { $0 + $1.width }
    }

    /// Each glyph's ink bounds (``boundingRect(for:)``); in vertical orientation moved by the
    /// glyph's ``verticalTranslations(for:)`` so they are relative to the vertical origin.
    /// Like `CTFontGetBoundingRectsForGlyphs`'s per-glyph array.
    public func boundingRects(for glyphs: [GlyphID], orientation: Orientation = .horizontal) -> [CGRect] {
        let translations = orientation == .vertical ? verticalTranslations(for: glyphs) : []
        return glyphs.enumerated().map { index, glyph in
            let rect = boundingRect(for: glyph)
            guard orientation == .vertical, !rect.isEmpty else { return rect }
            return rect.offsetBy(dx: translations[index].width, dy: translations[index].height)
        }
    }

    /// The union of ``boundingRects(for:orientation:)`` (`.null` when every glyph is empty).
    /// Like the return value of `CTFontGetBoundingRectsForGlyphs`.
    public func boundingRect(for glyphs: [GlyphID], orientation: Orientation = .horizontal) -> CGRect {
        boundingRects(for: glyphs, orientation: orientation).filter { !$0.isEmpty }.reduce(CGRect.null) {
            $0.union($1)
        }
    }

    /// For each glyph, the offset from its vertical origin to its horizontal origin, in points,
    /// y up: where to draw the upright glyph when laying it out vertically. HarfBuzz's vertical
    /// origin (`hb_font_get_glyph_v_origin`: half the advance across, the `VORG`/`vmtx` top or
    /// the ascender up) negated, the same numbers `hb-shape --direction=ttb` prints as offsets.
    /// Like `CTFontGetVerticalTranslationsForGlyphs`.
    public func verticalTranslations(for glyphs: [GlyphID]) -> [CGSize] {
        glyphs.map { glyph in
            guard Int(glyph) < face.glyphCount else { return .zero }
            var x: hb_position_t = 0
            var y: hb_position_t = 0
            _ = hb_font_get_glyph_v_origin(hbFont, glyph, &x, &y)
            return CGSize(width: -CGFloat(x) * scale, height: -CGFloat(y) * scale)
        }
    }

    /// Each glyph's optical bounds, in points, y up, relative to the glyph origin: the advance box
    /// (x from 0 to the advance, y from −descent to ascent), with its edges moved by the AAT
    /// `opbd` table's deltas when the font has one (distance format; lookup formats 0, 2, 6 and
    /// 8). The table's deltas say how far to move the glyph so its optical edge meets the margin
    /// (negative left or down), so the optical left edge is at −left, the right at advance −
    /// right, the top at ascent − top and the bottom at −descent − bottom. Without an `opbd`
    /// table (the usual case for OpenType fonts) the advance box itself. Like
    /// `CTFontGetOpticalBoundsForGlyphs`'s per-glyph array.
    public func opticalBounds(for glyphs: [GlyphID]) -> [CGRect] {
        let table = face.opticalBoundsTable
        return glyphs.map { glyph in
            let width = advance(for: glyph)
            var minX: CGFloat = 0
            var maxX = width
            var minY = -descent
            var maxY = ascent
            if let deltas = table?.deltas(for: glyph) {
                minX -= CGFloat(deltas.0) * scale
                maxY -= CGFloat(deltas.1) * scale
                maxX -= CGFloat(deltas.2) * scale
                minY -= CGFloat(deltas.3) * scale
            }
            return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
        }
    }

    /// The union of `opticalBounds(for:)` of the glyph array, glyphs placed one after another along their advances.
    /// Like the return value of `CTFontGetOpticalBoundsForGlyphs`.
    public func opticalBound(for glyphs: [GlyphID]) -> CGRect {
        var x: CGFloat = 0
        var result = CGRect.null
        for (glyph, rect) in zip(glyphs, opticalBounds(for: glyphs)) {
            result = result.union(rect.offsetBy(dx: x, dy: 0))
            x += advance(for: glyph)
        }
        return result
    }

    /// Every character the cmap maps to a glyph other than .notdef, C0 controls (U+0000–U+001F)
    /// left out as fontconfig's charset leaves them out. Like `CTFontCopyCharacterSet`.
    public var characterSet: CharacterSet {
        var set = CharacterSet()
        var range: ClosedRange<UInt32>?
        func flush() {
            guard let range, let low = Unicode.Scalar(range.lowerBound), let high = Unicode.Scalar(range.upperBound)
            else { return }
            set.insert(charactersIn: low...high)
        }
        for value in face.mappedCodePoints() where value >= 0x20 {
            if let current = range, current.upperBound &+ 1 == value {
                range = current.lowerBound...value
            } else {
                flush()
                range = value...value
            }
        }
        flush()
        return set
    }
}

extension FontFace {
    /// Every code point (surrogates excluded) the cmap maps to a glyph other than .notdef, ascending.
    func mappedCodePoints() -> [UInt32] {
        guard let set = hb_set_create() else { return [] }
        defer { hb_set_destroy(set) }
        hb_face_collect_unicodes(hbFace, set)
        var values: [UInt32] = []
        var codepoint: hb_codepoint_t = UInt32.max
        var glyph: hb_codepoint_t = 0
        while hb_set_next(set, &codepoint) != 0 {
            if (0xD800...0xDFFF).contains(codepoint) || codepoint > 0x10FFFF { continue }
            if hb_font_get_nominal_glyph(hbFont, codepoint, &glyph) != 0, glyph != 0 { values.append(codepoint) }
        }
        return values
    }
}
