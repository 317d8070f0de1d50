// FontDescriptor: the public description of a font by attributes (names, style, languages,
// features, variations, size), matched against a collection's faces. Like CTFontDescriptor.

import Foundation
import GalleySync

/// A font described by attributes; any left nil (or empty) is free. Made by hand to search a
/// collection (``matchingFontDescriptors(in:)``), or returned by a collection for each of its
/// faces (``FontCollection/matchingFontDescriptors()``), with every attribute filled in and
/// ``path``/``faceIndex`` naming the face. Like `CTFontDescriptor` and its attribute dictionary.
public struct FontDescriptor: Hashable, Sendable {
    /// A PostScript name, compared ignoring case. Like `kCTFontNameAttribute`.
    public var postScriptName: String?
    /// A family name, compared as fontconfig compares names (ignoring case and spaces, any of the
    /// face's localized names). Like `kCTFontFamilyNameAttribute`.
    public var family: String?
    /// A style name (`Bold`, `Condensed Oblique`), compared ignoring case against any of the
    /// face's style names. Like `kCTFontStyleNameAttribute`.
    public var styleName: String?
    /// The weight wanted: faces are sorted nearest first (CSS rule), not filtered. Like
    /// `kCTFontWeightTrait` (on the CSS scale; see ``Font/Weight/normalizedCoreText``).
    public var weight: Font.Weight?
    /// The width wanted: faces are sorted nearest first. Like `kCTFontWidthTrait`.
    public var width: Font.Width?
    /// Italic (or oblique) wanted: faces with that slant first. Like `kCTFontSlantTrait`.
    public var italic: Bool?
    /// Symbolic traits every matching face must have (bold ⇔ weight ≥ 600, italic, condensed,
    /// expanded, monoSpace, colorGlyphs). Like `kCTFontSymbolicTrait` in `kCTFontTraitsAttribute`.
    public var symbolicTraits: Font.SymbolicTraits
    /// Languages (BCP 47) every matching face must support, by fontconfig's orthographies
    /// (``FontLanguage``; another territory counts). Like `kCTFontLanguagesAttribute`.
    public var languages: [String]
    /// OpenType layout feature tags every matching face must have in `GSUB` or `GPOS`. Like
    /// `kCTFontFeaturesAttribute` / `kCTFontFeatureSettingsAttribute` as a matching criterion.
    public var features: [String]
    /// Variation axis values the font made from this descriptor draws with. Like
    /// `kCTFontVariationAttribute`.
    public var variations: [Font.Variation]
    /// Families searched first for characters the font lacks. Like `kCTFontCascadeListAttribute`.
    public var cascadeList: [String]?
    /// The point size; nil for 12. Like `kCTFontSizeAttribute`.
    public var size: CGFloat?
    /// The font file of a face descriptor a collection returned; nil in a search descriptor. Like
    /// `kCTFontURLAttribute`.
    public internal(set) var path: String?
    /// The face within ``path``.
    public internal(set) var faceIndex: Int?

    /// A descriptor with the given attributes. Like `CTFontDescriptorCreateWithAttributes`.
    public init(
        postScriptName: String? = nil, family: String? = nil, styleName: String? = nil, weight: Font.Weight? = nil,
        width: Font.Width? = nil, italic: Bool? = nil, symbolicTraits: Font.SymbolicTraits = [],
        languages: [String] = [], features: [String] = [], variations: [Font.Variation] = [],
        cascadeList: [String]? = nil, size: CGFloat? = nil
    ) {
        self.postScriptName = postScriptName
        self.family = family
        self.styleName = styleName
        self.weight = weight
        self.width = width
        self.italic = italic
        self.symbolicTraits = symbolicTraits
        self.languages = languages
        self.features = features
        self.variations = variations
        self.cascadeList = cascadeList
        self.size = size
    }

    /// A descriptor naming a font by PostScript name at `size`. Like
    /// `CTFontDescriptorCreateWithNameAndSize`.
    public init(name: String, size: CGFloat) {
        self.init(postScriptName: name, size: size)
    }

    /// The normalized descriptor of one face.
    init(face: FaceDescriptor) {
        var traits: Font.SymbolicTraits = []
        if face.isItalic { traits.insert(.italic) }
        if face.weight >= 600 { traits.insert(.bold) }
        if face.width < 100 { traits.insert(.condensed) }
        if face.width > 100 { traits.insert(.expanded) }
        if face.isMonospaced { traits.insert(.monoSpace) }
        if face.isColor { traits.insert(.colorGlyphs) }
        self.init(
            postScriptName: face.postScriptName, family: face.families.first, styleName: face.styles.first,
            weight: Font.Weight(rawValue: face.weight), width: Font.Width(rawValue: Double(face.width)),
            italic: face.isItalic, symbolicTraits: traits, languages: face.languages)
        path = face.path
        faceIndex = face.faceIndex
    }

