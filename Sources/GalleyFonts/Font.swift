// Font: one face at one point size — names, style, CoreText-style metrics and per-glyph queries.

import CHarfBuzz
import Foundation

/// A font face at a point size. Like `CTFont`.
///
/// Immutable and safe to use from many threads at once. All metrics are in points at `size`
/// (font units × size / unitsPerEm), y up, with `descent` positive below the baseline, as CoreText
/// reports them. Two fonts are equal when they share one face (same file and face index, loaded
/// once through the face cache), the same size, synthetic traits, cascade list, variation
/// instance (``variations``) and ``substitution`` (a font asked for as `Times` is another run
/// attribute than the same face asked for by its own name).
public final class Font: Sendable, Hashable, CustomStringConvertible {
    /// The point size. Like `CTFontGetSize`.
    public let size: CGFloat
    /// The shared, size-independent face.
    @usableFromInline package let face: FontFace
    /// Styles the renderer synthesizes because the face lacks them (set on fallback fonts).
    public let syntheticTraits: SyntheticTraits
    /// Families to search, in order, for characters this font lacks, before the collection's own
    /// cascade; nil for the default. Like kCTFontCascadeListAttribute.
    public let cascadeList: [String]?
    /// The variable-font instance drawn, or nil for the face's default instance.
    package let instance: FontInstance?
    /// How this font's family stands in for another name, when ``FontCollection/font(matching:strict:)``
    /// substituted it (a generic name, a fontconfig alias or an unknown family); nil when the
    /// family was found under the name requested, and for fonts made any other way. Kept by
    /// ``withSize(_:)``, ``withCascadeList(_:)``, ``withSyntheticTraits(_:)`` and ``withVariations(_:)``.
    /// CoreText has no equivalent (it substitutes silently).
    public let substitution: FontSubstitution?
    /// What ``FontCollection/font(matching:strict:)`` was asked when it answered with this font
    /// (family, weight, italic, width; its size follows ``withSize(_:)``), or nil for a font made
    /// any other way. The face may differ from it (no semi-bold face, no condensed one); the
    /// request is what a document asked for, as Pango keeps its font description. Kept by the
    /// `with…` copies, as ``substitution`` is, and part of equality (see ``==(_:_:)``). Like
    /// the descriptor a `CTFont` was created from.
    public let request: FontRequest?

    /// Wraps an already-loaded face; `size` must be finite and positive (callers check).
    package init(
        face: FontFace, size: CGFloat, syntheticTraits: SyntheticTraits = [], cascadeList: [String]? = nil,
        instance: FontInstance? = nil, substitution: FontSubstitution? = nil, request: FontRequest? = nil
    ) {
        self.face = face
        self.size = size
        self.syntheticTraits = syntheticTraits
        self.cascadeList = cascadeList
        self.instance = instance
        self.substitution = substitution
        self.request = request
    }

    /// Loads face `faceIndex` of the font file at `path` (TrueType, OpenType, a collection, WOFF
    /// or WOFF2). Like `CTFontManagerCreateFontDescriptorsFromURL` followed by `CTFontCreateWithFontDescriptor`.
    ///
    /// A file from the bundled fonts or one fontconfig lists among the system's fonts is read as
    /// it is; any other file is first passed through the OpenType Sanitizer
    /// (``FontSanitization/sanitized``, the default) and the face is made from the sanitized
    /// bytes, unless `sanitization` is ``FontSanitization/trusted``. Loading the same file and
    /// face index again reuses the already-loaded face.
    /// - Throws: `.fileNotFound`, `.unreadable`, `.notAFont`, `.faceIndexOutOfRange`, `.invalidSize`,
    ///   or `.rejectedBySanitizer`, `.sanitizerFailed`, `.sanitizerUnavailable` (see ``FontSanitizer``).
    public convenience init(
        path: String, size: CGFloat, faceIndex: Int = 0, sanitization: FontSanitization = .sanitized
    ) throws(FontError) {
        try Font.validate(size: size)
        let face = try FaceCache.shared.face(path: path, faceIndex: faceIndex, sanitizer: sanitization.sanitizer)
        self.init(face: face, size: size)
    }

