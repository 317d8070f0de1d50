// Variable fonts: a face's design axes (fvar) and one instance of them — the axis values a Font
// was asked for and the HarfBuzz font that applies them (gvar, HVAR, MVAR).

import CHarfBuzz
import Foundation
import GalleySync

extension Font {
    /// One axis value of a variable font: an OpenType axis tag and a coordinate in the axis's user
    /// units (as in `fvar`), e.g. `wght` 700. Like one entry of `kCTFontVariationAttribute`, or a
    /// HarfBuzz `hb_variation_t`.
    public struct Variation: Sendable, Hashable, CustomStringConvertible {
        /// The 4-character axis tag, e.g. `"wght"`, `"wdth"`, `"opsz"`, `"slnt"`.
        public let tag: String
        /// The axis coordinate in user units.
        public let value: CGFloat

        /// An axis value. Nothing is checked here: a tag the font has no axis for, or a
        /// non-finite value, is ignored by ``Font/withVariations(_:)``.
        public init(tag: String, value: CGFloat) {
            self.tag = tag
            self.value = value
        }

        /// `tag=value`, e.g. `"wght=700.0"`.
        public var description: String { "\(tag)=\(value)" }
    }

    /// One design axis of a variable font, from its `fvar` table. Like one dictionary of
    /// `CTFontCopyVariationAxes` (kCTFontVariationAxisIdentifierKey, …NameKey, …MinimumValueKey,
    /// …DefaultValueKey, …MaximumValueKey, …HiddenKey).
    public struct VariationAxis: Sendable, Hashable {
        /// The axis tag, e.g. `"wght"`.
        public let tag: String
        /// The axis name from the `name` table (English when present), e.g. `"Weight"`; the tag
        /// when the name table lacks it.
        public let name: String
        /// The smallest coordinate (`fvar` minValue).
        public let minimum: CGFloat
        /// The default coordinate (`fvar` defaultValue): the font's outlines as stored.
        public let defaultValue: CGFloat
        /// The largest coordinate (`fvar` maxValue).
        public let maximum: CGFloat
        /// Whether the font asks user interfaces not to show the axis (`fvar` HIDDEN_AXIS flag).
        public let isHidden: Bool

        /// Wraps values read from `fvar`.
        public init(
            tag: String, name: String, minimum: CGFloat, defaultValue: CGFloat, maximum: CGFloat, isHidden: Bool
        ) {
            self.tag = tag
            self.name = name
            self.minimum = minimum
            self.defaultValue = defaultValue
            self.maximum = maximum
            self.isHidden = isHidden
        }
    }
}

extension FontFace {
    /// Reads the `fvar` axes of `hbFace` with HarfBuzz (`hb_ot_var_get_axis_infos`), in table order.
    static func variationAxes(of hbFace: OpaquePointer) -> [Font.VariationAxis] {
        let count = Int(hb_ot_var_get_axis_count(hbFace))
        guard count > 0 else { return [] }
        var infos = [hb_ot_var_axis_info_t](repeating: hb_ot_var_axis_info_t(), count: count)
        var got = UInt32(count)
        _ = infos.withUnsafeMutableBufferPointer { hb_ot_var_get_axis_infos(hbFace, 0, &got, $0.baseAddress) }
        return infos.prefix(Int(got)).map { info in
            let tag = FontFace.string(fromTag: info.tag)
            return Font.VariationAxis(
                tag: tag, name: FontFace.name(of: hbFace, id: info.name_id) ?? tag,
                minimum: CGFloat(info.min_value), defaultValue: CGFloat(info.default_value),
                maximum: CGFloat(info.max_value),
                isHidden: info.flags.rawValue & HB_OT_VAR_AXIS_FLAG_HIDDEN.rawValue != 0)
        }
    }

