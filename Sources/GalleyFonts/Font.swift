// Font: one face at one point size — names, style, CoreText-style metrics and per-glyph queries.

import CHarfBuzz
import Foundation

/// A font face at a point size. Like `CTFont`.
///
/// Immutable and safe to use from many threads at once. All metrics are in points at `size`
/// (font units × size / unitsPerEm), y up, with `descent` positive below the baseline, as CoreText
/// reports them. Two fonts are equal when they share one face (same file and face index, loaded
/// once through the face cache) and have the same size.
public final class Font: Sendable, Hashable, CustomStringConvertible {
    /// The point size. Like `CTFontGetSize`.
    public let size: CGFloat
    /// The shared, size-independent face.
    package let face: FontFace
    /// Styles the renderer synthesizes because the face lacks them (set on fallback fonts).
    public let syntheticTraits: SyntheticTraits
    /// Families to search, in order, for characters this font lacks, before the collection's own
    /// cascade; nil for the default. Like kCTFontCascadeListAttribute.
    public let cascadeList: [String]?

    /// Wraps an already-loaded face; `size` must be finite and positive (callers check).
    package init(face: FontFace, size: CGFloat, syntheticTraits: SyntheticTraits = [], cascadeList: [String]? = nil) {
        self.face = face
        self.size = size
        self.syntheticTraits = syntheticTraits
        self.cascadeList = cascadeList
    }

    /// Loads face `faceIndex` of the font file at `path`. Like `CTFontManagerCreateFontDescriptorsFromURL`
    /// followed by `CTFontCreateWithFontDescriptor`.
    ///
    /// Loading the same file and face index again reuses the already-loaded face.
    /// - Throws: `.fileNotFound`, `.unreadable`, `.notAFont`, `.faceIndexOutOfRange` or `.invalidSize`.
    public convenience init(path: String, size: CGFloat, faceIndex: Int = 0) throws(FontError) {
        try Font.validate(size: size)
        let face = try FaceCache.shared.face(path: path, faceIndex: faceIndex)
        self.init(face: face, size: size)
    }

    /// Loads face `faceIndex` of a font file held in memory. Like `CTFontManagerCreateFontDescriptorFromData`.
    /// - Throws: `.notAFont(path: "<memory>")`, `.faceIndexOutOfRange` or `.invalidSize`.
    public convenience init(data: [UInt8], size: CGFloat, faceIndex: Int = 0) throws(FontError) {
        try Font.validate(size: size)
        let face = try FontFace(data: data, faceIndex: faceIndex, path: nil)
        self.init(face: face, size: size)
    }

    /// Finds a font by family name: the bundled fonts first, then the system's fonts via
    /// fontconfig. The family must match exactly (ignoring case); among its faces the nearest
    /// weight wins (CSS font-matching rules), preferring the requested italic. Like `CTFontCreateWithName`
    /// with a family name plus traits, but never substitutes another family.
    /// - Throws: `.familyNotFound` or `.invalidSize`.
    public convenience init(family: String, weight: Font.Weight = .regular, italic: Bool = false, size: CGFloat) throws(FontError) {
        let font = try FontCollection.shared.font(family: family, weight: weight, italic: italic, size: size)
        self.init(face: font.face, size: size, syntheticTraits: font.syntheticTraits)
    }

    /// The same face at another size, sharing the loaded face. Like `CTFontCreateCopyWithAttributes`
    /// with only a new size.
    /// - Throws: `.invalidSize`.
    public func withSize(_ size: CGFloat) throws(FontError) -> Font {
        try Font.validate(size: size)
        return Font(face: face, size: size, syntheticTraits: syntheticTraits, cascadeList: cascadeList)
    }

    /// The same font with `families` searched first (in order) for characters it lacks, before
    /// the collection's default cascade and the system fonts. Like a font descriptor with
    /// kCTFontCascadeListAttribute.
    public func withCascadeList(_ families: [String]) -> Font {
        Font(face: face, size: size, syntheticTraits: syntheticTraits, cascadeList: families)
    }

