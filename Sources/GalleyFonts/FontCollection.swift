// FontCollection: the bundled fonts plus the system's fonts — family lookup and the fallback cascade.

import Foundation
import GalleySync

/// The fonts Galley can use: the bundled fonts (the package's `Fonts/`, a resource bundle beside the
/// executable) first, then the system's fonts through
/// fontconfig. Like `CTFontCollection`, plus the cascade list of `CTFontCopyDefaultCascadeListForLanguages`
/// and the per-character fallback of `CTFontCreateForString`.
///
/// Safe to use from many threads. The font list is read once, on first use; faces load on demand
/// and are shared by all collections (one `FontFace` per file and face index).
public final class FontCollection: Sendable {
    /// The bundled fonts (found by `defaultBundledFontsDirectory()`) plus the system's fonts. Its
    /// fallback answers are under ``GalleyMemory``'s budget (``GalleyMemory/Cache/fallback``).
    public static let shared: FontCollection = {
        let collection = FontCollection(bundledFontsDirectory: FontCollection.defaultBundledFontsDirectory())
        collection.fallbacks.setByteLimit(GalleyMemory.register(collection.fallbacks, as: .fallback))
        return collection
    }()

    /// The directory of bundled fonts this collection searches first, or nil for none.
    public let bundledFontsDirectory: String?
    /// Whether the system's fonts (fontconfig) are searched after the bundled ones.
    public let includesSystemFonts: Bool

    private let catalogStorage = Locked<FontCatalog?>(nil)
    private let bundledCatalogStorage = Locked<FontCatalog?>(nil)
    /// Font files added with ``registerFonts(at:sanitization:)``, in registration order.
    let registeredFiles = Locked<[RegisteredFontFile]>([])
    /// The descriptors a collection made with ``init(descriptors:base:)`` keeps faces for (a face
    /// is kept when it matches one of them); nil for every face.
    let query: [FontDescriptor]?
    /// Fallback answers: at most 4 MiB of them for a collection of its own (``FallbackCache``).
    let fallbacks = FallbackCache(byteLimit: 4 << 20)
    /// ``font(matching:strict:)``'s resolved requests (FontMatching.swift), so repeated requests
    /// cost one dictionary hit instead of a fontconfig match.
    let matchCache = Locked<[FamilyMatchKey: FamilyResolution]>([:])

    /// Creates a collection of the fonts in `bundledFontsDirectory` (nil for none) and, when
    /// `includeSystemFonts`, the system's fonts.
    public init(bundledFontsDirectory: String?, includeSystemFonts: Bool = true) {
        self.bundledFontsDirectory = bundledFontsDirectory
        self.includesSystemFonts = includeSystemFonts
        self.query = nil
    }

    /// A collection of the faces of `base` that match at least one of `descriptors` (as
    /// `FontDescriptor.matchingFontDescriptors(in:)` matches them); its lookups and fallback
    /// search only those faces. An empty list gives an empty collection. Like `CTFontCollectionCreateWithFontDescriptors`.
    public init(descriptors: [FontDescriptor], base: FontCollection = .shared) {
        self.bundledFontsDirectory = base.bundledFontsDirectory
        self.includesSystemFonts = base.includesSystemFonts
        self.query = descriptors
        registeredFiles.withLock { $0 = base.registeredFiles.withLock { $0 } }
    }

    /// Forgets the catalog and every cached answer, so the next lookup rescans (after a
    /// registration change).
    func invalidate() {
        catalogStorage.withLock { $0 = nil }
        bundledCatalogStorage.withLock { $0 = nil }
        fallbacks.removeAll()
        matchCache.withLock { $0.removeAll() }
    }

    /// Where the bundled fonts are, found with no configuration: `$GALLEY_FONTS_DIR` when it names
    /// a directory holding font files; else the `Galley_GalleyFontFiles.resources` bundle (the
    /// package's `Fonts/`, a SwiftPM resource) in the running executable's directory, where SwiftPM
    /// builds it and where a deployment copies it. Nil if neither is found; the first call then
    /// prints one warning on standard error naming what was tried and how to fix it
    /// (``bundledFontsProblem``). Searched once per process.
    public static func defaultBundledFontsDirectory() -> String? {
        DefaultBundledFonts.directory
    }

    /// Why the bundled fonts were not found (or why `$GALLEY_FONTS_DIR` was refused), as the one
    /// warning Galley prints; nil when they were found where expected. A service can check it at
    /// start-up and refuse to run without its fonts.
    public static var bundledFontsProblem: String? {
        DefaultBundledFonts.outcome.warning
    }

    /// The faces a collection made from descriptors keeps (nil: every face).
    private var faceFilter: (@Sendable (FaceDescriptor) -> Bool)? {
        guard let query else { return nil }
        return { face in query.contains { $0.matches(face) } }
    }

