// Family matching through fontconfig's rules: FontCollection.font(matching:strict:) resolves declared
// families, generic names, fontconfig aliases and unknown names, then picks and styles the face.

import Foundation
import GalleySync

/// The cache key of a resolved request: everything but the size.
struct FamilyMatchKey: Hashable, Sendable {
    let family: String
    let weight: Int
    let italic: Bool
    let width: Double
}

/// The faces a request resolves to, best first, and how their family relates to the name asked for.
struct FamilyResolution: Sendable {
    /// Candidate faces, best first; the first that loads is used.
    let candidates: [FaceDescriptor]
    /// nil when the family was found under the requested name.
    let kind: FontSubstitution.Kind?
    /// False when only the bundled faces were searched (a bundled face matched the request's
    /// style exactly, so it comes first in the whole list too): the system's faces of the family
    /// are then missing after the bundled ones, and are looked up only if no bundled one loads.
    var isComplete = true
}

extension FontCollection {
    /// The family used for a name nothing knows, and for an empty name: DejaVu Sans, the bundled
    /// default of the `galley` tool and of the generic name `sans-serif`.
    public static let defaultFamily = "DejaVu Sans"

    /// Generic family names, as fontconfig compares names (lower case, spaces removed), and the
    /// bundled family each resolves to, so that a layout using them is the same on every machine.
    /// Pango's and fontconfig's `sans`, `sans-serif`, `serif`, `monospace`, `mono` and `system-ui`,
    /// CSS's `ui-sans-serif`, `ui-serif`, `ui-monospace` and `emoji`. `cursive`, `fantasy` and
    /// `math` are not here: Galley bundles no font of those classes, so fontconfig resolves them
    /// (as aliases) to whatever the system has.
    static let generics: [String: String] = [
        "sans": "DejaVu Sans", "sans-serif": "DejaVu Sans", "system-ui": "DejaVu Sans",
        "ui-sans-serif": "DejaVu Sans", "serif": "DejaVu Serif", "ui-serif": "DejaVu Serif",
        "monospace": "DejaVu Sans Mono", "mono": "DejaVu Sans Mono", "ui-monospace": "DejaVu Sans Mono",
        "emoji": "Noto Color Emoji",
    ]

    /// Resolved requests kept before the cache is emptied; names longer than this many bytes are
    /// not cached at all.
    private static let matchCacheLimit = 4096
    private static let cachedNameLength = 256

