// LayoutFeatures: which OpenType layout features (GSUB and GPOS feature tags) a face has, so the
// layout stage can tell a feature it may ask for (small capitals, `smcp`) from one it must
// synthesise.

import CHarfBuzz

extension FontFace {
    /// Every feature tag of the face's `GSUB` and `GPOS` tables (any script and language system),
    /// read with `hb_ot_layout_table_get_feature_tags`.
    static func layoutFeatureTags(of face: OpaquePointer) -> Set<String> {
        var tags: Set<String> = []
        // HB_OT_TAG_GSUB and HB_OT_TAG_GPOS are function-like macros Swift cannot import.
        for table in ["GSUB", "GPOS"].map({ name in name.withCString { hb_tag_from_string($0, 4) } }) {
            var start: UInt32 = 0
            while true {
                var buffer = [hb_tag_t](repeating: 0, count: 64)
                var count = UInt32(buffer.count)
                let total = hb_ot_layout_table_get_feature_tags(face, table, start, &count, &buffer)
                for tag in buffer.prefix(Int(count)) {
                    tags.insert(tagString(tag))
                }
                start += count
                if count == 0 || start >= total { break }
            }
        }
        return tags
    }

    /// A tag as its four characters.
    private static func tagString(_ tag: hb_tag_t) -> String {
        let bytes = [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: tag >> $0) }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension Font {
    /// Whether the font's `GSUB` or `GPOS` table has the feature `tag` (e.g. `"smcp"`) for some
    /// script. Like looking `tag` up in `CTFontCopyFeatures` (OpenType tags).
    public func hasLayoutFeature(_ tag: String) -> Bool {
        face.layoutFeatureTags.contains(tag)
    }

    /// Every OpenType layout feature tag of the font's `GSUB` and `GPOS` tables (any script and
    /// language system), sorted: `kern`, `liga`, `smcp`, …. Like the feature list of
    /// `CTFontCopyFeatures`, as OpenType tags (CoreText lists AAT feature types and selectors).
    public var layoutFeatureTags: [String] { face.layoutFeatureTags.sorted() }
}