    /// The catalog of the bundled (and registered) faces alone, built on first use. Lookups that
    /// bundled faces answer exactly as the whole catalog would (a family with a bundled face of
    /// exactly the requested style; fallback that a bundled face covers) use it, so a text set in
    /// bundled fonts never makes fontconfig list the system's fonts.
    var bundledCatalog: FontCatalog {
        let registered: [RegisteredFontFile] = registeredFiles.withLock { $0 }
        let filter = faceFilter
        return bundledCatalogStorage.withLock { storage -> FontCatalog in
            if let storage { return storage }
            let built = FontCatalog(
                bundledDirectory: bundledFontsDirectory, includeSystemFonts: false, registered: registered,
                filter: filter)
            storage = built
            return built
        }
    }

    /// Whether the whole catalog (the system's font list) has been built.
    package var hasListedSystemFonts: Bool { catalogStorage.withLock { $0 != nil } }

    /// The whole catalog, bundled and system faces, built on first use (from ``bundledCatalog``).
    var catalog: FontCatalog {
        let bundled = bundledCatalog.bundled
        let filter = faceFilter
        return catalogStorage.withLock { storage -> FontCatalog in
            if let storage { return storage }
            let built = FontCatalog(bundled: bundled, includeSystemFonts: includesSystemFonts, filter: filter)
            storage = built
            return built
        }
    }

    /// Every family name, bundled and system, sorted and unique (localized names included).
    /// Like `CTFontManagerCopyAvailableFontFamilyNames`.
    public var familyNames: [String] { catalog.familyNames }

    /// The face of `family` (case-insensitive exact match against any of its names) nearest to
    /// `weight` and `italic` by CSS font matching, bundled fonts winning ties, at `size`; a
    /// variable face with a `wght` axis is instantiated at `weight`.
    /// Like `CTFontCreateWithFontDescriptor` with family and traits, but never substituting
    /// another family: ``font(matching:strict:)`` also resolves generic names (`sans-serif`),
    /// fontconfig aliases (`Times`) and unknown names.
    /// - Throws: `.invalidSize`; `.familyNotFound` if no face has that family; a loading error if
    ///   every face of the family fails to load.
    public func font(family: String, weight: Font.Weight = .regular, italic: Bool = false, size: CGFloat)
        throws(FontError) -> Font
    {
        try Font.validate(size: size)
        let candidates = catalog.byFamily[family.lowercased()] ?? []
        var firstError: FontError?
        for descriptor in StyleMatching(weight: weight.rawValue, italic: italic).sorted(candidates) {
            do {
                let face = try FaceCache.shared.face(for: descriptor)
                let font = Font(face: face, size: size)
                // A variable face with a weight axis gives the requested weight itself (clamped to
                // the axis), as CoreText instantiates a variable font for a weight trait.
                if weight != face.weight, let axis = font.variationAxes.first(where: { $0.tag == "wght" }) {
                    let value = min(max(CGFloat(weight.rawValue), axis.minimum), axis.maximum)
                    return font.withVariations([Font.Variation(tag: "wght", value: value)])
                }
                return font
            } catch {
                firstError = firstError ?? error
            }
        }
        throw firstError ?? .familyNotFound(family: family, weight: weight.rawValue, italic: italic)
    }

    // MARK: Fallback

    /// A font at `font`'s size that covers `scalar`, or nil when no font does. Like `CTFontCreateForString`
    /// for one character.
    ///
    /// Search order:
    /// 1. For emoji presentation — `preferColorEmoji` true (the caller saw U+FE0F), or nil and the
    ///    character is Unicode `Emoji_Presentation` — colour fonts, bundled then system. `false`
    ///    (the caller saw U+FE0E) asks for text presentation: colour fonts are then only a last resort.
    /// 2. `font` itself, if it covers `scalar`.
    /// 3. `font.cascadeList`, in order (like kCTFontCascadeListAttribute).
    /// 4. When `language` is given and `scalar` is a Han ideograph, radical or CJK punctuation
    ///    (``FontLanguage/isLanguageSensitive(_:)``: the characters Unicode's Han unification
    ///    leaves to the font to draw the local way), `language` (a BCP 47 / UTS #35 identifier
    ///    such as `ja`, `zh-Hans`, `ko`, read as fontconfig's language tag:
    ///    ``FontLanguage/fontconfigTag(_:)``): the bundled
    ///    (and registered) faces that fontconfig finds support that language, then those that
    ///    support it for another territory (`zh-tw` for `zh-cn`), as fontconfig's `lang`
    ///    matching ranks them, each group in the cascade order below. So a Han character is drawn
    ///    in a Korean font for `ko` and a Japanese one for `ja` where both are installed. Like
    ///    `CTFontCreateForStringWithLanguage`.
    /// 5. The bundled cascade: DejaVu Sans family, Noto Sans Arabic, Noto Sans Hebrew, Noto Sans
    ///    Devanagari, Noto Sans Thai, Droid Sans Fallback, NanumGothic, Noto Color Emoji, DejaVu Serif,
    ///    DejaVu Sans Mono, then any other bundled family but Inter — within a family the face nearest to
    ///    `font`'s weight and italic.
    /// 6. The system's fonts in fontconfig's order (`FcFontSort` with a charset holding `scalar`,
    ///    `font`'s weight and slant, and `language` as `FC_LANG`).
    ///
    /// The answer keeps `font`'s cascade list, and carries synthetic traits for the styles `font`
    /// asks for and the fallback face lacks, by fontconfig's `90-synthetic.conf` rule: `.bold`
    /// when `font` asks for bold (700) or heavier (its ``Font/request``, else its face; or it is
    /// itself synthetic bold) and the face is medium (500) or lighter, `.oblique` when `font` is
    /// italic and the face is not (never for colour bitmap faces). Every answer is checked against the returned face's
    /// own cmap. Answers are cached, so repeated lookups cost one dictionary hit.
    public func fallbackFont(
        for scalar: Unicode.Scalar, matching font: Font, preferColorEmoji: Bool? = nil, language: String? = nil
    ) -> Font? {
        let wantsColor = preferColorEmoji ?? scalar.properties.isEmojiPresentation
        let fcLanguage = FontLanguage.isLanguageSensitive(scalar) ? language.flatMap(FontLanguage.fontconfigTag) : nil
        let key = FallbackCache.Key(
            scalar: scalar.value, face: font.face.id,
            weight: font.weight.rawValue, italic: font.isItalic, color: wantsColor,
            cascade: font.cascadeList, language: fcLanguage)
        if let answer = fallbacks.answer(for: key) {
            switch answer {
            case .none: return nil
            case .requester: return font
            case .face(let face): return styled(face, for: font)
            }
        }
        let result = resolveFallback(
            for: scalar, matching: font.face, cascade: font.cascadeList ?? [],
            wantsColor: wantsColor, language: fcLanguage)
        let answer: FallbackCache.Answer = result.map { $0 === font.face ? .requester : .face($0) } ?? .none
        fallbacks.store(answer, for: key)
        return result.map { styled($0, for: font) }
    }