    /// Loads face `faceIndex` of a font file held in memory (TrueType, OpenType, a collection,
    /// WOFF or WOFF2). Like `CTFontManagerCreateFontDescriptorFromData`.
    ///
    /// The bytes pass through the OpenType Sanitizer first (``FontSanitization/sanitized``, the
    /// default; the same bytes are sanitized once, ``FontSanitizer``) and the face is made from
    /// the sanitized bytes; ``FontSanitization/trusted`` uses them as they are.
    ///
    /// The same bytes (by SHA-256) and face index give the same face while it is alive, so
    /// fonts made from one upload request after request compare equal and share every cache's
    /// entries; a face no one holds any more is freed once the face cache evicts it (see
    /// ``GalleyMemory``).
    /// - Throws: `.notAFont(path: "<memory>")`, `.faceIndexOutOfRange`, `.invalidSize`, or
    ///   `.rejectedBySanitizer`, `.sanitizerFailed`, `.sanitizerUnavailable`.
    public convenience init(
        data: [UInt8], size: CGFloat, faceIndex: Int = 0, sanitization: FontSanitization = .sanitized
    ) throws(FontError) {
        try Font.validate(size: size)
        let face = try FaceCache.shared.face(data: data, faceIndex: faceIndex, sanitizer: sanitization.sanitizer)
        self.init(face: face, size: size)
    }

    /// Finds a font by family name: the bundled fonts first, then the system's fonts via
    /// fontconfig. The family must match exactly (ignoring case); among its faces the nearest
    /// weight wins (CSS font-matching rules), preferring the requested italic; a variable face with
    /// a `wght` axis is instantiated at the weight. Like `CTFontCreateWithName` with a family name
    /// plus traits, but never substitutes another family.
    /// - Throws: `.familyNotFound` or `.invalidSize`.
    public convenience init(family: String, weight: Font.Weight = .regular, italic: Bool = false, size: CGFloat)
        throws(FontError)
    {
        let font = try FontCollection.shared.font(family: family, weight: weight, italic: italic, size: size)
        self.init(
            face: font.face, size: size, syntheticTraits: font.syntheticTraits, cascadeList: font.cascadeList,
            instance: font.instance, substitution: font.substitution, request: font.request)
    }

    /// The same face at another size, sharing the loaded face. Like `CTFontCreateCopyWithAttributes`
    /// with only a new size.
    /// - Throws: `.invalidSize`.
    public func withSize(_ size: CGFloat) throws(FontError) -> Font {
        try Font.validate(size: size)
        var sized = request
        sized?.size = size
        return Font(
            face: face, size: size, syntheticTraits: syntheticTraits, cascadeList: cascadeList, instance: instance,
            substitution: substitution, request: sized)
    }

    /// The same font with `families` searched first (in order) for characters it lacks, before
    /// the collection's default cascade and the system fonts. Like a font descriptor with
    /// kCTFontCascadeListAttribute.
    public func withCascadeList(_ families: [String]) -> Font {
        Font(
            face: face, size: size, syntheticTraits: syntheticTraits, cascadeList: families, instance: instance,
            substitution: substitution, request: request)
    }

    /// The same font drawn with `traits` synthesized.
    public func withSyntheticTraits(_ traits: SyntheticTraits) -> Font {
        Font(
            face: face, size: size, syntheticTraits: traits, cascadeList: cascadeList, instance: instance,
            substitution: substitution, request: request)
    }

