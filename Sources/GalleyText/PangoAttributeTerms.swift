// PangoAttributeTerms: an AttributedText's attribute runs described in Pango's terms (the
// attribute type names of `pango_attr_type_get_name` and the value spellings of
// `pango_attr_list_to_string`), for `galley layout --attributes` and the markup parity test.

import Foundation
import GalleyFonts

/// Galley's attributes described as Pango names them: the type names of
/// `pango_attr_type_get_name` (`family`, `weight`, `foreground`, `underline-color`, …) and the
/// value spellings of `pango_attr_list_to_string` (`italic`, `double`, `true`, Pango units for
/// lengths), giving the *effective* value of each attribute over a segment of text, as
/// `pango_attr_iterator_get_font` and the innermost attribute of each type give it in Pango.
///
/// Spellings:
/// - `family`, `style` (`normal` or `italic`: Galley does not tell oblique from italic), `weight`
///   (a number 1…1000), `size` (points, as `pango_font_description_get_size` / 1024): the font's
///   parts. `variations`: `tag=value,…` (the font description's `@axis=value` part).
/// - `foreground`, `background`, `underline-color`, `strikethrough-color`, `overline-color`:
///   `#rrggbb`, lowercase; `foreground-alpha`, `background-alpha`: 0…65535, only when not opaque.
/// - `rise`, `letter-spacing`: Pango units (1/1024 pt), integers. Galley keeps one baseline offset
///   for Pango's `rise` plus numeric `baseline-shift`s: it is reported as `rise`.
/// - `baseline-shift`, `font-scale`: `superscript` / `subscript` once per `<sup>`/`<sub>` level,
///   comma-separated (Pango keeps each level as its own attribute; they add up).
/// - `font-features`: `tag=value,…` in order (Pango: every enclosing list, outer first).
/// - `underline`: `single`, `double`, or Galley's `thick`, followed by `-dot`, `-dash`, … for a
///   dash pattern; `strikethrough`: `true`.
/// - `language`, `allow-breaks` / `insert-hyphens` (`true`, `false`).
/// - Attributes Pango has no type for are named `galley:…` (kern, ligatures, obliqueness, stroke,
///   shadow, writing direction, paragraph style, run delegate).
///
/// Pango's spellings for the attributes Galley does not have yet (what `libpango` 1.50.12 prints,
/// and so what the parity test expects once a key is added): `variant` `normal`, `small-caps`,
/// `all-small-caps`, `petite-caps`, `all-petite-caps`, `unicase`, `title-caps`; `stretch`
/// `ultra-condensed` … `normal` … `ultra-expanded`; `overline` `none`/`single` with
/// `overline-color`; `underline` `low`, `error`, `single-line`, `double-line`, `error-line`;
/// `font-scale` `superscript`/`subscript`/`small-caps`; `fallback`, `true`/`false`; `gravity`
/// `south`/`east`/`north`/`west`; `gravity-hint` `natural`/`strong`/`line`; `show` the integer of
/// PangoShowFlags (1 spaces, 2 line-breaks, 4 ignorables: `spaces|ignorables` is `5`, `none` `0`);
/// `line-height` a factor (`1.5`) or `absolute-line-height` in Pango units; `text-transform`
/// `none`/`lowercase`/`uppercase`/`capitalize`; `word` / `sentence` `1` for `segment`.
package enum PangoAttributeTerms {
    /// A stretch of text and its attributes in Pango's terms.
    package struct Segment: Sendable, Hashable, CustomStringConvertible {
        /// UTF-16 offsets.
        package let range: Range<Int>
        /// Pango attribute type name → value spelling.
        package let values: [String: String]

        /// A segment.
        package init(range: Range<Int>, values: [String: String]) {
            self.range = range
            self.values = values
        }

        /// `0..<3 {family=DejaVu Sans, size=12}` with names sorted.
        package var description: String {
            "\(range.lowerBound)..<\(range.upperBound) {"
                + values.keys.sorted().map { "\($0)=\(values[$0]!)" }.joined(separator: ", ") + "}"
        }
    }

    /// The segments of `text`: one per attribute run, adjacent runs whose terms are equal merged.
    package static func segments(of text: AttributedText) -> [Segment] {
        var result: [Segment] = []
        for run in text.runs where !run.range.isEmpty {
            let values = terms(of: run.attributes)
            if let last = result.last, last.values == values, last.range.upperBound == run.range.lowerBound {
                result[result.count - 1] = Segment(range: last.range.lowerBound..<run.range.upperBound, values: values)
            } else {
                result.append(Segment(range: run.range, values: values))
            }
        }
        return result
    }

    /// The terms of one set of attributes. A switch over every `Attribute.Key`, so that a new
    /// attribute does not compile until it has its line here.
    package static func terms(of attributes: Attributes) -> [String: String] {
        var terms: [String: String] = [:]
        for key in Attribute.Key.allCases {
            switch key {
            case .font:
                if let font = attributes.font { fontTerms(font, into: &terms) }
            case .foregroundColor:
                color(attributes.foregroundColor, "foreground", alpha: "foreground-alpha", into: &terms)
            case .backgroundColor:
                color(attributes.backgroundColor, "background", alpha: "background-alpha", into: &terms)
            case .paragraphStyle:
                terms["galley:paragraph-style"] = attributes.paragraphStyle.map {
                    "\($0.alignment) \($0.lineBreakMode) \($0.baseWritingDirection)"
                }
            case .kern: terms["galley:kern"] = attributes.kern.map(number)
            case .language: terms["language"] = attributes.language
            case .runDelegate: terms["galley:run-delegate"] = attributes.runDelegate.map { "\"\($0.value)\"" }
            case .writingDirection:
                terms["galley:writing-direction"] = attributes.writingDirection.map {
                    $0.map(\.description).joined(separator: ",")
                }
            case .tracking: terms["letter-spacing"] = attributes.tracking.map(pangoUnits)
            case .ligatureLevel: terms["galley:ligature-level"] = attributes.ligatureLevel.map(String.init)
            case .fontFeatures:
                terms["font-features"] = attributes.fontFeatures.map { $0.map(\.description).joined(separator: ",") }
            case .baselineOffset: terms["rise"] = attributes.baselineOffset.map(pangoUnits)
            case .superscript:
                if let level = attributes.superscript, level != 0 {
                    let name = level > 0 ? "superscript" : "subscript"
                    let levels = Array(repeating: name, count: abs(level)).joined(separator: ",")
                    terms["baseline-shift"] = levels
                    terms["font-scale"] = levels
                }
            case .obliqueness: terms["galley:obliqueness"] = attributes.obliqueness.map(number)
            case .underline:
                if let line = attributes.underline {
                    terms["underline"] = lineStyle(line)
                    color(line.color, "underline-color", alpha: nil, into: &terms)
                }
            case .strikethrough:
                if let line = attributes.strikethrough {
                    terms["strikethrough"] = "true"
                    if line.style != .single || line.pattern != .solid {
                        terms["galley:strikethrough"] = lineStyle(line)
                    }
                    color(line.color, "strikethrough-color", alpha: nil, into: &terms)
                }
            case .stroke: terms["galley:stroke"] = attributes.stroke.map { "\($0)" }
            case .shadow: terms["galley:shadow"] = attributes.shadow.map { "\($0)" }
            case .fontVariations:
                terms["variations"] = attributes.fontVariations.map { $0.map(\.description).joined(separator: ",") }
            case .allowsLineBreaks: terms["allow-breaks"] = attributes.allowsLineBreaks.map { "\($0)" }
            case .insertsHyphens: terms["insert-hyphens"] = attributes.insertsHyphens.map { "\($0)" }
            default: pangoTerms(key, of: attributes, into: &terms)
            }
        }
        return terms
    }

    /// The terms of the keys Pango 1.44–1.50 added: overline, variant, font scale, fallback,
    /// gravity, show, line height, text transform, segment. A switch over every key (those of
    /// ``terms(of:)`` do nothing here), so a new key still needs its line.
    private static func pangoTerms(_ key: Attribute.Key, of attributes: Attributes, into terms: inout [String: String])
    {
        switch key {
        case .overline:
            if let line = attributes.overline {
                terms["overline"] = "single"
                color(line.color, "overline-color", alpha: nil, into: &terms)
            }
        case .fontVariant: terms["variant"] = attributes.fontVariant?.pangoName
        case .fontScale:
            if let scale = attributes.fontScale?.pangoName {
                terms["font-scale"] = terms["font-scale"].map { "\($0),\(scale)" } ?? scale
            }
        case .fontFallback: terms["fallback"] = attributes.fontFallback.map { "\($0)" }
        case .gravity: terms["gravity"] = attributes.gravity?.rawValue
        case .gravityHint: terms["gravity-hint"] = attributes.gravityHint?.rawValue
        case .show: terms["show"] = attributes.show.map { String($0.rawValue) }
        case .lineHeight:
            switch attributes.lineHeight {
            case .multiple(let factor)?: terms["line-height"] = number(factor)
            case .points(let points)?: terms["absolute-line-height"] = pangoUnits(points)
            case nil: break
            }
        case .textTransform: terms["text-transform"] = attributes.textTransform?.rawValue
        case .textSegment:
            if let segment = attributes.textSegment { terms[segment.rawValue] = "1" }
        case .textSpacingTrim: terms["galley:text-spacing-trim"] = attributes.textSpacingTrim?.rawValue
        case .textAutospace: terms["galley:text-autospace"] = attributes.textAutospace?.rawValue
        case .expansion: terms["galley:expansion"] = attributes.expansion.map(number)
        case .glyphInfo: terms["galley:glyph-info"] = attributes.glyphInfo.map { "\($0)" }
        case .baselineClass: terms["galley:baseline-class"] = attributes.baselineClass?.rawValue
        case .baselineInfo: terms["galley:baseline-info"] = attributes.baselineInfo.map(Attributes.baselineOffsets)
        case .baselineReferenceInfo:
            terms["galley:baseline-reference"] = attributes[.baselineReferenceInfo].map(Attributes.valueDescription)
        case .rubyAnnotation: terms["galley:ruby"] = attributes.rubyAnnotation?.description
        case .verticalForms: terms["galley:vertical-forms"] = attributes.verticalForms.map { "\($0)" }
        case .textOrientation: terms["galley:text-orientation"] = attributes.textOrientation?.rawValue
        case .horizontalInVerticalForms:
            terms["galley:horizontal-in-vertical-forms"] = attributes.horizontalInVerticalForms.map { "\($0)" }
        case .font, .foregroundColor, .paragraphStyle, .kern, .language, .runDelegate, .writingDirection, .tracking,
            .ligatureLevel, .fontFeatures, .baselineOffset, .superscript, .obliqueness, .underline, .strikethrough,
            .backgroundColor, .stroke, .shadow, .fontVariations, .allowsLineBreaks, .insertsHyphens:
            break
        }
    }

    /// The family a font stands for in Pango's terms: the family the markup *asked for*.
    ///
    /// Font matching records the name (or list) asked for (``Font/request``), and the name a
    /// substituted font stands in for.
    package static func requestedFamily(of font: Font) -> String {
        font.request?.family ?? font.substitution?.requestedFamily ?? font.familyName
    }

    /// `family`, `style`, `weight`, `size`, `stretch`: what the font was asked for when font
    /// matching made it (``Font/request``), else the face's weight, slant and width, raised to
    /// bold or italic where they are synthesised.
    private static func fontTerms(_ font: Font, into terms: inout [String: String]) {
        terms["family"] = requestedFamily(of: font)
        let italic = font.request?.italic ?? (font.isItalic || font.syntheticTraits.contains(.oblique))
        terms["style"] = italic ? "italic" : "normal"
        var weight = font.weight.rawValue
        if font.syntheticTraits.contains(.bold) { weight = max(weight, Font.Weight.bold.rawValue) }
        terms["weight"] = String(font.request?.weight.rawValue ?? weight)
        terms["size"] = number(font.size)
        if let stretch = stretchNames[(font.request?.width ?? font.width).rawValue] {
            terms["stretch"] = stretch
        }
    }

    /// Pango's stretch names by CSS width (`normal`, 100, is the default and has no term).
    static let stretchNames: [Double: String] = [
        50: "ultra-condensed", 62.5: "extra-condensed", 75: "condensed", 87.5: "semi-condensed",
        112.5: "semi-expanded", 125: "expanded", 150: "extra-expanded", 200: "ultra-expanded",
    ]

    /// `name` = `#rrggbb`, and `alpha` = 0…65535 when the colour is not opaque.
    private static func color(_ color: Color?, _ name: String, alpha: String?, into terms: inout [String: String]) {
        guard let color else { return }
        terms[name] = String(color.hexString.prefix(7))
        if let alpha, color.alpha < 1 {
            terms[alpha] = String(Int((color.alpha * 65535).rounded()))
        }
    }

    /// `single`, `double`, `thick`, with `-dot`, `-dash`, … for a dash pattern.
    private static func lineStyle(_ line: TextDecoration) -> String {
        "\(line.style)" + (line.pattern == .solid ? "" : "-\(line.pattern)")
    }

    /// Points as Pango units (1/1024 pt), rounded to an integer.
    private static func pangoUnits(_ points: CGFloat) -> String {
        let units = (points * 1024).rounded()
        return abs(units) < 1e15 ? String(Int(units)) : "\(units)"
    }

    /// A number with at most four decimals and no trailing zeros.
    package static func number(_ value: CGFloat) -> String {
        guard value.isFinite, abs(value) < 1e15 else { return "\(value)" }
        if value == value.rounded() { return String(Int(value)) }
        var text = String(format: "%.4f", Double(value))
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
