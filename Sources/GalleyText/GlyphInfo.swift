// GlyphInfo: the value of the glyph-info attribute, which forces one glyph (by glyph ID, glyph
// name or character identifier) for a range of text, like CTGlyphInfo.
import Foundation
import GalleyFonts

/// A glyph that replaces the glyphs of a range of text. Like `CTGlyphInfo` and the value of
/// `kCTGlyphInfoAttributeName`: "Forces one glyph for the whole range."
///
/// As in CoreText, the glyph applies only where it can: when the text of the attribute's range is
/// exactly ``baseString`` and the run's font has the glyph (a glyph ID below its glyph count, a
/// name it knows, a CID it maps); otherwise the text is shaped as usual. The range is then laid
/// out as one cluster of that one glyph, with its advance in the run's font (plus the run's kern
/// or tracking), after shaping; the range is kept whole (no line break inside it, no font
/// fallback: the glyph belongs to the run's font).
public struct GlyphInfo: Sendable, Hashable, CustomStringConvertible {
    /// Which glyph: by ID, by name or by character identifier.
    public enum Glyph: Sendable, Hashable {
        /// A glyph ID in the run's font. Like `CTGlyphInfoCreateWithGlyph` (whose font argument
        /// is the run's font here).
        case id(GlyphID)
        /// A glyph name from the font's `post` table or CFF charset. Like
        /// `CTGlyphInfoCreateWithGlyphName`.
        case name(String)
        /// A character identifier in a character collection. Like
        /// `CTGlyphInfoCreateWithCharacterIdentifier`.
        case characterIdentifier(Int, CharacterCollection)
    }

    /// The collection a character identifier belongs to. Like `CTCharacterCollection`.
    public enum CharacterCollection: String, Sendable, Hashable, CaseIterable {
        /// The CID is the glyph ID. Like `kCTCharacterCollectionIdentityMapping`.
        case identityMapping
        /// Adobe-CNS1. Like `kCTCharacterCollectionAdobeCNS1`.
        case adobeCNS1
        /// Adobe-GB1. Like `kCTCharacterCollectionAdobeGB1`.
        case adobeGB1
        /// Adobe-Japan1. Like `kCTCharacterCollectionAdobeJapan1`.
        case adobeJapan1
        /// Adobe-Japan2. Like `kCTCharacterCollectionAdobeJapan2`.
        case adobeJapan2
        /// Adobe-Korea1. Like `kCTCharacterCollectionAdobeKorea1`.
        case adobeKorea1
    }

    /// The glyph.
    public let glyph: Glyph
    /// The text the glyph stands for: the attribute applies only where its range holds exactly
    /// this text. Like the `baseString` of the `CTGlyphInfoCreate…` functions.
    public let baseString: String

    /// A glyph info for glyph `glyph` of the run's font. Like `CTGlyphInfoCreateWithGlyph`.
    public init(glyph: GlyphID, baseString: String) {
        self.glyph = .id(glyph)
        self.baseString = baseString
    }

    /// A glyph info for the glyph named `glyphName`. Like `CTGlyphInfoCreateWithGlyphName`.
    public init(glyphName: String, baseString: String) {
        self.glyph = .name(glyphName)
        self.baseString = baseString
    }

    /// A glyph info for character identifier `cid` of `collection`. Like
    /// `CTGlyphInfoCreateWithCharacterIdentifier`.
    public init(characterIdentifier cid: Int, collection: CharacterCollection, baseString: String) {
        self.glyph = .characterIdentifier(cid, collection)
        self.baseString = baseString
    }

    /// The glyph's name, for a glyph info made from one. Like `CTGlyphInfoGetGlyphName`.
    public var glyphName: String? {
        if case .name(let name) = glyph { return name }
        return nil
    }

    /// The glyph ID, for a glyph info made from one. Like `CTGlyphInfoGetGlyph`.
    public var glyphID: GlyphID? {
        if case .id(let id) = glyph { return id }
        return nil
    }

    /// The character identifier, for a glyph info made from one (0 otherwise, as CoreText).
    /// Like `CTGlyphInfoGetCharacterIdentifier`.
    public var characterIdentifier: Int {
        if case .characterIdentifier(let cid, _) = glyph { return cid }
        return 0
    }

    /// The character collection: identity mapping unless the glyph info was made from a CID of
    /// another collection. Like `CTGlyphInfoGetCharacterCollection`.
    public var characterCollection: CharacterCollection {
        if case .characterIdentifier(_, let collection) = glyph { return collection }
        return .identityMapping
    }

    /// The glyph in `font`, or nil when the font lacks it: an ID must be below the font's glyph
    /// count, a name must be one the font knows, a CID of the identity mapping is the glyph ID;
    /// a CID of an Adobe collection is not resolved (no CID-keyed font support: nil).
    public func resolvedGlyph(in font: Font) -> GlyphID? {
        switch glyph {
        case .id(let id): id < UInt32(font.face.glyphCount) ? id : nil
        case .name(let name): font.glyph(named: name)
        case .characterIdentifier(let cid, .identityMapping):
            cid >= 0 && cid < font.face.glyphCount ? GlyphID(cid) : nil
        case .characterIdentifier: nil
        }
    }

    /// E.g. `"gid 36 for \"A\""`, `"name a.alt for \"a\""`.
    public var description: String {
        let what =
            switch glyph {
            case .id(let id): "gid \(id)"
            case .name(let name): "name \(name)"
            case .characterIdentifier(let cid, let collection): "cid \(cid) \(collection.rawValue)"
            }
        return "\(what) for \"\(baseString)\""
    }
}
