// AttributedStringBridge: converts between Foundation's AttributedString (Galley's attribute
// scope, plus Foundation's languageIdentifier) and AttributedText, in one pass over the runs.

import Foundation
import GalleyFonts

extension AttributedText {
    /// The text and Galley attributes of a Foundation `AttributedString`. Like bridging an
    /// `AttributedString` to `NSAttributedString` (`NSAttributedString(_:including:)`) and
    /// handing that to CoreText.
    ///
    /// Reads the keys of `AttributeScopes.GalleyAttributes` (one per
    /// ``Attribute/Key``). Foundation's own `languageIdentifier` becomes the ``Attributes/language``
    /// where Galley's key is absent, and its `link` the ``Attributes/link``. The keys in
    /// `customKeys` become custom attributes under their names (``Attributes/customAttributes``),
    /// as CoreText keeps keys it does not know on its runs; `AttributedString` cannot list a run's
    /// keys on Linux, so any other attribute (SwiftUI keys, other scopes) is not seen, and runs
    /// that then have equal attributes merge.
    ///
    /// Run boundaries are converted to UTF-16 offsets run by run, in O(length) in total; a
    /// boundary between a base character and its combining mark is kept, since Galley's runs
    /// may split a character as CoreText's may.
    ///
    /// An empty `fontFeatures`, `fontVariations` or `writingDirection` array, like an empty
    /// `languageIdentifier`, counts as no attribute (as ``AttributedTextBuilder`` treats them).
    /// - Throws: ``AttributedTextError/invalidValue(_:)`` naming the UTF-16 range, for a value
    ///   ``Attributes`` would not hold: a non-finite kern, tracking, baseline offset or
    ///   obliqueness, an empty Galley language, a ligature level other than 0, 1, 2, a
    ///   superscript outside -10…10, a stroke or shadow with a non-finite or negative metric.
    public init(_ attributedString: AttributedString, customKeys: [any CustomAttributedStringKey.Type] = [])
        throws(AttributedTextError)
    {
        let units = Array(attributedString.utf16)
        var runList = RunList()
        var start = 0
        var previousEnd = attributedString.startIndex
        for run in attributedString.runs {
            let end = run.range.upperBound
            let count = attributedString.utf16.distance(from: previousEnd, to: end)
            previousEnd = end
            guard count > 0 else { continue }
            let range = start..<(start + count)
            start += count
            var attributes = try AttributedStringBridge.attributes(of: run, range: range)
            AttributedStringBridge.readCustom(customKeys, of: run, into: &attributes)
            runList.append(count: count, attributes: attributes)
        }
        self.init(utf16: units, runs: runList)
    }
}

extension AttributedString {
    /// A Foundation `AttributedString` with `text`'s characters and its attributes in
    /// `AttributeScopes.GalleyAttributes` keys. Like bridging an
    /// `NSAttributedString` to `AttributedString(_:including:)`.
    ///
    /// Only Galley's keys are set (``Attributes/language`` goes to Galley's `language`, not to
    /// Foundation's `languageIdentifier`), plus Foundation's `link` for ``Attributes/link`` (a
    /// string link that is no URL is left out) and the custom attributes named by `customKeys`
    /// whose values have their key's type, so converting the result back with the same keys gives
    /// `text` again.
    /// A run boundary that falls inside a surrogate pair (which Galley's attribute edits allow,
    /// as CoreText's do) cannot exist in an `AttributedString`, whose runs hold whole Unicode
    /// scalars: that character takes the attributes of its high surrogate.
    public init(_ text: AttributedText, customKeys: [any CustomAttributedStringKey.Type] = []) {
        var result = AttributedString()
        var start = 0
        for run in text.runs {
            var end = run.range.upperBound
            // Move a boundary inside a surrogate pair past the low surrogate.
            if end < text.length, UTF16.isTrailSurrogate(text.utf16[end]), UTF16.isLeadSurrogate(text.utf16[end - 1]) {
                end += 1
            }
            guard end > start else { continue }
            let piece = String(decoding: text.utf16[start..<end], as: UTF16.self)
            var container = AttributedStringBridge.container(for: run.attributes)
            AttributedStringBridge.writeCustom(customKeys, of: run.attributes, into: &container)
            result.append(AttributedString(piece, attributes: container))
            start = end
        }
        self = result
    }
}

/// The per-run conversions of the bridge, driven by the key table (``Attribute/Key``'s rows):
/// a key added there is bridged with no change here.
enum AttributedStringBridge {
    /// Galley attributes of one `AttributedString` run; `range` (UTF-16) is for messages.
    static func attributes(of run: AttributedString.Runs.Run, range: Range<Int>) throws(AttributedTextError)
        -> Attributes
    {
        var values = Attribute.Key.allCases.compactMap { $0.row.attribute(in: run) }
        if run[AttributeScopes.GalleyAttributes.LanguageAttribute.self] == nil,
            let value = run[AttributeScopes.FoundationAttributes.LanguageIdentifierAttribute.self], !value.isEmpty
        {
            values.append(.language(value))
        }
        do {
            return try Attributes(validating: values)
        } catch {
            guard case .invalidValue(let reason) = error else { throw error }
            throw .invalidValue("\(reason) (AttributedString run at UTF-16 \(range.lowerBound)..<\(range.upperBound))")
        }
    }

    /// Adds Foundation's `link` and the values of `keys` in `run` as custom attributes.
    static func readCustom(
        _ keys: [any CustomAttributedStringKey.Type], of run: AttributedString.Runs.Run,
        into attributes: inout Attributes
    ) {
        if let url = run[AttributeScopes.FoundationAttributes.LinkAttribute.self] { attributes.link = .url(url) }
        for key in keys {
            if let value = key.customValue(in: run) { attributes[custom: key.name] = value }
        }
    }

    /// Writes ``Attributes/link`` as Foundation's `link` and the custom attributes `keys` name.
    static func writeCustom(
        _ keys: [any CustomAttributedStringKey.Type], of attributes: Attributes,
        into container: inout AttributeContainer
    ) {
        if let url = attributes.link?.url { container[AttributeScopes.FoundationAttributes.LinkAttribute.self] = url }
        for key in keys where key.name != TextLink.attributeName {
            if let value = attributes[custom: key.name] { key.write(value, into: &container) }
        }
    }

    /// The Galley keys of `attributes` as an `AttributeContainer`.
    static func container(for attributes: Attributes) -> AttributeContainer {
        var container = AttributeContainer()
        for key in Attribute.Key.allCases {
            key.row.copy(attributes.values, into: &container)
        }
        return container
    }
}

/// An `AttributedStringKey` whose values the `AttributedString` bridge carries as custom
/// attributes (``Attributes/customAttributes``) under the key's `name`. Declare an app's own key
/// with it (`enum MyLink: CustomAttributedStringKey { typealias Value = String; static let name =
/// "MyLink" }`) and pass it to `AttributedText(_:customKeys:)` and `AttributedString(_:customKeys:)`.
/// Like registering a custom attribute scope for `NSAttributedString(_:including:)`.
public protocol CustomAttributedStringKey: AttributedStringKey where Value: Sendable {}

extension CustomAttributedStringKey {
    /// The key's value in `run`, as a custom value.
    static func customValue(in run: AttributedString.Runs.Run) -> CustomAttributeValue? {
        run[Self.self].map { CustomAttributeValue($0) }
    }

    /// Sets the key in `container` to `value` when it has the key's type.
    static func write(_ value: CustomAttributeValue, into container: inout AttributeContainer) {
        if let typed = value.value(as: Value.self) { container[Self.self] = typed }
    }
}
