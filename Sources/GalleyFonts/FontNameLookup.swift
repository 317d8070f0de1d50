// FontNameLookup: CTFontCreateWithName's lookup: a PostScript name first, then a full name, then a
// family name, falling back to a substitute (never failing) as CoreText does.

import Foundation
import GalleySync

extension Font {
    /// The font named `name` at `size` (0 means 12, as in CoreText). Like `CTFontCreateWithName`
    /// (whose doc says: "A valid PostScript name is preferred, although other font name types are
    /// matched in a fallback manner", and which returns a font, never NULL).
    ///
    /// See ``FontCollection/font(named:size:)`` for the order names are tried in and what an
    /// unknown name gives (the ``FontCollection/defaultFamily`` with a ``substitution`` record).
    /// - Throws: only `.invalidSize` (negative, NaN, infinite or over ``maximumSize``), or a
    ///   loading error when the font files found cannot be read.
    public convenience init(name: String, size: CGFloat = 0) throws(FontError) {
        let font = try FontCollection.shared.font(named: name, size: size)
        self.init(
            face: font.face, size: font.size, syntheticTraits: font.syntheticTraits, cascadeList: font.cascadeList,
            instance: font.instance, substitution: font.substitution, request: font.request)
    }
}

extension FontCollection {
    /// The font named `name` at `size` (0 means 12). Like `CTFontCreateWithName`. Names are
    /// tried in this order:
    /// 1. a **PostScript name** (`DejaVuSans-Bold`), ignoring case: that face;
    /// 2. a **full name** (`DejaVu Sans Bold`), as fontconfig compares names (ignoring case and
    ///    spaces): that face;
    /// 3. a **family name**, or a generic or alias name fontconfig knows:
    ///    ``font(matching:strict:)`` with the regular style (so `Times` gives its metric alias
    ///    with a ``Font/substitution`` of kind `.alias`);
    /// 4. a name shaped like a PostScript name, `Family-Style` (`HelveticaNeue-Medium`,
    ///    `TimesNewRomanPS-BoldItalicMT`, or `ArialMT` with no style): the family part, without
    ///    the vendor suffixes `MT`, `PS` (fontconfig then compares `TimesNewRoman` with
    ///    `Times New Roman` ignoring spaces), and the style the suffix names (weight words `Thin`, `ExtraLight`/
    ///    `UltraLight`, `Light`, `Regular`/`Book`/`Roman`, `Medium`, `SemiBold`/`DemiBold`,
    ///    `Bold`, `ExtraBold`/`UltraBold`, `Black`/`Heavy`; `Italic`/`Oblique`; `Condensed`,
    ///    `SemiCondensed`, `Expanded`), through ``font(matching:strict:)``, so a family
    ///    fontconfig aliases is used with the right weight;
    /// 5. otherwise the name is substituted: ``font(matching:strict:)`` with the whole name,
    ///    which gives the ``defaultFamily`` (DejaVu Sans) with a ``Font/substitution`` of kind
    ///    `.unknown`, as CoreText gives its default font.
    ///
    /// In cases 4 and 5 the substitution's `requestedFamily` is `name` as written.
    public func font(named name: String, size: CGFloat = 0) throws(FontError) -> Font {
        let size = size == 0 ? 12 : size
        try Font.validate(size: size)
        let trimmed = name.trimmingWhitespace()
        let catalog = self.catalog
        let exact =
            (catalog.byPostScriptName[trimmed.lowercased()] ?? [])
            + (catalog.byFullName[FontCatalog.matchKey(trimmed)] ?? [])
        for descriptor in exact {
            if let face = try? FaceCache.shared.face(for: descriptor) {
                return Font(face: face, size: size)
            }
        }
        let asFamily = FontRequest(family: trimmed, size: size)
        let resolution = resolve(asFamily)
        if resolution.kind != .unknown { return try font(matching: asFamily) }
        var familyPart = trimmed
        var stylePart = ""
        if let dash = trimmed.lastIndex(of: "-"), dash != trimmed.startIndex {
            familyPart = String(trimmed[..<dash])
            stylePart = String(trimmed[trimmed.index(after: dash)...])
        }
        let family = FontRequest.withoutVendorSuffix(familyPart)
        if family != trimmed, !family.isEmpty {
            var styled = FontRequest.styled(
                family: family, style: FontRequest.withoutVendorSuffix(stylePart), size: size)
            let font = try font(matching: styled)
            styled.family = trimmed
            let kind = font.substitution?.kind ?? .alias
            return Font(
                face: font.face, size: size, syntheticTraits: font.syntheticTraits, cascadeList: font.cascadeList,
                instance: font.instance, substitution: FontSubstitution(requestedFamily: trimmed, kind: kind),
                request: styled)
        }
        return try font(matching: asFamily)
    }
}

extension FontRequest {
    /// `name` without the vendor suffixes PostScript names carry (`MT` for Monotype, `PS`, `PSMT`):
    /// `ArialMT` → `Arial`, `TimesNewRomanPS` → `TimesNewRoman`, `BoldMT` → `Bold`.
    static func withoutVendorSuffix(_ name: String) -> String {
        var name = name
        for suffix in ["MT", "PS"] where name.hasSuffix(suffix) && name.count > suffix.count {
            name.removeLast(suffix.count)
        }
        return name
    }

    /// A request for `family` in the style a PostScript-style suffix names (`Medium`,
    /// `BoldItalic`, `SemiboldCondensed`, …); words it does not know are ignored.
    static func styled(family: String, style: String, size: CGFloat) -> FontRequest {
        var style = style.lowercased()
        var request = FontRequest(family: family, size: size)
        func take(_ words: [String]) -> Bool {
            for word in words where style.contains(word) {
                style = style.replacingOccurrences(of: word, with: "")
                return true
            }
            return false
        }
        if take(["italic", "oblique", "it"]) { request.italic = true }
        if take(["semicondensed"]) {
            request.width = .semiCondensed
        } else if take(["condensed", "narrow", "cond"]) {
            request.width = .condensed
        } else if take(["expanded", "extended"]) {
            request.width = .expanded
        }
        let weights: [([String], Font.Weight)] = [
            (["extralight", "ultralight"], Font.Weight(rawValue: 200)), (["semibold", "demibold"], .semibold),
            (["extrabold", "ultrabold"], Font.Weight(rawValue: 800)),
            (["thin", "hairline"], Font.Weight(rawValue: 100)),
            (["light"], Font.Weight(rawValue: 300)), (["medium"], .medium), (["bold"], .bold),
            (["black", "heavy"], Font.Weight(rawValue: 900)),
        ]
        for (words, weight) in weights where take(words) {
            request.weight = weight
            break
        }
        return request
    }
}