    /// The same face drawn at another instance of its design axes: like `CTFontCreateCopyWithAttributes`
    /// with a descriptor whose kCTFontVariationAttribute is `variations`.
    ///
    /// The list replaces this font's variations (it does not add to them): axes it does not
    /// mention take their default value, so `withVariations([])` is the default instance. Tags
    /// the font has no axis for are ignored, as are NaN and infinite values; when a tag appears
    /// more than once the last value wins; values outside an axis's range are clamped to its
    /// minimum or maximum (as CoreText and HarfBuzz do). A font that is not variable ignores
    /// every value and returns an equal font. HarfBuzz then applies the font's `gvar`, `HVAR`
    /// and `MVAR` tables to shaping, advances, glyph bounds and metrics, and the renderer draws
    /// the same instance.
    public func withVariations(_ variations: [Font.Variation]) -> Font {
        Font(
            face: face, size: size, syntheticTraits: syntheticTraits, cascadeList: cascadeList,
            instance: face.instance(for: variations), substitution: substitution, request: request)
    }

    /// The axis values this font draws with, after ``withVariations(_:)`` dropped unknown tags,
    /// clamped to each axis's range and dropped values equal to the axis default, in `fvar` axis
    /// order; empty for the default instance and for fonts that are not variable. Like
    /// `CTFontCopyVariation`, but listing only the axes away from their default.
    public var variations: [Font.Variation] { instance?.settings ?? [] }

    /// The design axes of a variable font from its `fvar` table, in table order; empty for a font
    /// that is not variable. Like `CTFontCopyVariationAxes`.
    public var variationAxes: [Font.VariationAxis] { face.variationAxes }

    /// The HarfBuzz font to shape and measure with: this instance's when the font has variations,
    /// else the face's. Immutable; scaled to font units.
    package var hbFont: OpaquePointer { instance?.hbFont ?? face.hbFont }

    /// One design coordinate per `fvar` axis (in axis order) when the font draws a non-default
    /// instance, for FreeType's `FT_Set_Var_Design_Coordinates`; empty for the default instance.
    package var variationCoordinates: [Double] { instance?.coordinates ?? [] }

    /// The largest font size, in points: 10⁶, as Pango's font descriptions allow. Glyph advances
    /// and line widths stay far from overflow below it.
    public static let maximumSize: CGFloat = 1_000_000

    /// Throws `.invalidSize` unless `size` is finite, greater than zero and at most ``maximumSize``.
    package static func validate(size: CGFloat) throws(FontError) {
        guard size.isFinite, size > 0, size <= maximumSize else { throw .invalidSize(Double(size)) }
    }

    // MARK: Names and style

    /// The PostScript name, e.g. `DejaVuSans-Bold`. Like `CTFontCopyPostScriptName`.
    public var postScriptName: String { face.postScriptName }
    /// The family name, e.g. `DejaVu Sans`. Like `CTFontCopyFamilyName`.
    public var familyName: String { face.familyName }
    /// The style name, e.g. `Bold Oblique`. Like `CTFontCopyName(font, kCTFontStyleNameKey)`.
    public var styleName: String { face.styleName }
    /// The weight from `OS/2.usWeightClass`; for a variable-font instance with a `wght` value
    /// (``variations``), that value rounded (the `wght` axis uses the usWeightClass scale, OpenType
    /// axis registry). Like the `kCTFontWeightTrait` of `CTFontCopyTraits`, on the 1…1000 scale.
    public var weight: Font.Weight {
        if let wght = instance?.settings.first(where: { $0.tag == "wght" }) {
            return Font.Weight(rawValue: Int(wght.value.rounded()))
        }
        return face.weight
    }
    /// The width: `OS/2.usWidthClass` as a percentage (normal when the face has none); for a
    /// variable-font instance with a `wdth` value (``variations``), that value (the `wdth` axis is
    /// a percentage too). Like the `kCTFontWidthTrait` of `CTFontCopyTraits`, on CSS's scale.
    public var width: Font.Width {
        if let wdth = instance?.settings.first(where: { $0.tag == "wdth" }) {
            return Font.Width(rawValue: Double(wdth.value))
        }
        return face.width
    }
    /// Whether the face is italic or oblique (`OS/2.fsSelection`, else `head.macStyle`).
    /// Like `kCTFontItalicTrait` in `CTFontGetSymbolicTraits`.
    public var isItalic: Bool { face.isItalic }
    /// Font design units per em. Like `CTFontGetUnitsPerEm`.
    public var unitsPerEm: Int { face.unitsPerEm }
    /// Whether the face draws colour glyphs (CBDT/CBLC, sbix or COLR). Like `kCTFontColorGlyphsTrait`.
    public var hasColorGlyphs: Bool { face.hasColorGlyphs }

