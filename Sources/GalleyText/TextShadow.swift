// TextShadow: the offset, blur radius and colour of a text shadow, the value of the shadow
// attribute.

import Foundation

/// A shadow drawn under the glyphs (and their decorations). Like `NSShadow`
/// (`NSShadowAttributeName`): `shadowOffset`, `shadowBlurRadius`, `shadowColor`.
/// A valid shadow has a finite offset and a finite, non-negative blur radius
/// (``Attributes`` holds no other; see ``Attribute/shadow(_:)``).
public struct TextShadow: Sendable, Hashable, CustomStringConvertible {
    /// How far the shadow is moved, in points, y up (CoreText/CG convention: the default
    /// (0, -3) puts it below the text). Like `NSShadow.shadowOffset`.
    public var offset: CGSize
    /// The Gaussian blur radius in points, ≥ 0 (0: a sharp shadow). Like
    /// `NSShadow.shadowBlurRadius`.
    public var blurRadius: CGFloat
    /// The shadow's colour. Like `NSShadow.shadowColor`, whose default is black with alpha 1/3.
    public var color: Color

    /// A shadow; the defaults are `NSShadow`'s, except that the offset default (0, -3) is
    /// CoreText's y-up form of AppKit's.
    public init(
        offset: CGSize = CGSize(width: 0, height: -3), blurRadius: CGFloat = 0,
        color: Color = Color(red: 0, green: 0, blue: 0, alpha: 1.0 / 3)
    ) {
        self.offset = offset
        self.blurRadius = blurRadius
        self.color = color
    }

    /// E.g. `"(0, -3) blur 2 #00000055"`.
    public var description: String {
        "(\(Attributes.number(offset.width)), \(Attributes.number(offset.height))) blur \(Attributes.number(blurRadius)) \(color.hexString)"
    }

    /// Why this shadow is invalid, or nil.
    var invalidReason: String? {
        if !LengthLimit.allows(offset.width) || !LengthLimit.allows(offset.height) {
            return "shadow offset must be finite and at most 1e9 in magnitude, not (\(offset.width), \(offset.height))"
        }
        if !LengthLimit.allows(blurRadius) || blurRadius < 0 {
            return "shadow blur radius must be finite, not negative and at most 1e9, not \(blurRadius)"
        }
        return nil
    }
}