    /// The font for `request`, resolving its family as Pango does through fontconfig and
    /// substituting, as CoreText and Pango do, when nothing has that family. Like
    /// `CTFontCreateWithFontDescriptor` (which substitutes silently) or `pango_font_map_load_font`.
    ///
    /// The family is resolved in this order:
    /// 1. **A family some face declares**, bundled or system, under any of its names (English or
    ///    localized), compared as fontconfig compares names (ignoring case and spaces): that
    ///    family, no ``Font/substitution``. `DejaVu Sans Condensed` and `DejaVu Sans Light` are
    ///    such names too when the system has those faces.
    /// 2. **A generic name**: `sans`, `sans-serif`, `system-ui`, `ui-sans-serif` → DejaVu Sans;
    ///    `serif`, `ui-serif` → DejaVu Serif; `monospace`, `mono`, `ui-monospace` → DejaVu Sans Mono;
    ///    `emoji` → Noto Color Emoji; the bundled faces of that family are used, so the layout is
    ///    the same on every machine whatever its fontconfig prefers (kind `.generic`). Every style
    ///    of these families is bundled; a style a bundled directory lacks comes from a system
    ///    face of the family that has it before it is synthesized.
    /// 3. **Any other name** goes to fontconfig as `fc-match` sends it: a pattern with the family,
    ///    weight, slant and width, `FcConfigSubstitute`, `FcDefaultSubstitute`, `FcFontMatch`. When a
    ///    rule of fontconfig's configuration mentions the name (`Times`, `Helvetica`, `Arial`,
    ///    `Courier`, `Cantarell` as a `system-ui` font, `cursive`, `math`, …), the family fontconfig
    ///    matched is used: kind `.alias` when a rule for the name itself gave it (a
    ///    metric-compatible face such as Liberation Serif for `Times`), kind `.genericClass` when
    ///    fontconfig reached it only through the generic class the name is filed under (DejaVu Sans
    ///    for `Cantarell`, or DejaVu Serif for `Times` with no metric-compatible face installed),
    ///    which is a substitution like an unknown name's. The face is the collection's faces of that family if it is bundled,
    ///    else the system face fontconfig chose (or, in a collection without system fonts, the
    ///    ``defaultFamily``). When no rule mentions it (kind `.unknown`), the
    ///    ``defaultFamily`` (bundled DejaVu Sans, as for `sans-serif`) is used: the family
    ///    `fc-match` gives on a system whose default sans-serif is DejaVu Sans (Debian's), but
    ///    not necessarily elsewhere. An empty name is the default family too (kind `.generic`).
    ///
    /// Within the family, the face is the one fontconfig would choose: nearest slant, then
    /// nearest weight on fontconfig's scale, then nearest width (so `DejaVu Sans` at
    /// ``Font/Width/condensed`` is the DejaVu Sans Condensed face and at weight 200 or 300 the
    /// ExtraLight face, when the system has them); among equal faces bundled ones win. A variable
    /// face with a `wght` (or `wdth`) axis is instantiated at the requested weight (width),
    /// clamped to the axis. Bold and italic the chosen face lacks are synthesized as fontconfig's
    /// `90-synthetic.conf` and Pango do: ``Font/SyntheticTraits/bold`` when the request is
    /// bold (700) or heavier and the face medium (500) or lighter, ``Font/SyntheticTraits/oblique``
    /// when the request is italic and the face upright; never for colour-glyph faces.
    ///
    /// A family **list**, `"DejaVu Serif, DejaVu Sans"` (Pango's and CSS's form), is resolved name
    /// by name: the first name that is not unknown (exact, generic or alias) gives the font, and
    /// the names after it become its cascade list (``Font/withCascadeList(_:)``), as Pango hands
    /// the list to fontconfig. Empty names are skipped. When every name is unknown, the list is
    /// substituted as one unknown name (or, with `strict`, is an error). The font's ``Font/request``
    /// keeps the whole list.
    ///
    /// Resolutions are cached per family and style, so repeated requests are cheap.
    /// - Parameter strict: when true, a name nothing knows (kind `.unknown`) throws instead of
    ///   being replaced by the default family.
    /// - Throws: `.invalidSize`; `.familyNotFound` for an unknown name when `strict`, or when no
    ///   usable face exists at all; a loading error if every candidate face fails to load.
    public func font(matching request: FontRequest, strict: Bool = false) throws(FontError) -> Font {
        try Font.validate(size: request.size)
        if request.family.utf8.contains(UInt8(ascii: ",")) {
            return try font(matchingList: request, strict: strict)
        }
        let notFound = FontError.familyNotFound(
            family: request.family, weight: request.weight.rawValue, italic: request.italic)
        let resolution = resolve(request)
        if strict, resolution.kind == .unknown { throw notFound }
        let substitution = resolution.kind.map { FontSubstitution(requestedFamily: request.family, kind: $0) }
        var firstError: FontError?
        for descriptor in resolution.candidates {
            do {
                let face = try FaceCache.shared.face(for: descriptor)
                return styled(face, for: request, substitution: substitution)
            } catch {
                firstError = firstError ?? error
            }
        }
        // No bundled face of an incomplete resolution loads: the system's faces of the family next.
        let rest = resolution.isComplete ? [] : computeResolution(request, bundledFirst: false).candidates
        for descriptor in rest where !descriptor.isBundled {
            do {
                let face = try FaceCache.shared.face(for: descriptor)
                return styled(face, for: request, substitution: substitution)
            } catch {
                firstError = firstError ?? error
            }
        }
        throw firstError ?? notFound
    }

