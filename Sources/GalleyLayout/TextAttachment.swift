// UIKit's NSTextAttachment on top of CoreText's recipe for inline objects: an image key and
// TextKit's bounds (origin relative to the baseline, y up) turned into a run delegate on one
// U+FFFC, raised or lowered by a baseline offset, so that the frame's placeholder rect is the
// attachment's bounds and the renderer's image provider draws the image there.
import Foundation
import GalleyText

/// An inline object with TextKit's geometry. Like `NSTextAttachment` with `bounds` (and
/// `image`, which is looked up by `identifier` at draw time: `Renderer.draw(_:into:imageProvider:)`
/// hands the provider each `Placeholder`, whose `delegate.value` is the identifier).
///
/// "The origin is at the glyph origin of the text character in the y-up coordinate system"
/// (Apple's documentation of `NSTextAttachment.bounds`): the object advances the pen by
/// `bounds.width` and covers y from `bounds.minY` to `bounds.maxY` above the baseline, so a
/// negative `bounds.origin.y` lowers it below the baseline (the usual way to centre an icon on
/// text) and a positive one raises it. The line grows to hold it, as TextKit's does.
public struct TextAttachment: Sendable, Hashable {
    /// The layout bounds, y up from the baseline at the pen position. Like `NSTextAttachment.bounds`.
    public var bounds: CGRect
    /// What the image provider is asked for (the placeholder's `delegate.value`).
    public var identifier: String

    /// An attachment of the given bounds and image identifier.
    public init(bounds: CGRect, identifier: String = "") {
        self.bounds = bounds
        self.identifier = identifier
    }

    /// The attachment as attributed text: one U+FFFC with a run delegate as wide and tall as the
    /// bounds, shifted by `bounds.minY` (a baseline offset), with `attributes` otherwise. Like
    /// `NSAttributedString(attachment:)`.
    /// - Throws: `AttributedTextError` when the bounds are not finite or have a negative size.
    public func attributedText(attributes: Attributes = []) throws(AttributedTextError) -> AttributedText {
        let r = bounds
        let delegate = try RunDelegate(width: r.width, ascent: r.height, descent: 0, value: identifier)
        guard r.minY.isFinite else { throw .invalidRunDelegate("attachment origin y \(r.minY) must be finite") }
        var placed = attributes
        placed.set(.baselineOffset(r.minY))
        var builder = AttributedTextBuilder()
        builder.appendPlaceholder(delegate, attributes: placed)
        return builder.build()
    }
}
