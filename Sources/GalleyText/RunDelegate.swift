// RunDelegate: the metrics of an inline placeholder (an image or other object laid out as
// one U+FFFC character), like CTRunDelegate.

import Foundation

/// The metrics of an inline placeholder. Like `CTRunDelegate`: CoreText asks the delegate's
/// callbacks for a width, ascent and descent; Galley stores the three numbers.
///
/// Attach it to a single U+FFFC (OBJECT REPLACEMENT CHARACTER), as YYText and DTCoreText do:
/// ``AttributedTextBuilder/insertPlaceholder(_:at:attributes:)`` does exactly that. The
/// placeholder's run then has these typographic bounds, and its line grows to fit them.
/// Vertical alignment is expressed by how the height is split between ascent and descent:
/// baseline-aligned is `ascent = h, descent = 0`.
public struct RunDelegate: Sendable, Hashable {
    /// The advance width, in points. Like `CTRunDelegateGetWidthCallback`.
    public let width: CGFloat
    /// The height above the baseline, in points. Like `CTRunDelegateGetAscentCallback`.
    public let ascent: CGFloat
    /// The depth below the baseline (positive downwards), in points.
    /// Like `CTRunDelegateGetDescentCallback`.
    public let descent: CGFloat
    /// Identifies the placeholder to the caller, for example an image path. Like the
    /// `refCon` of `CTRunDelegateCreate`.
    public let value: String

    /// A delegate with the given metrics. Like `CTRunDelegateCreate`.
    /// - Throws: ``AttributedTextError/invalidRunDelegate(_:)`` if a metric is NaN,
    ///   infinite, negative or above ``LengthLimit/maximum``.
    public init(width: CGFloat, ascent: CGFloat, descent: CGFloat, value: String = "") throws(AttributedTextError) {
        for (name, metric) in [("width", width), ("ascent", ascent), ("descent", descent)] {
            if metric.isNaN {
                throw .invalidRunDelegate("\(name) is NaN")
            }
            if metric.isInfinite {
                throw .invalidRunDelegate("\(name) is infinite")
            }
            if metric < 0 {
                throw .invalidRunDelegate("\(name) \(metric) is negative")
            }
            if metric > LengthLimit.maximum {
                throw .invalidRunDelegate("\(name) \(metric) is above 1e9 points")
            }
        }
        self.init(checkedWidth: width, ascent: ascent, descent: descent, value: value)
    }

    /// A delegate from metrics the caller has checked to be finite and not negative.
    init(checkedWidth width: CGFloat, ascent: CGFloat, descent: CGFloat, value: String) {
        self.width = width
        self.ascent = ascent
        self.descent = descent
        self.value = value
    }
}