    /// A request whose family is a comma-separated list (see ``font(matching:strict:)``).
    private func font(matchingList request: FontRequest, strict: Bool) throws(FontError) -> Font {
        let names = request.family.split(separator: ",").map { $0.trimmingWhitespace() }
            .filter { !$0.isEmpty }
        for (index, name) in names.enumerated() {
            var single = request
            single.family = name
            guard let font = try? font(matching: single, strict: true) else { continue }
            let rest = Array(names[(index + 1)...])
            let listed = rest.isEmpty ? font : font.withCascadeList(rest)
            return Font(
                face: listed.face, size: listed.size, syntheticTraits: listed.syntheticTraits,
                cascadeList: listed.cascadeList, instance: listed.instance, substitution: listed.substitution,
                request: request)
        }
        if strict {
            throw .familyNotFound(family: request.family, weight: request.weight.rawValue, italic: request.italic)
        }
        var unknown = request
        unknown.family = names.first ?? ""
        let font = try font(matching: unknown, strict: false)
        return Font(
            face: font.face, size: font.size, syntheticTraits: font.syntheticTraits,
            cascadeList: names.count > 1 ? Array(names.dropFirst()) : font.cascadeList, instance: font.instance,
            substitution: FontSubstitution(requestedFamily: request.family, kind: .unknown), request: request)
    }

    /// `face` at the request's size, instantiated at its weight and width when the face is
    /// variable, with the synthetic traits it needs.
    private func styled(_ face: FontFace, for request: FontRequest, substitution: FontSubstitution?) -> Font {
        var font = Font(face: face, size: request.size, substitution: substitution, request: request)
        var settings: [Font.Variation] = []
        func setting(_ tag: String, _ value: CGFloat) {
            guard let axis = face.variationAxes.first(where: { $0.tag == tag }) else { return }
            settings.append(Font.Variation(tag: tag, value: min(max(value, axis.minimum), axis.maximum)))
        }
        if request.weight != face.weight { setting("wght", CGFloat(request.weight.rawValue)) }
        if request.width != face.width { setting("wdth", CGFloat(request.width.rawValue)) }
        if !settings.isEmpty { font = font.withVariations(settings) }
        var traits: Font.SyntheticTraits = []
        if !face.hasColorGlyphs {
            // 90-synthetic.conf: embolden when the pattern asks for bold (FC_WEIGHT_BOLD, CSS 700)
            // or heavier and the font is medium (FC_WEIGHT_MEDIUM, CSS 500) or lighter; slant
            // (matrix 1 0.2 0 1) when the pattern asks for a slant and the font is roman.
            if request.weight >= .bold, font.weight <= .medium { traits.insert(.bold) }
            if request.italic, !font.isItalic { traits.insert(.oblique) }
        }
        return traits.isEmpty ? font : font.withSyntheticTraits(traits)
    }

    /// The cached resolution of `request`'s family and style, computing it on first use.
    func resolve(_ request: FontRequest) -> FamilyResolution {
        let key = FamilyMatchKey(
            family: request.family, weight: request.weight.rawValue, italic: request.italic,
            width: request.width.rawValue)
        let cacheable = request.family.utf8.count <= Self.cachedNameLength
        if cacheable, let cached = matchCache.withLock({ $0[key] }) { return cached }
        let resolution = computeResolution(request)
        if cacheable {
            matchCache.withLock { cache in
                if cache.count >= Self.matchCacheLimit { cache.removeAll(keepingCapacity: true) }
                cache[key] = resolution
            }
        }
        return resolution
    }

