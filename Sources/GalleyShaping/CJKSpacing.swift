// CJKSpacing: the space CSS Text 4's `text-spacing-trim` takes from full-width CJK punctuation
// and the space `text-autospace` puts between ideographs and Latin letters or digits, applied to
// an item's glyphs right after shaping (so the prefix sums the line breakers measure already
// hold them). What depends on where a line breaks (an opening bracket starting a line, a closing
// one ending it, an autospace before the break) is GalleyLayout's LineEdgeSpacing; both use the
// rules and amounts here.
//
// Trimming follows JLREQ §3.1 and CSS Text 4 §8 (fullwidth punctuation collapsing): a full-width
// opening bracket has its blank half before its ink, a closing bracket, comma or full stop after
// it, a middle dot a quarter on each side. Where the font has `halt` (`vhal` in vertical
// lines), the trimmed glyph takes the font's own half-width metrics; otherwise JLREQ's: half
// its advance. Autospace is 1/8 of the em (CSS's 1/8 ic), after the character before the
// boundary.
import Foundation
import GalleyFonts
import GalleySync
import GalleyText
import GalleyVocabulary

/// The rules and amounts of CJK punctuation trimming and autospacing.
package enum CJKSpacing {
    /// JLREQ's classes of the full-width characters the trim rules name.
    package enum Punctuation: Sendable, Equatable {
        /// Opening brackets and quotes (JLREQ cl-01).
        case opening
        /// Closing brackets and quotes, the ideographic comma and full stop (cl-02, cl-06, cl-07).
        case closing
        /// Middle dots, full-width colon and semicolon (cl-05).
        case middleDot
        /// IDEOGRAPHIC SPACE (cl-14's full-width space).
        case ideographicSpace
    }

    /// The class of `unit`, nil for any other character.
    package static func punctuation(_ unit: UInt16) -> Punctuation? {
        switch unit {
        case 0x2018, 0x201C, 0x3008, 0x300A, 0x300C, 0x300E, 0x3010, 0x3014, 0x3016, 0x3018, 0x301A, 0x301D, 0xFF08,
            0xFF3B, 0xFF5B, 0xFF5F:
            .opening
        case 0x2019, 0x201D, 0x3001, 0x3002, 0x3009, 0x300B, 0x300D, 0x300F, 0x3011, 0x3015, 0x3017, 0x3019, 0x301B,
            0x301E, 0x301F, 0xFF09, 0xFF0C, 0xFF0E, 0xFF3D, 0xFF5D, 0xFF60:
            .closing
        case 0x30FB, 0xFF1A, 0xFF1B: .middleDot
        case 0x3000: .ideographicSpace
        default: nil
        }
    }

    /// Whether the shaping pass trims the character at `i` (inside `context`) under `trim`:
    /// every opening, closing and middle-dot character with `trim-all`; otherwise (except
    /// `space-all`) CSS's collapsing of adjacent punctuation: an opening bracket after an
    /// opening or closing character, a middle dot or an ideographic space, and a closing
    /// character before a closing one or a middle dot.
    package static func trimsInside(_ trim: TextSpacingTrim, units: [UInt16], context: Range<Int>, at i: Int) -> Bool {
        guard trim != .spaceAll, let p = punctuation(units[i]) else { return false }
        if trim == .trimAll { return p != .ideographicSpace }
        switch p {
        case .opening:
            return i - 1 >= context.lowerBound && punctuation(units[i - 1]) != nil
        case .closing:
            guard i + 1 < context.upperBound, let after = punctuation(units[i + 1]) else { return false }
            return after == .closing || after == .middleDot
        case .middleDot, .ideographicSpace: return false
        }
    }

    /// Whether an opening bracket starting a line is trimmed under `trim` (`firstLine`: the
    /// paragraph's first line): with `trim-start`, `trim-both` and `trim-all`, and `space-first`
    /// after the first line.
    package static func trimsLineStart(_ trim: TextSpacingTrim, firstLine: Bool) -> Bool {
        switch trim {
        case .trimStart, .trimBoth, .trimAll: true
        case .spaceFirst: !firstLine
        case .spaceAll, .normal: false
        }
    }

    /// Whether a closing character ending a line is always trimmed under `trim` (`trim-both`,
    /// `trim-all`), or only when the line does not fit otherwise (`normal`, `space-first`,
    /// `trim-start`: CSS's `allow-end`); nil when never (`space-all`).
    package static func trimsLineEnd(_ trim: TextSpacingTrim) -> (always: Bool, whenNeeded: Bool) {
        switch trim {
        case .trimBoth, .trimAll: (true, false)
        case .normal, .spaceFirst, .trimStart: (false, true)
        case .spaceAll: (false, false)
        }
    }

    /// How a trimmed glyph changes: its advance (negative) and the move of its ink along its
    /// line's offsets (x right, y up).
    package struct Trim: Sendable, Equatable {
        package let advance: CGFloat
        package let offset: CGPoint

        /// A trim of these values.
        package init(advance: CGFloat, offset: CGPoint) {
            self.advance = advance
            self.offset = offset
        }

        /// The change that undoes this one.
        package var undone: Trim { Trim(advance: -advance, offset: CGPoint(x: -offset.x, y: -offset.y)) }
    }

    private struct TrimKey: Hashable, Sendable {
        let font: FontCacheKey
        let unit: UInt16
        let upright: Bool
    }
    /// Trims found, by font (not holding its face), character and orientation; under
    /// ``GalleyMemory``'s budget (part of the ``GalleyMemory/Cache/fallback`` share).
    private static let trims: DictionaryCache<TrimKey, Trim?> = {
        let cache = DictionaryCache<TrimKey, Trim?>(byteLimit: 1 << 20) { key, _ in
            MemoryCost.array(key.font.variations)
        }
        GalleyMemory.register(cache, as: .fallback)
        return cache
    }()

    /// The trim of `unit`'s glyph in `font` standing `orientation` on its line: the font's
    /// `halt` (`vhal` for upright glyphs) where it has the feature and the feature changes the
    /// glyph; else JLREQ's half of the glyph's advance, taken before the ink of an opening
    /// bracket, after that of a closing one, a quarter on each side of a middle dot. Nil for
    /// other characters and for glyphs that are not full width (narrower than 0.9 em).
    package static func trim(_ unit: UInt16, font: Font, orientation: GlyphOrientation) -> Trim? {
        let key = TrimKey(font: font.cacheKey, unit: unit, upright: orientation == .upright)
        if let known = trims.value(for: key) { return known }
        let found = computeTrim(unit, font: font, orientation: orientation)
        trims.store(found, for: key)
        return found
    }

    private static func computeTrim(_ unit: UInt16, font: Font, orientation: GlyphOrientation) -> Trim? {
        guard let p = punctuation(unit), p != .ideographicSpace else { return nil }
        let upright = orientation == .upright
        func shaped(_ features: [ShapingFeature]) -> ShapedGlyph? {
            var request = ShapingRequest(
                text: [unit], context: 0..<1, range: 0..<1, font: font, rightToLeft: false, script: "Hani",
                language: nil, kern: 0, features: features)
            request.orientation = upright ? .upright : .horizontal
            var out = ShapedGlyphs(base: 0)
            HarfBuzzShaper.shape(request, into: &out)
            return out.glyphs.count == 1 ? out.glyphs[0] : nil
        }
        guard let full = shaped([]), full.id != 0, full.advance >= 0.9 * font.size else { return nil }
        let tag = upright ? "vhal" : "halt"
        if font.hasLayoutFeature(tag), let half = shaped([ShapingFeature(tag: tag, value: 1)]),
            half.advance < full.advance
        {
            return Trim(
                advance: half.advance - full.advance,
                offset: CGPoint(x: half.offset.x - full.offset.x, y: half.offset.y - full.offset.y))
        }
        let half = full.advance / 2
        // Back along the line: −x horizontally (and for sideways glyphs, turned after), +y
        // down a column (offsets are y up, the pen moves down).
        let back = { (d: CGFloat) in upright ? CGPoint(x: 0, y: d) : CGPoint(x: -d, y: 0) }
        switch p {
        case .opening: return Trim(advance: -half, offset: back(half))
        case .closing: return Trim(advance: -half, offset: .zero)
        case .middleDot: return Trim(advance: -half, offset: back(half / 2))
        case .ideographicSpace: return nil
        }
    }

    /// Whether `mode` puts space at the boundary `i` (between the characters before and at `i`,
    /// inside `context`): one side an ideograph (Han, kana), the other a letter of another script
    /// (`ideograph-alpha`) or a decimal digit (`ideograph-numeric`), neither full width.
    package static func autospaces(_ mode: TextAutospace, units: [UInt16], context: Range<Int>, at i: Int) -> Bool {
        guard mode != .noAutospace, i > context.lowerBound, i < context.upperBound else { return false }
        let before = scalar(units, before: i, from: context.lowerBound)
        let after = scalar(units, at: i, to: context.upperBound)
        if isIdeograph(before) { return isSpaced(after, mode) }
        return isIdeograph(after) && isSpaced(before, mode)
    }

    /// Han ideographs (with 々 〆 〇 and the Hangzhou numerals) and kana (with ー).
    package static func isIdeograph(_ v: UInt32) -> Bool {
        switch v {
        case 0x3005...0x3007, 0x3021...0x3029, 0x3038...0x303B, 0x3041...0x3096, 0x309D...0x309F, 0x30A1...0x30FA,
            0x30FC...0x30FF, 0x31F0...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3FFFF:
            true
        default: false
        }
    }

    /// A letter of a script written with spaces (below U+2E80, Hangul jamo left out) or a decimal
    /// digit (not the full-width ones), as `mode` asks.
    private static func isSpaced(_ v: UInt32, _ mode: TextAutospace) -> Bool {
        guard v < 0x2E80, !(0x1100...0x11FF).contains(v), let s = Unicode.Scalar(v) else { return false }
        if mode.spacesDigits, s.properties.numericType == .decimal { return true }
        return mode.spacesLetters && s.properties.isAlphabetic && s.properties.numericType == nil
    }

    private static func scalar(_ units: [UInt16], before i: Int, from lower: Int) -> UInt32 {
        let u = UInt32(units[i - 1])
        if u & 0xFC00 == 0xDC00, i - 2 >= lower, units[i - 2] & 0xFC00 == 0xD800 {
            return 0x10000 + ((UInt32(units[i - 2]) - 0xD800) << 10) + (u - 0xDC00)
        }
        return u
    }

    private static func scalar(_ units: [UInt16], at i: Int, to upper: Int) -> UInt32 {
        let u = UInt32(units[i])
        if u & 0xFC00 == 0xD800, i + 1 < upper, units[i + 1] & 0xFC00 == 0xDC00 {
            return 0x10000 + ((u - 0xD800) << 10) + (UInt32(units[i + 1]) - 0xDC00)
        }
        return u
    }

    /// The autospace of text in `font`: 1/8 of its em.
    package static func autospace(_ font: Font) -> CGFloat { font.size / 8 }

    /// Applies both to the glyphs from `first` on, just shaped for `range` (inside `context`) in
    /// `font` with `attributes`: each trimmed character's glyphs take its `Trim`, and the last
    /// glyph before an autospaced boundary (`range`'s end included, its next character read from
    /// the context) grows by the autospace. Left-to-right items only.
    package static func apply(
        _ attributes: Attributes, font: Font, orientation: GlyphOrientation, units: [UInt16], context: Range<Int>,
        range: Range<Int>, rightToLeft: Bool, to glyphs: inout ShapedGlyphs, from first: Int
    ) {
        let trim = attributes.textSpacingTrim ?? .spaceAll
        let autospace = attributes.textAutospace ?? .noAutospace
        guard trim != .spaceAll || autospace != .noAutospace, !rightToLeft else { return }
        let n = glyphs.count
        var g = first
        while g < n {
            let cluster = glyphs.glyphs[g].cluster
            var end = g + 1
            while end < n, glyphs.glyphs[end].cluster == cluster { end += 1 }
            let offset = Int(cluster) + glyphs.base
            let next = end < n ? Int(glyphs.glyphs[end].cluster) + glyphs.base : range.upperBound
            if trim != .spaceAll, next - offset == 1, trimsInside(trim, units: units, context: context, at: offset),
                let t = self.trim(units[offset], font: font, orientation: orientation)
            {
                for k in g..<end {
                    glyphs.glyphs[k].offset.x += t.offset.x
                    glyphs.glyphs[k].offset.y += t.offset.y
                }
                glyphs.glyphs[end - 1].advance += t.advance
            }
            if autospace != .noAutospace, autospaces(autospace, units: units, context: context, at: next) {
                glyphs.glyphs[end - 1].advance += self.autospace(font)
            }
            g = end
        }
    }
}
