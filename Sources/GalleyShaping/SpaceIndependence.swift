// Whether an item's shaping can be split at spaces: true when none of the OpenType lookups that
// HarfBuzz's shape plan for the item (font, script, direction, language, features) would apply
// reads or writes the space glyph, and the face has no table HarfBuzz would apply instead of
// them (AAT morx/kerx, or a legacy kern table without GPOS). Then no substitution or positioning
// reaches across a space, so the words of an item shaped one by one give the glyphs of the item
// shaped whole — the condition for reusing shaped words (Blink checks the same, per font, before
// its word cache). The plan matters: DejaVu Sans ligates a space with Arabic harakat, but only
// in its Arabic lookups, so its Latin text may still be split.
import CHarfBuzz
import Foundation
import GalleyFonts
import GalleySync

/// Whether a shape plan may be split at spaces.
package enum SpaceIndependence {
    /// The answers found so far, by style (a style names its face by ``FontFace/id``, which no
    /// other face takes, so an answer never outlives its meaning): collecting a plan's lookups'
    /// glyphs costs more than shaping a paragraph, and every new ``ShapingCache`` asks again for
    /// each style (on mixed-script text that was nine tenths of what filling a fresh cache cost).
    /// Bounded at 64 KiB, emptied when full; not part of ``GalleyMemory``'s budget.
    private static let answers = DictionaryCache<ShapingCache.Style, Bool>(byteLimit: 64 << 10) { style, _ in
        MemoryCost.array(style.features) + MemoryCost.array(style.font.variations)
    }

    /// Whether shaping `style` in `font` (the font the style was made from) may be split at
    /// U+0020 SPACE without changing any glyph.
    package static func allowsSplitting(_ style: ShapingCache.Style, font: Font) -> Bool {
        if let known = answers.value(for: style) { return known }
        let answer = findOut(style, font: font)
        answers.store(answer, for: style)
        return answer
    }

    /// ``allowsSplitting(_:font:)``'s answer, found from the font's tables and the shape plan.
    private static func findOut(_ style: ShapingCache.Style, font: Font) -> Bool {
        guard style.script != "Zyyy", style.script != "Zinh", style.script != "Zzzz" else { return false }
        let hbFont = font.hbFont
        guard let face = hb_font_get_face(hbFont) else { return false }
        var space: hb_codepoint_t = 0
        guard hb_font_get_nominal_glyph(hbFont, 0x20, &space) != 0 else { return false }
        if has("morx", face) || has("mort", face) || has("kerx", face) { return false }
        if hb_ot_layout_has_positioning(face) == 0 && has("kern", face) { return false }
        guard let plan = shapePlan(style, font: hbFont, face: face) else { return false }
        defer { hb_shape_plan_destroy(plan) }
        let lookups = hb_set_create()
        let sets = (0..<4).map { _ in hb_set_create() }
        defer {
            hb_set_destroy(lookups)
            for set in sets { hb_set_destroy(set) }
        }
        for tag in ["GSUB", "GPOS"] {
            let table = tag.withCString { hb_tag_from_string($0, -1) }
            hb_set_clear(lookups)
            hb_ot_shape_plan_collect_lookups(plan, table, lookups)
            var lookup = hb_codepoint_t.max  // HB_SET_VALUE_INVALID: start before the first
            while hb_set_next(lookups, &lookup) != 0 {
                for set in sets { hb_set_clear(set) }
                hb_ot_layout_lookup_collect_glyphs(face, table, lookup, sets[0], sets[1], sets[2], sets[3])
                if sets.contains(where: { hb_set_has($0, space) != 0 }) { return false }
            }
        }
        return true
    }

    /// HarfBuzz's shape plan for `style` (at the font's variation coordinates), as `hb_shape` makes it.
    private static func shapePlan(
        _ style: ShapingCache.Style, font: OpaquePointer, face: OpaquePointer
    ) -> OpaquePointer? {
        var properties = hb_segment_properties_t()
        properties.direction = style.rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR
        properties.script = style.script.withCString { hb_script_from_string($0, -1) }
        if let language = style.language, !language.isEmpty {
            properties.language = language.withCString { hb_language_from_string($0, -1) }
        } else {
            properties.language = hb_language_get_default()
        }
        var features = style.features.map { feature -> hb_feature_t in
            let tag = feature.tag.withCString { hb_tag_from_string($0, -1) }
            return hb_feature_t(tag: tag, value: feature.value, start: 0, end: UInt32.max)
        }
        var count: UInt32 = 0
        let coordinates = hb_font_get_var_coords_normalized(font, &count)
        return features.withUnsafeMutableBufferPointer { list in
            hb_shape_plan_create_cached2(
                face, &properties, list.baseAddress, UInt32(list.count), coordinates, count, nil)
        }
    }

    private static func has(_ tag: String, _ face: OpaquePointer) -> Bool {
        let t = tag.withCString { hb_tag_from_string($0, -1) }
        guard let blob = hb_face_reference_table(face, t) else { return false }
        defer { hb_blob_destroy(blob) }
        return hb_blob_get_length(blob) > 0
    }
}
