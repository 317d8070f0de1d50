// FaceMetrics: a face's line, decoration and bounding-box metrics in font units, read once.

import CHarfBuzz

/// A face's vertical metrics in font design units (y up; `descender` is positive below the baseline).
///
/// Sources, so the numbers can be checked against the font's own tables:
/// - ascender / descender / lineGap: HarfBuzz `hb_ot_metrics_get_position` with
///   `HB_OT_METRICS_TAG_HORIZONTAL_*`: the OS/2 typographic values when `fsSelection` has
///   USE_TYPO_METRICS (bit 7) set, otherwise `hhea.ascender` / `hhea.descender` / `hhea.lineGap`.
/// - capHeight / xHeight: `OS/2.sCapHeight` / `OS/2.sxHeight` (OS/2 version 2 and later). When the
///   OS/2 table is older and lacks them, the ink top of the glyph for "H" / "x" (HarfBuzz's own
///   fallback rule); 0 when neither exists.
/// - underlinePosition / underlineThickness: `post.underlinePosition` / `post.underlineThickness`.
/// - bounding box: `head.xMin`, `yMin`, `xMax`, `yMax`.
/// - strikeout position / thickness: `OS/2.yStrikeoutPosition` / `OS/2.yStrikeoutSize`; when absent,
///   half the x-height and the underline thickness.
/// - superscript / subscript: `OS/2.ySuperscriptYOffset` / `ySuperscriptYSize` and
///   `ySubscriptYOffset` / `ySubscriptYSize` (subscript offset positive downward, as OS/2 stores it);
///   when absent or zero, the conventional 0.34 em up / 0.14 em down at 0.65 em.
package struct FaceMetrics: Sendable, Equatable {
    package var ascender: Double = 0
    package var descender: Double = 0
    package var lineGap: Double = 0
    package var capHeight: Double = 0
    package var xHeight: Double = 0
    package var underlinePosition: Double = 0
    package var underlineThickness: Double = 0
    package var strikeoutPosition: Double = 0
    package var strikeoutThickness: Double = 0
    package var superscriptOffset: Double = 0
    package var superscriptSize: Double = 0
    package var subscriptOffset: Double = 0
    package var subscriptSize: Double = 0
    package var xMin: Double = 0
    package var yMin: Double = 0
    package var xMax: Double = 0
    package var yMax: Double = 0

    /// Reads the metrics of `hbFont`, whose scale must equal its face's units per em.
    init(hbFont: OpaquePointer, head: BigEndianBytes?) {
        func position(_ tag: hb_ot_metrics_tag_t) -> Double? {
            var value: hb_position_t = 0
            return hb_ot_metrics_get_position(hbFont, tag, &value) != 0 ? Double(value) : nil
        }
        func inkTop(of scalar: Unicode.Scalar) -> Double? {
            var glyph: hb_codepoint_t = 0
            var extents = hb_glyph_extents_t()
            guard hb_font_get_nominal_glyph(hbFont, scalar.value, &glyph) != 0, glyph != 0,
                hb_font_get_glyph_extents(hbFont, glyph, &extents) != 0
            else { return nil }
            return Double(extents.y_bearing)
        }
        ascender = position(HB_OT_METRICS_TAG_HORIZONTAL_ASCENDER) ?? 0
        descender = -(position(HB_OT_METRICS_TAG_HORIZONTAL_DESCENDER) ?? 0)
        lineGap = position(HB_OT_METRICS_TAG_HORIZONTAL_LINE_GAP) ?? 0
        capHeight = position(HB_OT_METRICS_TAG_CAP_HEIGHT) ?? inkTop(of: "H") ?? 0
        xHeight = position(HB_OT_METRICS_TAG_X_HEIGHT) ?? inkTop(of: "x") ?? 0
        underlinePosition = position(HB_OT_METRICS_TAG_UNDERLINE_OFFSET) ?? 0
        underlineThickness = position(HB_OT_METRICS_TAG_UNDERLINE_SIZE) ?? 0
        let upem = Double(hb_face_get_upem(hb_font_get_face(hbFont)))
        func nonZero(_ value: Double?) -> Double? { value.flatMap { $0 != 0 ? $0 : nil } }
        strikeoutPosition = nonZero(position(HB_OT_METRICS_TAG_STRIKEOUT_OFFSET)) ?? xHeight / 2
        strikeoutThickness = nonZero(position(HB_OT_METRICS_TAG_STRIKEOUT_SIZE)) ?? underlineThickness
        superscriptOffset = nonZero(position(HB_OT_METRICS_TAG_SUPERSCRIPT_EM_Y_OFFSET)) ?? 0.34 * upem
        superscriptSize = nonZero(position(HB_OT_METRICS_TAG_SUPERSCRIPT_EM_Y_SIZE)) ?? 0.65 * upem
        subscriptOffset = nonZero(position(HB_OT_METRICS_TAG_SUBSCRIPT_EM_Y_OFFSET)) ?? 0.14 * upem
        subscriptSize = nonZero(position(HB_OT_METRICS_TAG_SUBSCRIPT_EM_Y_SIZE)) ?? 0.65 * upem
        if let head {
            xMin = Double(head.int16(at: 36) ?? 0)
            yMin = Double(head.int16(at: 38) ?? 0)
            xMax = Double(head.int16(at: 40) ?? 0)
            yMax = Double(head.int16(at: 42) ?? 0)
        }
    }
}
