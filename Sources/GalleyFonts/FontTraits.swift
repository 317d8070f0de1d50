// FontTraits: CoreText's symbolic traits and normalized traits dictionary of a font
// (CTFontGetSymbolicTraits, CTFontCopyTraits), its slant angle and glyph count, and a copy with
// other symbolic traits from a real face of the family (CTFontCreateCopyWithSymbolicTraits).

import Foundation

extension Font {
    /// Style flags of a font, with CoreText's bit values. Like `CTFontSymbolicTraits`.
    public struct SymbolicTraits: OptionSet, Hashable, Sendable {
        /// The raw bits, those of `CTFontSymbolicTraits`.
        public let rawValue: UInt32
        /// Creates traits from CoreText's bits.
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// Italic or oblique face. Like `kCTFontTraitItalic` (1 << 0).
        public static let italic = SymbolicTraits(rawValue: 1 << 0)
        /// Bold face. Like `kCTFontTraitBold` (1 << 1).
        public static let bold = SymbolicTraits(rawValue: 1 << 1)
        /// Wider than normal. Like `kCTFontTraitExpanded` (1 << 5).
        public static let expanded = SymbolicTraits(rawValue: 1 << 5)
        /// Narrower than normal. Like `kCTFontTraitCondensed` (1 << 6).
        public static let condensed = SymbolicTraits(rawValue: 1 << 6)
        /// Every glyph has the same advance. Like `kCTFontTraitMonoSpace` (1 << 10).
        public static let monoSpace = SymbolicTraits(rawValue: 1 << 10)
        /// A font for vertical text. Like `kCTFontTraitVertical` (1 << 11).
        public static let vertical = SymbolicTraits(rawValue: 1 << 11)
        /// A font tuned for user interfaces. Like `kCTFontTraitUIOptimized` (1 << 12).
        public static let uiOptimized = SymbolicTraits(rawValue: 1 << 12)
        /// The font draws colour glyphs. Like `kCTFontTraitColorGlyphs` (1 << 13).
        public static let colorGlyphs = SymbolicTraits(rawValue: 1 << 13)
        /// A composite font of several fonts. Like `kCTFontTraitComposite` (1 << 14).
        public static let composite = SymbolicTraits(rawValue: 1 << 14)
    }

    /// The normalized traits of a font. Like the dictionary of `CTFontCopyTraits`
    /// (`kCTFontSymbolicTrait`, `kCTFontWeightTrait`, `kCTFontWidthTrait`, `kCTFontSlantTrait`).
    public struct Traits: Hashable, Sendable {
        /// The symbolic traits. Like `kCTFontSymbolicTrait`.
        public let symbolic: SymbolicTraits
        /// Weight, −1…1, 0 regular: ``Font/Weight/normalizedCoreText``. Like `kCTFontWeightTrait`.
        public let weight: CGFloat
        /// Width, −1…1, 0 normal, negative condensed: ``Font/Width/normalizedCoreText``. Like
        /// `kCTFontWidthTrait`.
        public let width: CGFloat
        /// Slant, −1…1: 0 upright, 1 for 30° clockwise (`−post.italicAngle / 30`, clamped). Like
        /// `kCTFontSlantTrait`.
        public let slant: CGFloat
    }

    /// The number of glyphs in the font (`maxp.numGlyphs`). Like `CTFontGetGlyphCount`.
    public var glyphCount: Int { face.glyphCount }

    /// The slant angle in degrees, counter-clockwise from the vertical (`post.italicAngle`:
    /// negative for text leaning right), 0 for an upright face; a synthetic oblique
    /// (``SyntheticTraits/oblique``, a 0.2 shear) adds −atan(0.2) ≈ −11.3°. Like `CTFontGetSlantAngle`.
    public var slantAngle: CGFloat {
        let synthetic = syntheticTraits.contains(.oblique) ? -atan(0.2) * 180 / .pi : 0
        return CGFloat(face.italicAngle + synthetic)
    }

