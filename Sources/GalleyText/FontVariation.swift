// FontVariation: one variable-font axis value (tag and coordinate) for the font-variations
// attribute.

import Foundation

/// One axis value of a variable font, like an entry of `kCTFontVariationAttribute` (axis
/// identifier → value) or a HarfBuzz `hb_variation_t`: e.g. `wght` 700, `wdth` 75, `slnt` -10.
/// Values are in the axis's own user units (as in the font's `fvar` table); the font clamps
/// them to the axis's range, and axes the font lacks are ignored.
public struct FontVariation: Sendable, Hashable, CustomStringConvertible {
    /// The axis tag: exactly 4 printable ASCII characters, spaces only at the end, e.g.
    /// `"wght"`, `"wdth"`, `"slnt"`, `"opsz"`, `"ital"`.
    public let tag: String
    /// The axis coordinate in user units. Always finite.
    public let value: CGFloat

    /// An axis value.
    /// - Throws: ``AttributedTextError/invalidValue(_:)`` when `tag` is not a valid OpenType
    ///   tag or `value` is NaN or infinite.
    public init(_ tag: String, _ value: CGFloat) throws(AttributedTextError) {
        if let reason = OpenTypeTag.invalidReason(tag, kind: "variation axis") {
            throw .invalidValue(reason)
        }
        guard value.isFinite else {
            throw .invalidValue("variation axis \(tag) value must be finite, not \(value)")
        }
        self.tag = tag
        self.value = value
    }

    /// `tag=value`, e.g. `"wght=700"`.
    public var description: String { "\(tag)=\(Attributes.number(value))" }
}
