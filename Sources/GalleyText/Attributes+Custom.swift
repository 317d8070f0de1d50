// Custom attributes on Attributes: values under string keys that Galley does not lay out, kept
// on runs as CoreText keeps keys it does not know (CTRunGetAttributes returns them), with the
// link attribute (NSLink) as one of them. Layout reads `layoutAttributes`, which leaves them out.

import Foundation

extension Attributes {
    /// The custom attributes: values under keys Galley does not lay out (a link, a link label's
    /// highlight state, an app's own markers). Layout ignores them, but a run ends where one
    /// changes, and ``GlyphRun``s give them back. Like the keys of a CoreText attribute dictionary
    /// that CoreText does not know, which `CTRunGetAttributes` returns unchanged.
    public var customAttributes: [String: CustomAttributeValue] {
        get { storage.values.custom ?? [:] }
        set { updateCustom { $0 = newValue } }
    }

    /// The value of custom attribute `key`, if any; setting nil removes it. Like
    /// `CFDictionaryGetValue` on a run's attributes with a key CoreText does not know.
    public subscript(custom key: String) -> CustomAttributeValue? {
        get { storage.values.custom?[key] }
        set { updateCustom { $0[key] = newValue } }
    }

    /// Sets custom attribute `key` to `value` (see ``customAttributes``).
    public mutating func setCustom(_ value: some Sendable & Hashable, forKey key: String) {
        self[custom: key] = CustomAttributeValue(value)
    }

    /// The link of the text, stored as the custom attribute ``TextLink/attributeName``
    /// (`"NSLink"`). Like `NSLinkAttributeName`; layout ignores it, hit-testing helpers
    /// (`Line.link(at:)`, `Frame.link(at:)`) and PDF and SVG output read it.
    public var link: TextLink? {
        get { self[custom: TextLink.attributeName].flatMap(TextLink.init) }
        set { self[custom: TextLink.attributeName] = newValue?.customValue }
    }

    /// Whether any custom attribute is set.
    @inlinable package var hasCustomAttributes: Bool { storage.values.custom != nil }

    /// These attributes without the custom ones: what layout reads. The same storage when there
    /// are none.
    package var layoutAttributes: Attributes {
        guard hasCustomAttributes else { return self }
        var copy = self
        copy.updateCustom { $0 = [:] }
        return copy
    }

    /// These attributes with `custom` as their custom attributes (nil: none).
    package func withCustomAttributes(_ custom: [String: CustomAttributeValue]?) -> Attributes {
        var copy = self
        copy.updateCustom { $0 = custom ?? [:] }
        return copy
    }
}
