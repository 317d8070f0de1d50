// FontCascade: the default cascade list per language (CTFontCopyDefaultCascadeListForLanguages) and
// the font for a string range (CTFontCreateForString, CTFontCreateForStringWithLanguage).

import Foundation

extension FontCollection {
    /// The families fallback searches after a font's own cascade list, as descriptors, for text
    /// in `languages` (BCP 47, most preferred first): for each language in turn, the bundled (and
    /// registered) families whose faces fontconfig finds support it, then those supporting it for
    /// another territory; then the rest of the bundled cascade in its fixed order
    /// (``fallbackFont(for:matching:preferColorEmoji:language:)`` step 5). The system's fonts
    /// come after these, in fontconfig's order for each character. So `["ko"]` lists NanumGothic
    /// before Droid Sans Fallback and `["ja"]` the other way round. Like
    /// `CTFontCopyDefaultCascadeListForLanguages`.
    public func defaultCascadeList(forLanguages languages: [String]) -> [FontDescriptor] {
        let groups = bundledCatalog.cascade
        var order: [Int] = []
        for tag in languages.compactMap(FontLanguage.fontconfigTag) {
            for rank in [FontLanguage.Match.equal, .differentTerritory] {
                for (index, group) in groups.enumerated() where !order.contains(index) {
                    if group.contains(where: { FontLanguage.best(tag, in: $0.languages) == rank }) {
                        order.append(index)
                    }
                }
            }
        }
        order += groups.indices.filter { !order.contains($0) }
        return order.compactMap { groups[$0].first?.families.first }.map { FontDescriptor(family: $0) }
    }
}

extension Font {
    /// This font's default cascade list for `languages`: ``cascadeList`` first, then the
    /// collection's ``FontCollection/defaultCascadeList(forLanguages:)``. Like
    /// `CTFontCopyDefaultCascadeListForLanguages(font, languages)`.
    public func defaultCascadeList(forLanguages languages: [String], in collection: FontCollection = .shared)
        -> [FontDescriptor]
    {
        let own = (cascadeList ?? []).map { FontDescriptor(family: $0) }
        let defaults = collection.defaultCascadeList(forLanguages: languages).filter { descriptor in
            !own.contains { $0.family?.lowercased() == descriptor.family?.lowercased() }
        }
        return own + defaults
    }

    /// The font to draw `range` (UTF-16 offsets, clamped to the string) of `string` with: this
    /// font when it maps every character of the range (controls and default-ignorable characters
    /// aside); otherwise the fallback font
    /// (``FontCollection/fallbackFont(for:matching:preferColorEmoji:language:)``) for the first
    /// character it lacks, chosen for `language` (BCP 47, e.g. `ja`, `zh-Hant`, `ko`; nil for no
    /// preference); this font again when no font has that character. An empty range gives this
    /// font. Like `CTFontCreateForString` and `CTFontCreateForStringWithLanguage` ("The current
    /// font itself can be returned if it covers the string provided").
    public func forString(
        _ string: String, range: Range<Int>, language: String? = nil, in collection: FontCollection = .shared
    ) -> Font {
        let units = Array(string.utf16)
        let lower = min(max(range.lowerBound, 0), units.count)
        let upper = min(max(range.upperBound, lower), units.count)
        for scalar in String(decoding: units[lower..<upper], as: UTF16.self).unicodeScalars {
            let properties = scalar.properties
            if properties.generalCategory == .control || properties.isDefaultIgnorableCodePoint { continue }
            if covers(scalar) { continue }
            return collection.fallbackFont(for: scalar, matching: self, language: language) ?? self
        }
        return self
    }
}