    /// Whether `face` satisfies every filtering attribute (names, symbolic traits, languages,
    /// and the face itself for a face descriptor); weight, width and italic only sort.
    func matches(_ face: FaceDescriptor) -> Bool {
        if let path, path != face.path || (faceIndex ?? 0) != face.faceIndex { return false }
        if let postScriptName, postScriptName.lowercased() != face.postScriptName.lowercased() { return false }
        if let family, !face.families.contains(where: { FontCatalog.matchKey($0) == FontCatalog.matchKey(family) }) {
            return false
        }
        if let styleName, !face.styles.contains(where: { $0.lowercased() == styleName.lowercased() }) { return false }
        if !symbolicTraits.isEmpty, !FontDescriptor(face: face).symbolicTraits.isSuperset(of: symbolicTraits) {
            return false
        }
        for language in languages {
            guard let tag = FontLanguage.fontconfigTag(language),
                FontLanguage.best(tag, in: face.languages) != .differentLanguage
            else { return false }
        }
        if !features.isEmpty {
            guard let loaded = try? FaceCache.shared.face(for: face),
                features.allSatisfy(loaded.layoutFeatureTags.contains)
            else { return false }
        }
        return true
    }

    /// Every face of `collection` this descriptor matches, best first: faces with the wanted
    /// ``italic`` first, then nearest ``width``, then nearest ``weight`` (CSS font matching),
    /// bundled faces before system ones. Each result is a face descriptor (every attribute set).
    /// Like `CTFontDescriptorCreateMatchingFontDescriptors` with the name, trait, language and
    /// feature attributes mandatory.
    public func matchingFontDescriptors(in collection: FontCollection = .shared) -> [FontDescriptor] {
        let catalog = collection.catalog
        let faces = (catalog.bundled + catalog.system).filter(matches)
        let style = StyleMatching(weight: (weight ?? .regular).rawValue, italic: italic ?? false)
        let wantedWidth = width?.rawValue ?? 100
        let sorted = faces.enumerated().sorted { a, b in
            func key(_ face: FaceDescriptor) -> (Int, Double, Int, Int, Int) {
                let (group, distance) = style.weightRank(face.weight)
                return (
                    italic.map { face.isItalic == $0 ? 0 : 1 } ?? 0, abs(Double(face.width) - wantedWidth), group,
                    distance, face.isBundled ? 0 : 1
                )
            }
            let ka = key(a.element)
            let kb = key(b.element)
            return ka != kb ? ka < kb : a.offset < b.offset
        }
        return sorted.map { FontDescriptor(face: $0.element) }
    }

    /// The best of ``matchingFontDescriptors(in:)``, or nil when no face matches. Like
    /// `CTFontDescriptorCreateMatchingFontDescriptor`.
    public func matchingFontDescriptor(in collection: FontCollection = .shared) -> FontDescriptor? {
        matchingFontDescriptors(in: collection).first
    }
}

extension Font {
    /// The font this descriptor matches best, at its size (12 when nil), with its variations
    /// and cascade list; a descriptor with no family, PostScript or style name looks in the
    /// ``FontCollection/defaultFamily`` first. When nothing matches, CoreText still returns a font, so this does too:
    /// ``FontCollection/font(named:size:)`` with the descriptor's PostScript name, else
    /// ``FontCollection/font(matching:strict:)`` with its family (or the default family) and
    /// style, which substitutes. Like `CTFontCreateWithFontDescriptor`.
    /// - Throws: `.invalidSize`, or a loading error when the matched file cannot be read.
    public convenience init(descriptor: FontDescriptor, size: CGFloat? = nil, in collection: FontCollection = .shared)
        throws(FontError)
    {
        let size = size ?? descriptor.size ?? 12
        try Font.validate(size: size)
        var font: Font
        // A descriptor naming no font (only traits, languages or features) prefers the default
        // family's faces, as CoreText starts from its system font.
        var named = descriptor
        if descriptor.family == nil, descriptor.postScriptName == nil, descriptor.styleName == nil {
            named.family = FontCollection.defaultFamily
        }
        let match = named.matchingFontDescriptor(in: collection) ?? descriptor.matchingFontDescriptor(in: collection)
        if let match, let path = match.path {
            let faceIndex = match.faceIndex ?? 0
            let face: FontFace
            if let described = collection.catalog.face(path: path, faceIndex: faceIndex) {
                face = try FaceCache.shared.face(for: described)
            } else {
                face = try FaceCache.shared.face(path: path, faceIndex: faceIndex, sanitizer: .shared)
            }
            font = Font(face: face, size: size)
        } else if let name = descriptor.postScriptName {
            font = try collection.font(named: name, size: size)
        } else {
            font = try collection.font(
                matching: FontRequest(
                    family: descriptor.family ?? FontCollection.defaultFamily, weight: descriptor.weight ?? .regular,
                    italic: descriptor.italic ?? false, width: descriptor.width ?? .normal, size: size))
        }
        if !descriptor.variations.isEmpty { font = font.withVariations(descriptor.variations) }
        if let cascade = descriptor.cascadeList { font = font.withCascadeList(cascade) }
        self.init(
            face: font.face, size: font.size, syntheticTraits: font.syntheticTraits, cascadeList: font.cascadeList,
            instance: font.instance, substitution: font.substitution, request: font.request)
    }

