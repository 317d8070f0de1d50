// Attribute: one attribute with its value (font, colour, paragraph style, kern, language,
// run delegate, writing direction), and Attribute.Key, the name of each kind.

import Foundation
import GalleyFonts

/// One attribute with its value: the Swift form of a CoreText attribute-dictionary entry.
public enum Attribute: Sendable, Hashable {
    /// The font. Like `kCTFontAttributeName`. Text without one is laid out by the layout
    /// stage's default font.
    case font(Font)
    /// The colour glyphs are drawn in. Like `kCTForegroundColorAttributeName`; text without
    /// one is drawn in black.
    case foregroundColor(Color)
    /// The paragraph style. Like `kCTParagraphStyleAttributeName`. A paragraph uses the style
    /// of its first character.
    case paragraphStyle(ParagraphStyle)
    /// Extra space, in points, added after each character (negative tightens). Like
    /// `kCTKernAttributeName`. Must be finite.
    case kern(CGFloat)
    /// A BCP 47 language tag such as `"tr"` or `"zh-Hans"`, which selects localized glyph
    /// forms and line-breaking rules. Like `kCTLanguageAttributeName`. Must not be empty.
    case language(String)
    /// Inline-placeholder metrics; belongs on a single U+FFFC. Like
    /// `kCTRunDelegateAttributeName`.
    case runDelegate(RunDelegate)
    /// Explicit bidi levels for the range, outermost first: embeddings, overrides and isolates.
    /// Like `kCTWritingDirectionAttributeName` (an array, so levels can nest).
    case writingDirection([BidiEmbedding])

    /// The name of each kind of attribute.
    public enum Key: String, Sendable, Hashable, CaseIterable {
        /// ``Attribute/font(_:)``.
        case font
        /// ``Attribute/foregroundColor(_:)``.
        case foregroundColor
        /// ``Attribute/paragraphStyle(_:)``.
        case paragraphStyle
        /// ``Attribute/kern(_:)``.
        case kern
        /// ``Attribute/language(_:)``.
        case language
        /// ``Attribute/runDelegate(_:)``.
        case runDelegate
        /// ``Attribute/writingDirection(_:)``.
        case writingDirection
    }

    /// Which kind of attribute this is.
    public var key: Key {
        switch self {
        case .font: .font
        case .foregroundColor: .foregroundColor
        case .paragraphStyle: .paragraphStyle
        case .kern: .kern
        case .language: .language
        case .runDelegate: .runDelegate
        case .writingDirection: .writingDirection
        }
    }

    /// Why this attribute's value is invalid, or nil when it is valid.
    var invalidReason: String? {
        switch self {
        case .kern(let kern) where !kern.isFinite:
            "kern must be finite, not \(kern)"
        case .language(let language) where language.isEmpty:
            "language must not be empty"
        default:
            nil
        }
    }
}
