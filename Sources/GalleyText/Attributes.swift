// Attributes: the set of attributes of a run of text, at most one value per key, like the
// attribute dictionary CoreText attaches to a range.

import Foundation
import GalleyFonts

/// The attributes of a run: at most one value per ``Attribute/Key``. Like the
/// `CFDictionary` of attributes CoreText keeps for each run of a `CFAttributedString`.
///
/// Write it as an array literal: `[.font(f), .foregroundColor(.blue)]` (a later value of the
/// same key wins).
///
/// An `Attributes` never holds an invalid value: setting a non-finite ``kern`` or an empty
/// ``language`` removes that key instead. The throwing methods of ``AttributedTextBuilder``
/// reject such values with an error.
public struct Attributes: Sendable, Hashable, ExpressibleByArrayLiteral, CustomStringConvertible {
    /// Like `kCTFontAttributeName`.
    public var font: Font?
    /// Like `kCTForegroundColorAttributeName`.
    public var foregroundColor: Color?
    /// Like `kCTParagraphStyleAttributeName`.
    public var paragraphStyle: ParagraphStyle?
    /// Like `kCTKernAttributeName`. Always finite (a non-finite value is stored as nil).
    public var kern: CGFloat? { didSet { if let kern, !kern.isFinite { self.kern = nil } } }
    /// Like `kCTLanguageAttributeName`. Never empty (an empty string is stored as nil).
    public var language: String? { didSet { if language?.isEmpty == true { language = nil } } }
    /// Like `kCTRunDelegateAttributeName`.
    public var runDelegate: RunDelegate?
    /// Like `kCTWritingDirectionAttributeName`. Never empty (an empty array is stored as nil).
    public var writingDirection: [BidiEmbedding]? {
        didSet { if writingDirection?.isEmpty == true { writingDirection = nil } }
    }

    /// No attributes.
    public init() {}

    /// The given attributes; a later value of the same key wins.
    public init(_ attributes: [Attribute]) {
        for attribute in attributes {
            set(attribute)
        }
    }

    /// The given attributes; a later value of the same key wins.
    public init(arrayLiteral attributes: Attribute...) {
        self.init(attributes)
    }

    /// Sets one attribute, replacing any value of the same key. A non-finite kern or an empty
    /// language removes the key instead.
    public mutating func set(_ attribute: Attribute) {
        switch attribute {
        case .font(let font): self.font = font
        case .foregroundColor(let color): foregroundColor = color
        case .paragraphStyle(let style): paragraphStyle = style
        case .kern(let kern): self.kern = kern
        case .language(let language): self.language = language
        case .runDelegate(let delegate): runDelegate = delegate
        case .writingDirection(let levels): writingDirection = levels
        }
    }

    /// Removes the value of one key.
    public mutating func remove(_ key: Attribute.Key) {
        switch key {
        case .font: font = nil
        case .foregroundColor: foregroundColor = nil
        case .paragraphStyle: paragraphStyle = nil
        case .kern: kern = nil
        case .language: language = nil
        case .runDelegate: runDelegate = nil
        case .writingDirection: writingDirection = nil
        }
    }

    /// These attributes with `other`'s values laid over them: every key `other` has wins.
    /// Like `-[NSMutableAttributedString addAttributes:range:]` on one run.
    public func merging(_ other: Attributes) -> Attributes {
        var merged = self
        for attribute in other.all {
            merged.set(attribute)
        }
        return merged
    }

    /// Whether no key has a value.
    public var isEmpty: Bool { all.isEmpty }

    /// Every attribute that has a value, in the order of ``Attribute/Key/allCases``.
    public var all: [Attribute] {
        var result: [Attribute] = []
        if let font { result.append(.font(font)) }
        if let foregroundColor { result.append(.foregroundColor(foregroundColor)) }
        if let paragraphStyle { result.append(.paragraphStyle(paragraphStyle)) }
        if let kern { result.append(.kern(kern)) }
        if let language { result.append(.language(language)) }
        if let runDelegate { result.append(.runDelegate(runDelegate)) }
        if let writingDirection { result.append(.writingDirection(writingDirection)) }
        return result
    }

    /// A compact listing such as `{font: DejaVuSans-Bold 36pt, foregroundColor: #0000ffff}`.
    public var description: String {
        let parts = all.map { attribute -> String in
            switch attribute {
            case .font(let font): "font: \(font.postScriptName) \(Attributes.number(font.size))pt"
            case .foregroundColor(let color): "foregroundColor: \(color.hexString)"
            case .paragraphStyle(let style):
                "paragraphStyle: \(style.alignment) \(style.lineBreakMode) \(style.baseWritingDirection)"
            case .kern(let kern): "kern: \(Attributes.number(kern))"
            case .language(let language): "language: \(language)"
            case .runDelegate(let delegate):
                "runDelegate: \(Attributes.number(delegate.width))×(\(Attributes.number(delegate.ascent))+\(Attributes.number(delegate.descent))) \"\(delegate.value)\""
            case .writingDirection(let levels):
                "writingDirection: [\(levels.map(\.description).joined(separator: ", "))]"
            }
        }
        return "{" + parts.joined(separator: ", ") + "}"
    }

    /// A number without a needless ".0".
    static func number(_ value: CGFloat) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
    }
}
