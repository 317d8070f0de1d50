// RunDelegate: the metrics of an inline placeholder (an image or other object laid out as
// one U+FFFC character, or any text whose glyphs take the delegate's metrics), like CTRunDelegate.

import Foundation

/// The metrics of an inline placeholder. Like `CTRunDelegate`: CoreText asks the delegate's
/// callbacks for a width, ascent and descent; Galley stores the three numbers.
///
/// Attach it to a single U+FFFC (OBJECT REPLACEMENT CHARACTER), as YYText and DTCoreText do:
/// ``AttributedTextBuilder/insertPlaceholder(_:at:attributes:)`` does exactly that. The
/// placeholder's run then has these typographic bounds, and its line grows to fit them.
/// Vertical alignment is expressed by how the height is split between ascent and descent:
/// baseline-aligned is `ascent = h, descent = 0`.
///
/// On any other text the delegate applies as CoreText documents it: "The values returned by the
/// delegate are applied to each glyph in the run or runs corresponding to the attribute with
/// that delegate." Galley applies them to each grapheme cluster of the range (one glyph for most
/// text): every cluster becomes a placeholder run of its own, `width` wide with the delegate's
/// ascent and descent, listed in `Frame.placeholders`, and its glyphs are not drawn (the caller
/// draws into the placeholder rects, as for U+FFFC). A width of 0 therefore hides the text and
/// takes no room, the usual CoreText trick for collapsed text.
///
/// Equality: two delegates are equal when their metrics and ``value`` are equal and their
/// ``refCon`` is the same object (the same box: a delegate and its copies), as CoreText compares
/// `CTRunDelegate`s by identity.
public struct RunDelegate: Sendable, Hashable {
    /// The advance width, in points. Like `CTRunDelegateGetWidthCallback`.
    public let width: CGFloat
    /// The height above the baseline, in points. Like `CTRunDelegateGetAscentCallback`.
    public let ascent: CGFloat
    /// The depth below the baseline (positive downwards), in points.
    /// Like `CTRunDelegateGetDescentCallback`.
    public let descent: CGFloat
    /// Identifies the placeholder to the caller, for example an image path: the string given
    /// to ``init(width:ascent:descent:value:)``, or the refCon when it is a `String` (else "").
    public let value: String
    /// The caller's value given to ``init(width:ascent:descent:refCon:)``, boxed (nil for a
    /// delegate made with a string value).
    private var box: RefConBox?

    /// The value that identifies the placeholder to the caller: any `Sendable` given to
    /// ``init(width:ascent:descent:refCon:)``, else the string ``value``. Like
    /// `CTRunDelegateGetRefCon`.
    public var refCon: any Sendable { box?.value ?? value }

    /// The refCon as a `T`, or nil when it is of another type.
    public func refCon<T>(as type: T.Type) -> T? { refCon as? T }

    /// Equal metrics and value, and the same refCon box (see ``RunDelegate``).
    public static func == (lhs: RunDelegate, rhs: RunDelegate) -> Bool {
        lhs.width == rhs.width && lhs.ascent == rhs.ascent && lhs.descent == rhs.descent && lhs.value == rhs.value
            && lhs.box === rhs.box
    }

    /// Hashes the metrics, the value and the refCon box's identity.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(width)
        hasher.combine(ascent)
        hasher.combine(descent)
        hasher.combine(value)
        hasher.combine(box.map(ObjectIdentifier.init))
    }

    /// A delegate whose refCon is any `Sendable` value (an image, a view model, an index). Like
    /// `CTRunDelegateCreate(callbacks, refCon)`. Copies of the delegate share the value; another
    /// delegate made from an equal value is a different delegate.
    /// - Throws: ``AttributedTextError/invalidRunDelegate(_:)`` as
    ///   ``init(width:ascent:descent:value:)`` does.
    public init(width: CGFloat, ascent: CGFloat, descent: CGFloat, refCon: any Sendable) throws(AttributedTextError) {
        let string = refCon as? String ?? ""
        try self.init(width: width, ascent: ascent, descent: descent, value: string)
        box = RefConBox(refCon)
    }

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
        self.box = nil
    }
}

/// The box that holds a delegate's refCon: its identity is the delegate's.
private final class RefConBox: Sendable {
    let value: any Sendable
    init(_ value: any Sendable) { self.value = value }
}
