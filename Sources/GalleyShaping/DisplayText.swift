// DisplayText: the code points HarfBuzz shapes for a range whose text is drawn differently from
// how it is stored (a text transform's case change, `show`'s visible stand-ins for invisible
// characters), each with the string index it came from, so glyph clusters still address the
// original string.

import Foundation
import GalleyFonts
import GalleyText
import GalleyUnicode

/// The code points to shape for a request that changes its text, each with the UTF-16 offset
/// (in the whole text) of the character it stands for.
package enum DisplayText {
    /// The visible stand-ins `show` draws (Pango draws the same characters, spaces as U+2423, as
    /// boxes of their own): U+2423 OPEN BOX for a space separator (gc Zs), U+21B5 DOWNWARDS ARROW
    /// WITH CORNER LEFTWARDS for U+2028 LINE SEPARATOR, U+2B1A DOTTED SQUARE for a
    /// default-ignorable code point (joiners, variation selectors, bidi controls, soft hyphen…).
    static let visibleSpace: UInt32 = 0x2423
    /// See ``visibleSpace``.
    static let visibleLineBreak: UInt32 = 0x21B5
    /// See ``visibleSpace``.
    static let visibleIgnorable: UInt32 = 0x2B1A

    /// The code points of `request.range` as they are drawn, or nil when the request draws its
    /// text as stored (no transform, nothing shown).
    package static func codePoints(of request: ShapingRequest) -> [(scalar: UInt32, source: Int)]? {
        guard request.transform != nil || !request.show.isEmpty else { return nil }
        var points: [(scalar: UInt32, source: Int)]
        if let change = request.transform {
            points = CaseMapping.map(
                request.text, range: request.range, context: request.context, change: change,
                language: request.language)
        } else {
            points = []
            request.text.withUnsafeBufferPointer { buffer in
                var i = request.range.lowerBound
                while i < request.range.upperBound {
                    let (value, length) = UTF16Decoder.codePoint(in: buffer, at: i, end: request.context.upperBound)
                    points.append((value, i))
                    i += length
                }
            }
        }
        if !request.show.isEmpty {
            for k in points.indices {
                points[k].scalar = shown(points[k].scalar, request.show)
            }
        }
        return points
    }

    /// `value` as `show` draws it.
    static func shown(_ value: UInt32, _ show: ShowFlags) -> UInt32 {
        guard let scalar = Unicode.Scalar(value) else { return value }
        if show.contains(.spaces), scalar.properties.generalCategory == .spaceSeparator {
            return visibleSpace
        }
        if show.contains(.lineBreaks), value == 0x2028 {
            return visibleLineBreak
        }
        if show.contains(.ignorables), scalar.properties.isDefaultIgnorableCodePoint {
            return visibleIgnorable
        }
        return value
    }
}

extension CaseChange {
    /// The case change of a text transform.
    package init(_ transform: TextTransform) {
        switch transform {
        case .lowercase: self = .lowercase
        case .uppercase: self = .uppercase
        case .capitalize: self = .capitalize
        }
    }
}

extension FontScale {
    /// The factor this scale applies to `font`'s size: the OS/2 superscript or subscript size
    /// (FaceMetrics' 0.65 em when the font has none), or x-height ÷ cap height for small capitals
    /// (0.8 when the font has neither).
    package func factor(for font: Font) -> CGFloat {
        switch self {
        case .superscript: font.superscriptScale > 0 ? font.superscriptScale : 0.65
        case .subscript: font.subscriptScale > 0 ? font.subscriptScale : 0.65
        case .smallCaps:
            font.xHeight > 0 && font.capHeight > font.xHeight ? font.xHeight / font.capHeight : 0.8
        }
    }
}