    // MARK: Metrics

    /// Points per font unit at this size.
    var scale: CGFloat { size / CGFloat(face.unitsPerEm) }
    /// The metrics of the instance drawn (MVAR applied), else the face's.
    private var metrics: FaceMetrics { instance?.metrics ?? face.metrics }

    /// Distance from the baseline to the top of the line, in points: `hhea.ascender` (or
    /// `OS/2.sTypoAscender` when USE_TYPO_METRICS is set). Like `CTFontGetAscent`.
    public var ascent: CGFloat { CGFloat(metrics.ascender) * scale }
    /// Distance from the baseline to the bottom of the line, positive below the baseline:
    /// -`hhea.descender` (or -`OS/2.sTypoDescender`). Like `CTFontGetDescent`.
    public var descent: CGFloat { CGFloat(metrics.descender) * scale }
    /// Extra space between lines: `hhea.lineGap` (or `OS/2.sTypoLineGap`). Like `CTFontGetLeading`.
    public var leading: CGFloat { CGFloat(metrics.lineGap) * scale }
    /// Height of capital letters: `OS/2.sCapHeight`, or the ink top of "H" when the OS/2 table
    /// predates version 2; 0 if neither exists. Like `CTFontGetCapHeight`.
    public var capHeight: CGFloat { CGFloat(metrics.capHeight) * scale }
    /// Height of lower-case letters: `OS/2.sxHeight`, or the ink top of "x" when the OS/2 table
    /// predates version 2; 0 if neither exists. Like `CTFontGetXHeight`.
    public var xHeight: CGFloat { CGFloat(metrics.xHeight) * scale }
    /// `post.underlinePosition`, negative below the baseline. Like `CTFontGetUnderlinePosition`.
    public var underlinePosition: CGFloat { CGFloat(metrics.underlinePosition) * scale }
    /// `post.underlineThickness`. Like `CTFontGetUnderlineThickness`.
    public var underlineThickness: CGFloat { CGFloat(metrics.underlineThickness) * scale }
    /// Where strikethrough goes: the distance of the stroke's top edge above the baseline (OS/2
    /// yStrikeoutPosition, which the OpenType spec defines as the top of the stroke; or half the
    /// x-height when the font has none).
    public var strikethroughPosition: CGFloat { CGFloat(metrics.strikeoutPosition) * scale }
    /// Strikethrough thickness (OS/2 yStrikeoutSize, or the underline thickness).
    public var strikethroughThickness: CGFloat { CGFloat(metrics.strikeoutThickness) * scale }
    /// How far superscript text is raised (OS/2 ySuperscriptYOffset), in points at this size.
    public var superscriptOffset: CGFloat { CGFloat(metrics.superscriptOffset) * scale }
    /// How far subscript text is lowered (OS/2 ySubscriptYOffset, positive downward).
    public var subscriptOffset: CGFloat { CGFloat(metrics.subscriptOffset) * scale }
    /// The size of superscript text relative to this font's (OS/2 ySuperscriptYSize / unitsPerEm).
    public var superscriptScale: CGFloat { CGFloat(metrics.superscriptSize) / CGFloat(unitsPerEm) }
    /// The size of subscript text relative to this font's (OS/2 ySubscriptYSize / unitsPerEm).
    public var subscriptScale: CGFloat { CGFloat(metrics.subscriptSize) / CGFloat(unitsPerEm) }