    /// A descriptor of this font: its face's attributes, size, variations and cascade list.
    /// Like `CTFontCopyFontDescriptor`.
    public var fontDescriptor: FontDescriptor {
        var descriptor = FontDescriptor(
            postScriptName: postScriptName, family: familyName, styleName: styleName, weight: weight, width: width,
            italic: isItalic, symbolicTraits: symbolicTraits, variations: variations, cascadeList: cascadeList,
            size: size)
        descriptor.path = face.path
        descriptor.faceIndex = face.path == nil ? nil : face.sourceFaceIndex
        return descriptor
    }
}

extension FontCollection {
    /// A descriptor of every face in the collection, bundled (and registered) faces first, then
    /// the system's in fontconfig's order. Like `CTFontCollectionCreateMatchingFontDescriptors`.
    public func matchingFontDescriptors() -> [FontDescriptor] {
        let catalog = self.catalog
        return (catalog.bundled + catalog.system).map(FontDescriptor.init(face:))
    }

    /// The faces of `family` (any of its names, ignoring case and spaces), regular first, then by
    /// italic, width and weight. Empty when the collection has no such family. Like
    /// `CTFontCollectionCreateMatchingFontDescriptorsForFamily` and
    /// `CTFontManagerCopyAvailableFontFamilyNames`' companion listing of a family's members.
    public func fontDescriptors(forFamily family: String) -> [FontDescriptor] {
        FontDescriptor(family: family, italic: false).matchingFontDescriptors(in: self)
    }

    /// Adds every face of the font file at `path` (TrueType, OpenType, a collection, WOFF or
    /// WOFF2) to this collection, for lookup by name and family and for fallback (after the
    /// bundled cascade, before the system's fonts), and returns their descriptors. Registering a
    /// file twice is harmless. Like `CTFontManagerRegisterFontsForURL` (process scope when done on
    /// ``shared``).
    ///
    /// A file that is not a bundled or system font is passed through the OpenType Sanitizer
    /// first (``FontSanitization/sanitized``, the default): fontconfig describes, and Galley
    /// later loads, the sanitized bytes. ``FontSanitization/trusted`` uses the file as it is.
    /// - Throws: `.fileNotFound` when there is no such file, `.notAFont` when fontconfig finds
    ///   no TrueType/OpenType face in it, or the sanitizer's errors (`.rejectedBySanitizer`, …).
    @discardableResult
    public func registerFonts(at path: String, sanitization: FontSanitization = .sanitized) throws(FontError)
        -> [FontDescriptor]
    {
        guard FileManager.default.fileExists(atPath: path) else { throw .fileNotFound(path: path) }
        let file = RegisteredFontFile(path: path, sanitization: sanitization)
        let faces = try file.faces()
        guard !faces.isEmpty else { throw .notAFont(path: path) }
        registeredFiles.withLock { files in
            if !files.contains(where: { $0.path == path }) { files.append(file) }
        }
        invalidate()
        return faces.map(FontDescriptor.init(face:))
    }

    /// Removes a file added with ``registerFonts(at:sanitization:)``; returns whether it was registered. Like
    /// `CTFontManagerUnregisterFontsForURL`.
    @discardableResult
    public func unregisterFonts(at path: String) -> Bool {
        let removed = registeredFiles.withLock { files -> Bool in
            guard let index = files.firstIndex(where: { $0.path == path }) else { return false }
            files.remove(at: index)
            return true
        }
        if removed { invalidate() }
        return removed
    }
}