    /// `face` at `font`'s size, with `font`'s cascade list and the synthetic traits it needs to
    /// look like `font`.
    private func styled(_ face: FontFace, for font: Font) -> Font {
        if face === font.face { return font }
        var traits: Font.SyntheticTraits = []
        if !face.hasColorGlyphs {
            // fontconfig's 90-synthetic.conf, as font(matching:) applies it: embolden when the
            // font asks for bold (700) or heavier, or is itself emboldened, and the face is
            // medium (500) or lighter.
            let asked = font.request?.weight ?? font.weight
            let wantsBold = asked >= .bold || font.syntheticTraits.contains(.bold)
            if wantsBold && face.weight <= .medium { traits.insert(.bold) }
            let wantsItalic = font.isItalic || font.syntheticTraits.contains(.oblique)
            if wantsItalic && !face.isItalic { traits.insert(.oblique) }
        }
        return Font(face: face, size: font.size, syntheticTraits: traits, cascadeList: font.cascadeList)
    }

    private func resolveFallback(
        for scalar: Unicode.Scalar, matching face: FontFace, cascade: [String], wantsColor: Bool, language: String?
    ) -> FontFace? {
        let style = StyleMatching(weight: face.weight.rawValue, italic: face.isItalic)
        // Every step but the cascade list's families reads bundled faces only (the system's come
        // from fontconfig's sort), so the whole catalog is made only when a cascade list is tried.
        let catalog = self.bundledCatalog
        func bundledCovering(_ faces: [FaceDescriptor]) -> [FaceDescriptor] {
            style.sorted(faces.filter { $0.coverage?.contains(scalar.value) ?? false })
        }
        func systemCovering(color: Bool) -> [FaceDescriptor] {
            guard includesSystemFonts else { return [] }
            let faces = Fontconfig.systemFaces(
                covering: scalar, weight: face.weight.rawValue,
                italic: face.isItalic, preferColor: color, language: language)
            guard let query else { return faces }
            return faces.filter { face in query.contains { $0.matches(face) } }
        }

        if wantsColor {
            if let found = firstFace(covering: scalar, in: bundledCovering(catalog.bundled.filter(\.isColor))) {
                return found
            }
            if let found = firstFace(covering: scalar, in: systemCovering(color: true).filter(\.isColor)) {
                return found
            }
        }
        if face.covers(scalar) { return face }
        for family in cascade {
            let faces = self.catalog.byFamily[family.lowercased()] ?? []
            if let found = firstFace(covering: scalar, in: style.sorted(faces)) {
                return found
            }
        }
        if let language {
            for rank in [FontLanguage.Match.equal, .differentTerritory] {
                for group in catalog.cascade {
                    let speaking = group.filter { FontLanguage.best(language, in: $0.languages) == rank }
                    if let found = firstFace(covering: scalar, in: bundledCovering(speaking)) { return found }
                }
            }
        }
        for group in catalog.cascade {
            if let found = firstFace(covering: scalar, in: bundledCovering(group)) { return found }
        }
        return firstFace(covering: scalar, in: systemCovering(color: false))
    }

    /// The first of `candidates` that loads and whose cmap really maps `scalar`.
    private func firstFace(covering scalar: Unicode.Scalar, in candidates: [FaceDescriptor]) -> FontFace? {
        for descriptor in candidates {
            guard let face = try? FaceCache.shared.face(for: descriptor) else {
                continue
            }
            if face.covers(scalar) { return face }
        }
        return nil
    }
}
