// CustomAttributeValue: the value of an attribute Galley does not lay out (a link label's link,
// its highlight state, an app's own markers), type-erased so that any Sendable & Hashable value
// rides on the text's runs and comes back on the glyph runs, as CoreText keeps unknown keys.

/// The value of a custom attribute: any `Sendable & Hashable` value, equal to another when both
/// have the same type and equal values. Like the `id` value of an `NSAttributedString.Key`
/// that CoreText does not know: layout ignores it, `CTRunGetAttributes` returns it.
///
/// Sendable by construction: ``init(_:)`` takes only `Sendable` values; the NSAttributedString
/// bridge also keeps the values of an `NSAttributedString`'s unknown keys (Foundation objects
/// such as `NSString`, `NSNumber`, `NSURL`, which Cocoa treats as immutable attribute values),
/// never a mutable object it made itself. That is the invariant behind `@unchecked`.
public struct CustomAttributeValue: @unchecked Sendable, Hashable, CustomStringConvertible {
    private let storage: AnyHashable

    /// The value as it was given.
    public var base: Any { storage.base }

    /// Wraps `value` (a value that is already a `CustomAttributeValue` is not wrapped again).
    public init(_ value: some Sendable & Hashable) {
        if let wrapped = value as? CustomAttributeValue {
            self = wrapped
        } else {
            storage = AnyHashable(value)
        }
    }

    /// Wraps a value read from an `NSAttributedString` (see the invariant above).
    init(bridged value: AnyHashable) {
        if let wrapped = value.base as? CustomAttributeValue {
            self = wrapped
        } else {
            storage = value
        }
    }

    /// The value as `T`, if it is one.
    public func value<T>(as type: T.Type = T.self) -> T? { storage.base as? T }

    /// The value's own description (a string is quoted).
    public var description: String {
        if let string = storage.base as? String { return string.debugDescription }
        return String(describing: storage.base)
    }
}