    /// The union of all glyph bounds from `head.xMin/yMin/xMax/yMax`, y up. Like `CTFontGetBoundingBox`.
    public var boundingBox: CGRect {
        let m = metrics
        return CGRect(
            x: m.xMin * scale, y: m.yMin * scale,
            width: (m.xMax - m.xMin) * scale, height: (m.yMax - m.yMin) * scale)
    }

    // MARK: Glyphs

    /// The glyph the cmap assigns to `scalar`, or nil if the font lacks it.
    /// Like `CTFontGetGlyphsForCharacters` for one character.
    public func glyph(for scalar: Unicode.Scalar) -> GlyphID? {
        face.glyph(for: scalar)
    }

    /// Whether the cmap maps `scalar` to a glyph. (Inlinable: font fallback asks it for nearly
    /// every character.)
    @inlinable
    public func covers(_ scalar: Unicode.Scalar) -> Bool {
        face.covers(scalar)
    }

    /// The horizontal advance of `glyph` in points (`hmtx`), 0 for a glyph id the font does not
    /// have. Like `CTFontGetAdvancesForGlyphs` with `.horizontal`.
    public func advance(for glyph: GlyphID) -> CGFloat {
        guard Int(glyph) < face.glyphCount else { return 0 }
        return CGFloat(hb_font_get_glyph_h_advance(hbFont, glyph)) * scale
    }

    /// The ink bounds of `glyph` in points, y up, relative to the glyph origin; `.zero` for an
    /// empty glyph or a glyph id the font does not have. Colour bitmap glyphs report the bitmap's
    /// extent. Like `CTFontGetBoundingRectsForGlyphs`.
    public func boundingRect(for glyph: GlyphID) -> CGRect {
        var extents = hb_glyph_extents_t()
        guard Int(glyph) < face.glyphCount,
            hb_font_get_glyph_extents(hbFont, glyph, &extents) != 0
        else { return .zero }
        // HarfBuzz: y_bearing is the top, height is negative (extends downward).
        return CGRect(
            x: CGFloat(extents.x_bearing) * scale,
            y: CGFloat(extents.y_bearing + extents.height) * scale,
            width: CGFloat(extents.width) * scale,
            height: CGFloat(-extents.height) * scale)
    }

    // MARK: Identity

    /// Same face (identity), size, synthetic traits, cascade list, variations, substitution and
    /// request (a bold face asked for as 600 is another font than one asked for as 700, as two
    /// `CTFont`s made from different descriptors are: runs keep what each part of a document asked).
    public static func == (lhs: Font, rhs: Font) -> Bool {
        lhs.face === rhs.face && lhs.size == rhs.size && lhs.syntheticTraits == rhs.syntheticTraits
            && lhs.cascadeList == rhs.cascadeList && lhs.variations == rhs.variations
            && lhs.substitution == rhs.substitution && lhs.request == rhs.request
    }

    /// Hashes the face identity, the size, the synthetic traits, the variations and the substitution.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(face))
        hasher.combine(size)
        hasher.combine(syntheticTraits)
        hasher.combine(variations)
        hasher.combine(substitution)
        hasher.combine(request)
    }

    /// E.g. `Font(DejaVuSans-Bold, 12.0 pt)`, `Font(DroidSansFallback, 12.0 pt, synthetic bold)`,
    /// `Font(Inter-Regular, 12.0 pt, wght=800.0)` or `Font(DejaVuSerif, 12.0 pt, alias for 'Times')`.
    public var description: String {
        var traits: [String] = []
        if syntheticTraits.contains(.bold) { traits.append("bold") }
        if syntheticTraits.contains(.oblique) { traits.append("oblique") }
        let axes = variations.isEmpty ? "" : ", " + variations.map(\.description).joined(separator: " ")
        let stand = substitution.map { ", \($0.kind) for '\($0.requestedFamily)'" } ?? ""
        return
            "Font(\(postScriptName), \(size) pt\(traits.isEmpty ? "" : ", synthetic " + traits.joined(separator: " "))\(axes)\(stand))"
    }
}