    /// The same font drawn with `traits` synthesized.
    public func withSyntheticTraits(_ traits: SyntheticTraits) -> Font {
        Font(face: face, size: size, syntheticTraits: traits, cascadeList: cascadeList)
    }

    /// Throws `.invalidSize` unless `size` is finite and greater than zero.
    package static func validate(size: CGFloat) throws(FontError) {
        guard size.isFinite, size > 0 else { throw .invalidSize(Double(size)) }
    }

    // MARK: Names and style

    /// The PostScript name, e.g. `DejaVuSans-Bold`. Like `CTFontCopyPostScriptName`.
    public var postScriptName: String { face.postScriptName }
    /// The family name, e.g. `DejaVu Sans`. Like `CTFontCopyFamilyName`.
    public var familyName: String { face.familyName }
    /// The style name, e.g. `Bold Oblique`. Like `CTFontCopyName(font, kCTFontStyleNameKey)`.
    public var styleName: String { face.styleName }
    /// The weight from `OS/2.usWeightClass`. Like the `kCTFontWeightTrait` of `CTFontCopyTraits`.
    public var weight: Font.Weight { face.weight }
    /// Whether the face is italic or oblique (`OS/2.fsSelection`, else `head.macStyle`).
    /// Like `kCTFontItalicTrait` in `CTFontGetSymbolicTraits`.
    public var isItalic: Bool { face.isItalic }
    /// Font design units per em. Like `CTFontGetUnitsPerEm`.
    public var unitsPerEm: Int { face.unitsPerEm }
    /// Whether the face draws colour glyphs (CBDT/CBLC, sbix or COLR). Like `kCTFontColorGlyphsTrait`.
    public var hasColorGlyphs: Bool { face.hasColorGlyphs }

    // MARK: Metrics

    /// Points per font unit at this size.
    private var scale: CGFloat { size / CGFloat(face.unitsPerEm) }

    /// Distance from the baseline to the top of the line, in points: `hhea.ascender` (or
    /// `OS/2.sTypoAscender` when USE_TYPO_METRICS is set). Like `CTFontGetAscent`.
    public var ascent: CGFloat { CGFloat(face.metrics.ascender) * scale }
    /// Distance from the baseline to the bottom of the line, positive below the baseline:
    /// -`hhea.descender` (or -`OS/2.sTypoDescender`). Like `CTFontGetDescent`.
    public var descent: CGFloat { CGFloat(face.metrics.descender) * scale }
    /// Extra space between lines: `hhea.lineGap` (or `OS/2.sTypoLineGap`). Like `CTFontGetLeading`.
    public var leading: CGFloat { CGFloat(face.metrics.lineGap) * scale }
    /// Height of capital letters: `OS/2.sCapHeight`, or the ink top of "H" when the OS/2 table
    /// predates version 2; 0 if neither exists. Like `CTFontGetCapHeight`.
    public var capHeight: CGFloat { CGFloat(face.metrics.capHeight) * scale }
    /// Height of lower-case letters: `OS/2.sxHeight`, or the ink top of "x" when the OS/2 table
    /// predates version 2; 0 if neither exists. Like `CTFontGetXHeight`.
    public var xHeight: CGFloat { CGFloat(face.metrics.xHeight) * scale }
    /// `post.underlinePosition`, negative below the baseline. Like `CTFontGetUnderlinePosition`.
    public var underlinePosition: CGFloat { CGFloat(face.metrics.underlinePosition) * scale }
    /// `post.underlineThickness`. Like `CTFontGetUnderlineThickness`.
    public var underlineThickness: CGFloat { CGFloat(face.metrics.underlineThickness) * scale }
    /// The union of all glyph bounds from `head.xMin/yMin/xMax/yMax`, y up. Like `CTFontGetBoundingBox`.
    /// Where strikethrough goes: the distance of the stroke's top edge above the baseline (OS/2
    /// yStrikeoutPosition, which the OpenType spec defines as the top of the stroke; or half the
    /// x-height when the font has none).
    public var strikethroughPosition: CGFloat { CGFloat(face.metrics.strikeoutPosition) * scale }
    /// Strikethrough thickness (OS/2 yStrikeoutSize, or the underline thickness).
    public var strikethroughThickness: CGFloat { CGFloat(face.metrics.strikeoutThickness) * scale }
    /// How far superscript text is raised (OS/2 ySuperscriptYOffset), in points at this size.
    public var superscriptOffset: CGFloat { CGFloat(face.metrics.superscriptOffset) * scale }
    /// How far subscript text is lowered (OS/2 ySubscriptYOffset, positive downward).
    public var subscriptOffset: CGFloat { CGFloat(face.metrics.subscriptOffset) * scale }
    /// The size of superscript text relative to this font's (OS/2 ySuperscriptYSize / unitsPerEm).
    public var superscriptScale: CGFloat { CGFloat(face.metrics.superscriptSize) / CGFloat(unitsPerEm) }
    /// The size of subscript text relative to this font's (OS/2 ySubscriptYSize / unitsPerEm).
    public var subscriptScale: CGFloat { CGFloat(face.metrics.subscriptSize) / CGFloat(unitsPerEm) }