    /// The four characters of an OpenType tag.
    static func string(fromTag tag: hb_tag_t) -> String {
        let bytes = [UInt8(tag >> 24 & 0xFF), UInt8(tag >> 16 & 0xFF), UInt8(tag >> 8 & 0xFF), UInt8(tag & 0xFF)]
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Name-table entry `id` in English (or HarfBuzz's first choice when there is no English one).
    static func name(of hbFace: OpaquePointer, id: hb_ot_name_id_t) -> String? {
        let english = "en".withCString { hb_language_from_string($0, -1) }
        for language in [english, nil] {
            var length = hb_ot_name_get_utf8(hbFace, id, language, nil, nil)
            guard length > 0 else { continue }
            var buffer = [CChar](repeating: 0, count: Int(length) + 1)
            length += 1
            _ = buffer.withUnsafeMutableBufferPointer {
                hb_ot_name_get_utf8(hbFace, id, language, &length, $0.baseAddress)
            }
            return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        return nil
    }

    /// The instance for `requested` axis values: unknown tags and non-finite values dropped, the
    /// last value of a repeated tag kept, values clamped to the axis range, values equal to the
    /// axis default dropped; nil when nothing is left (the default instance). Instances are cached
    /// per face, so equal requests share one HarfBuzz font.
    func instance(for requested: [Font.Variation]) -> FontInstance? {
        guard !variationAxes.isEmpty, !requested.isEmpty else { return nil }
        var coordinates = variationAxes.map(\.defaultValue)
        for variation in requested where variation.value.isFinite {
            for (i, axis) in variationAxes.enumerated() where axis.tag == variation.tag {
                coordinates[i] = min(max(variation.value, axis.minimum), axis.maximum)
            }
        }
        var settings: [Font.Variation] = []
        for (axis, value) in zip(variationAxes, coordinates) where value != axis.defaultValue {
            settings.append(Font.Variation(tag: axis.tag, value: value))
        }
        guard !settings.isEmpty else { return nil }
        return instances.withLock { cache -> FontInstance in
            if let hit = cache[settings] { return hit }
            if cache.count >= FontFace.instanceCacheLimit { cache.removeAll() }
            let made = FontInstance(face: self, settings: settings, coordinates: coordinates.map(Double.init))
            cache[settings] = made
            return made
        }
    }

    /// How many instances a face keeps before its instance cache is emptied.
    static let instanceCacheLimit = 64
}

/// One instance of a variable face: the axis values applied and a HarfBuzz font that applies them.
///
/// Thread-safety invariant (why `@unchecked Sendable` is sound): every stored property is a `let`
/// set in `init`. `hbFont` is a sub-font of the face's font with HarfBuzz's OpenType functions and
/// the variations set, then made immutable (`hb_font_make_immutable`) before `init` returns; it is
/// never mutated afterwards and is destroyed only in `deinit`, so it may be used from many threads
/// at once, like ``FontFace/hbFont``.
package final class FontInstance: @unchecked Sendable {
    /// The non-default axis values, in `fvar` axis order, clamped to each axis's range.
    package let settings: [Font.Variation]
    /// One design coordinate per `fvar` axis, in axis order (defaults for axes not set): what
    /// FreeType's `FT_Set_Var_Design_Coordinates` takes.
    package let coordinates: [Double]
    /// `hb_font_t*` for this instance, scale = (unitsPerEm, unitsPerEm), immutable.
    package let hbFont: OpaquePointer
    /// The face's metrics at this instance (HarfBuzz applies `MVAR` when the font has one).
    package let metrics: FaceMetrics

    /// Makes the instance's HarfBuzz font. `hb_font_create_sub_font` shares the face and scale;
    /// the sub-font gets HarfBuzz's own OpenType functions (`hb_ot_font_set_funcs`) because the
    /// default sub-font functions ask the parent font, which has no variations set.
    init(face: FontFace, settings: [Font.Variation], coordinates: [Double]) {
        let font = hb_font_create_sub_font(face.hbFont)!
        hb_ot_font_set_funcs(font)
        hb_font_set_scale(font, Int32(face.unitsPerEm), Int32(face.unitsPerEm))
        var variations = settings.map { setting in
            hb_variation_t(tag: setting.tag.withCString { hb_tag_from_string($0, -1) }, value: Float(setting.value))
        }
        variations.withUnsafeMutableBufferPointer { hb_font_set_variations(font, $0.baseAddress, UInt32($0.count)) }
        hb_font_make_immutable(font)
        self.hbFont = font
        self.settings = settings
        self.coordinates = coordinates
        // No variation table applies to `head`, so its bounding box is the default instance's:
        // the face's, already read from the same table.
        var metrics = FaceMetrics(hbFont: font, head: nil)
        (metrics.xMin, metrics.yMin, metrics.xMax, metrics.yMax) =
            (face.metrics.xMin, face.metrics.yMin, face.metrics.xMax, face.metrics.yMax)
        self.metrics = metrics
    }

    deinit {
        hb_font_destroy(hbFont)
    }
}