    /// The font's symbolic traits: `.italic` from `OS/2.fsSelection` (or `head.macStyle`), `.bold`
    /// from the fsSelection BOLD bit (or macStyle) or a weight of 600 or more, `.condensed` /
    /// `.expanded` from the width, `.monoSpace` from `post.isFixedPitch`, `.colorGlyphs` for
    /// colour fonts; synthetic bold and oblique count as bold and italic. `.vertical`,
    /// `.uiOptimized` and `.composite` are never set (Galley has no vertical-orientation font
    /// objects, UI fonts or composite fonts). Like `CTFontGetSymbolicTraits`.
    public var symbolicTraits: SymbolicTraits {
        var traits: SymbolicTraits = []
        if isItalic || syntheticTraits.contains(.oblique) { traits.insert(.italic) }
        if face.isBoldStyled || weight.rawValue >= 600 || syntheticTraits.contains(.bold) { traits.insert(.bold) }
        if width.rawValue < 100 { traits.insert(.condensed) }
        if width.rawValue > 100 { traits.insert(.expanded) }
        if face.isFixedPitch { traits.insert(.monoSpace) }
        if hasColorGlyphs { traits.insert(.colorGlyphs) }
        return traits
    }

    /// The normalized traits. Like `CTFontCopyTraits`.
    public var traits: Traits {
        Traits(
            symbolic: symbolicTraits, weight: weight.normalizedCoreText, width: width.normalizedCoreText,
            slant: min(max(-slantAngle / 30, -1), 1))
    }

    /// A font of the same family and size whose symbolic traits, within `mask`, are `traits`:
    /// a real face of the family (bold ⇔ weight ≥ 600, italic, condensed, expanded, monospace),
    /// the one nearest this font's weight and width by CSS matching; other attributes (size,
    /// cascade list) are kept. Nil when the family has no such face, as CoreText returns NULL.
    /// Traits outside `mask` are free; `mask` nil means `traits` itself. Like
    /// `CTFontCreateCopyWithSymbolicTraits(font, 0, NULL, traits, mask)`.
    public func withSymbolicTraits(
        _ traits: SymbolicTraits, mask: SymbolicTraits? = nil, in collection: FontCollection = .shared
    ) -> Font? {
        let mask = mask ?? traits
        let faces = collection.catalog.byFamily[familyName.lowercased()] ?? []
        func faceTraits(_ face: FaceDescriptor) -> SymbolicTraits {
            var result: SymbolicTraits = []
            if face.isItalic { result.insert(.italic) }
            if face.weight >= 600 { result.insert(.bold) }
            if face.width < 100 { result.insert(.condensed) }
            if face.width > 100 { result.insert(.expanded) }
            if face.isMonospaced { result.insert(.monoSpace) }
            if face.isColor { result.insert(.colorGlyphs) }
            return result
        }
        let wanted = traits.intersection(mask)
        let fitting = faces.filter { faceTraits($0).intersection(mask) == wanted }
        let targetWeight = traits.contains(.bold) && mask.contains(.bold) ? max(700, weight.rawValue) : weight.rawValue
        let style = StyleMatching(weight: targetWeight, italic: wanted.contains(.italic))
        for descriptor in style.sorted(fitting) {
            guard let face = try? FaceCache.shared.face(for: descriptor) else {
                continue
            }
            return Font(face: face, size: size, cascadeList: cascadeList)
        }
        return nil
    }
}

extension Font.Weight {
    /// This weight on CoreText's −1…1 scale (`kCTFontWeightTrait`), piecewise linear between
    /// the values of AppKit's and UIKit's weight constants: 100 → −0.8 (ultraLight), 200 → −0.6
    /// (thin), 300 → −0.4 (light), 400 → 0 (regular), 500 → 0.23 (medium), 600 → 0.3 (semibold),
    /// 700 → 0.4 (bold), 800 → 0.56 (heavy), 900 → 0.62 (black), and 1 → −1, 1000 → 1 at the ends
    /// (WebKit maps CoreText weights to CSS weights by the same table).
    public var normalizedCoreText: CGFloat {
        let points: [(Double, Double)] = [
            (1, -1), (100, -0.8), (200, -0.6), (300, -0.4), (400, 0), (500, 0.23), (600, 0.3), (700, 0.4),
            (800, 0.56), (900, 0.62), (1000, 1),
        ]
        let w = min(max(Double(rawValue), 1), 1000)
        for (a, b) in zip(points, points.dropFirst()) where w <= b.0 {
            return CGFloat(a.1 + (w - a.0) / (b.0 - a.0) * (b.1 - a.1))
        }
        return 1
    }
}

extension Font.Width {
    /// This width on CoreText's −1…1 scale (`kCTFontWidthTrait`: 0 normal, negative condensed):
    /// linear in the CSS percentage, 50 % (ultra-condensed) → −1, 100 % → 0, 150 % → 1, clamped
    /// (200 %, ultra-expanded, is 1 too). CoreText documents only the range and the sign; this
    /// linear map is Galley's choice.
    public var normalizedCoreText: CGFloat {
        CGFloat(min(max((rawValue - 100) / 50, -1), 1))
    }
}
