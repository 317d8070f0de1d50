// TextSpacing: how kern (kCTKernAttributeName), tracking (kCTTrackingAttributeName) and
// expansion (NSExpansionAttributeName) combine into the space and stretch a run's glyphs get,
// by CoreText's documented rules.
import Foundation
import GalleyText

/// The spacing rules of CoreText's kern and tracking attributes, in one place.
///
/// - `kCTKernAttributeName`: "If this attribute is not present, standard kerning is used. If this
///   attribute is set to 0.0, no kerning is done at all." So an explicit kern of 0 turns the
///   font's `kern` feature off (``disablesFontKerning(_:)``); any other value is space added after
///   each cluster on top of the font's kerning.
/// - `kCTTrackingAttributeName`: "If both kCTKernAttributeName and kCTTrackingAttributeName are
///   present kCTKernAttributeName will be ignored unless zero; kCTTrackingAttributeName will still
///   be honored." So a non-zero tracking replaces a non-zero kern (it is not added to it), and a
///   kern of 0 beside it still turns the font's kerning off. Tracking "is treated as trailing
///   whitespace": the tracking after a line's last visible cluster counts in
///   `Line.trailingWhitespaceWidth` (see `trailingTracking` in the layout stage).
package enum TextSpacing {
    /// The space in points added after each cluster of text with `attributes`: the tracking when
    /// it is set and non-zero, else the kern (0 when neither is set).
    @inline(__always)
    package static func extraAdvance(_ attributes: Attributes) -> CGFloat {
        if let tracking = attributes.tracking, tracking != 0 { return tracking }
        return attributes.kern ?? 0
    }

    /// The horizontal expansion factor of text with `attributes`: e^`expansion` (UIKit's
    /// `NSExpansionAttributeName` is "the log of the expansion factor"), 1 without one.
    @inline(__always)
    package static func expansionFactor(_ attributes: Attributes) -> CGFloat {
        guard let expansion = attributes.expansion, expansion != 0 else { return 1 }
        return exp(expansion)
    }

    /// Whether text with `attributes` is shaped without the font's kerning: its kern attribute is
    /// present and 0 (CoreText: "If this attribute is set to 0.0, no kerning is done at all"),
    /// whatever its tracking.
    @inline(__always)
    package static func disablesFontKerning(_ attributes: Attributes) -> Bool {
        attributes.kern == 0
    }
}