    public var boundingBox: CGRect {
        let m = face.metrics
        return CGRect(x: m.xMin * scale, y: m.yMin * scale,
                      width: (m.xMax - m.xMin) * scale, height: (m.yMax - m.yMin) * scale)
    }

    // MARK: Glyphs

    /// The glyph the cmap assigns to `scalar`, or nil if the font lacks it.
    /// Like `CTFontGetGlyphsForCharacters` for one character.
    public func glyph(for scalar: Unicode.Scalar) -> GlyphID? {
        face.glyph(for: scalar)
    }

    /// Whether the cmap maps `scalar` to a glyph.
    public func covers(_ scalar: Unicode.Scalar) -> Bool {
        face.covers(scalar)
    }

    /// The horizontal advance of `glyph` in points (`hmtx`), 0 for a glyph id the font does not
    /// have. Like `CTFontGetAdvancesForGlyphs` with `.horizontal`.
    public func advance(for glyph: GlyphID) -> CGFloat {
        guard Int(glyph) < face.glyphCount else { return 0 }
        return CGFloat(hb_font_get_glyph_h_advance(face.hbFont, glyph)) * scale
    }

    /// The ink bounds of `glyph` in points, y up, relative to the glyph origin; `.zero` for an
    /// empty glyph or a glyph id the font does not have. Colour bitmap glyphs report the bitmap's
    /// extent. Like `CTFontGetBoundingRectsForGlyphs`.
    public func boundingRect(for glyph: GlyphID) -> CGRect {
        var extents = hb_glyph_extents_t()
        guard Int(glyph) < face.glyphCount,
              hb_font_get_glyph_extents(face.hbFont, glyph, &extents) != 0 else { return .zero }
        // HarfBuzz: y_bearing is the top, height is negative (extends downward).
        return CGRect(x: CGFloat(extents.x_bearing) * scale,
                      y: CGFloat(extents.y_bearing + extents.height) * scale,
                      width: CGFloat(extents.width) * scale,
                      height: CGFloat(-extents.height) * scale)
    }

    // MARK: Identity

    /// Same face (identity), size, synthetic traits and cascade list.
    public static func == (lhs: Font, rhs: Font) -> Bool {
        lhs.face === rhs.face && lhs.size == rhs.size && lhs.syntheticTraits == rhs.syntheticTraits
            && lhs.cascadeList == rhs.cascadeList
    }

    /// Hashes the face identity, the size and the synthetic traits.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(face))
        hasher.combine(size)
        hasher.combine(syntheticTraits)
    }

    /// E.g. `Font(DejaVuSans-Bold, 12.0 pt)`, or `Font(DroidSansFallback, 12.0 pt, synthetic bold)`.
    public var description: String {
        var traits: [String] = []
        if syntheticTraits.contains(.bold) { traits.append("bold") }
        if syntheticTraits.contains(.oblique) { traits.append("oblique") }
        return "Font(\(postScriptName), \(size) pt\(traits.isEmpty ? "" : ", synthetic " + traits.joined(separator: " ")))"
    }
}