    /// Steps 1–3 of ``font(matching:strict:)``. With `bundledFirst`, a family with a bundled
    /// face of exactly the requested style (slant, weight and width all at distance zero: no
    /// face ranks before it, and bundled faces win ties) resolves from the bundled faces alone,
    /// without listing the system's fonts (an incomplete resolution).
    private func computeResolution(_ request: FontRequest, bundledFirst: Bool = true) -> FamilyResolution {
        let style = FontconfigStyleMatching(weight: request.weight, italic: request.italic, width: request.width)
        let key = FontCatalog.matchKey(request.family)
        if bundledFirst, !key.isEmpty, let faces = bundledCatalog.byMatchKey[key] {
            let sorted = style.sorted(faces)
            if let best = sorted.first, style.rank(best) == (0, 0, 0, 0) {
                return FamilyResolution(candidates: sorted, kind: nil, isComplete: false)
            }
        }
        let catalog = self.catalog
        if key.isEmpty { return FamilyResolution(candidates: defaultCandidates(style, catalog), kind: .generic) }
        if let faces = catalog.byMatchKey[key], !faces.isEmpty {
            return FamilyResolution(candidates: style.sorted(faces), kind: nil)
        }
        if let generic = Self.generics[key] {
            let candidates = classCandidates(generic, style, catalog)
            if !candidates.isEmpty { return FamilyResolution(candidates: candidates, kind: .generic) }
        }
        // fontconfig reads names as C strings: one with a NUL would be matched cut short.
        guard !request.family.unicodeScalars.contains("\0") else {
            return FamilyResolution(candidates: defaultCandidates(style, catalog), kind: .unknown)
        }
        let match = Fontconfig.match(
            family: request.family, weight: request.weight.rawValue, italic: request.italic,
            width: request.width.rawValue)
        // A collection made from descriptors uses fontconfig's face only when it is one of its own.
        var fontconfigFace: [FaceDescriptor] = []
        if includesSystemFonts, let face = match.face, query?.contains(where: { $0.matches(face) }) ?? true {
            fontconfigFace = [face]
        }
        guard match.knowsName, let face = match.face else {
            return FamilyResolution(candidates: defaultCandidates(style, catalog) + fontconfigFace, kind: .unknown)
        }
        let kind: FontSubstitution.Kind = match.throughGenericClass ? .genericClass : .alias
        let ofFamily = catalog.byFamily[face.lowercasedFamilies[0]] ?? []
        if ofFamily.contains(where: \.isBundled) {
            return FamilyResolution(candidates: style.sorted(ofFamily), kind: kind)
        }
        return FamilyResolution(candidates: fontconfigFace + defaultCandidates(style, catalog), kind: kind)
    }

    /// The faces of `family`, only the bundled ones when there are any, best first; but when
    /// the best bundled face would need a synthesized bold or slant and a system face of the
    /// family has that style itself (Debian's DejaVu Sans Mono Bold where only the regular is
    /// bundled), that real face comes first.
    private func classCandidates(_ family: String, _ style: FontconfigStyleMatching, _ catalog: FontCatalog)
        -> [FaceDescriptor]
    {
        let faces = catalog.byFamily[family.lowercased()] ?? []
        let bundled = style.sorted(faces.filter(\.isBundled))
        guard let best = bundled.first else { return style.sorted(faces) }
        guard style.needsSynthesis(best),
            let real = style.sorted(faces.filter { !$0.isBundled }).first(where: { !style.needsSynthesis($0) })
        else { return bundled }
        return [real] + bundled
    }

    /// The faces of ``defaultFamily`` (bundled ones when there are any), best first; in a
    /// collection made from descriptors that lacks that family, every face it has.
    private func defaultCandidates(_ style: FontconfigStyleMatching, _ catalog: FontCatalog) -> [FaceDescriptor] {
        let candidates = classCandidates(Self.defaultFamily, style, catalog)
        guard candidates.isEmpty, query != nil else { return candidates }
        return style.sorted(catalog.bundled + catalog.system)
    }
}
