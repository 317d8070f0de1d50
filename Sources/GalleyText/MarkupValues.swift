// MarkupValues: reads the values of markup attributes (sizes, weights, styles, alpha,
// lengths; font descriptions are PangoFontDescription's) the way Pango's markup parser does,
// with the documented Galley differences.

import Foundation

/// Parsers for attribute values; each returns nil for a value it cannot read.
enum MarkupValues {
    /// A font size as written in `size=`.
    enum Size: Equatable {
        /// An absolute size in points.
        case points(CGFloat)
        /// A factor applied to the enclosing size (`smaller`, `larger`).
        case relativeToEnclosing(CGFloat)
        /// A factor applied to the base font's size (`small`, `x-large`, `150%`).
        case relativeToBase(CGFloat)
    }

    /// Pango's CSS scale step between neighbouring size keywords.
    static let scaleStep: CGFloat = 1.2

    /// `size=`: `"18"` or `"18.5"` points; `"18pt"`; an integer ≥ 1024 is in Pango units
    /// (1/1024 pt); `xx-small` … `xx-large` (base size × 1.2^level, `medium` = base);
    /// `smaller`/`larger` (enclosing size ÷/× 1.2); `"150%"` of the base size.
    static func size(_ text: String) -> Size? {
        let value = text.trimmingCharacters(in: .whitespaces)
        let keywords: [String: Int] = [
            "xx-small": -3, "x-small": -2, "small": -1, "medium": 0, "large": 1, "x-large": 2, "xx-large": 3,
        ]
        if let level = keywords[value] {
            return .relativeToBase(pow(scaleStep, CGFloat(level)))
        }
        switch value {
        case "smaller": return .relativeToEnclosing(1 / scaleStep)
        case "larger": return .relativeToEnclosing(scaleStep)
        default: break
        }
        if value.hasSuffix("%") {
            guard let percent = decimal(value.dropLast()), percent > 0 else { return nil }
            return .relativeToBase(CGFloat(percent / 100))
        }
        if value.hasSuffix("pt") {
            guard let points = decimal(value.dropLast(2)), points > 0 else { return nil }
            return .points(CGFloat(points))
        }
        if let integer = Int(value), integer >= 1024 {
            return .points(CGFloat(integer) / 1024)
        }
        guard let points = decimal(Substring(value)), points > 0 else { return nil }
        return .points(CGFloat(points))
    }

    /// `weight=`: Pango's names (`thin` 100, `ultralight` 200, `light` 300, `semilight` 350,
    /// `book` 380, `normal`/`regular` 400, `medium` 500, `semibold` 600, `bold` 700,
    /// `ultrabold` 800, `heavy` 900, `ultraheavy` 1000, with their `extra`/`demi`/`black`
    /// synonyms; case and hyphens ignored) or an integer 1…1000.
    static func weight(_ text: String) -> Int? {
        let key = text.lowercased().filter { $0 != "-" }
        let names: [String: Int] = [
            "thin": 100, "ultralight": 200, "extralight": 200, "light": 300, "semilight": 350,
            "demilight": 350, "book": 380, "normal": 400, "regular": 400, "medium": 500,
            "semibold": 600, "demibold": 600, "bold": 700, "ultrabold": 800, "extrabold": 800,
            "heavy": 900, "black": 900, "ultraheavy": 1000, "extraheavy": 1000,
            "ultrablack": 1000, "extrablack": 1000,
        ]
        if let weight = names[key] {
            return weight
        }
        guard let number = Int(text), (1...1000).contains(number) else { return nil }
        return number
    }

    /// `style=`: `normal` (or `roman`) → false; `italic` or `oblique` → true (Galley does not
    /// tell oblique from italic). Case-insensitive.
    static func italic(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "normal", "roman": false
        case "italic", "oblique": true
        default: nil
        }
    }

    /// `alpha=`: `"50%"` (0…100 %) or an integer 0…65535, as a fraction 0…1.
    static func alpha(_ text: String) -> Double? {
        if text.hasSuffix("%") {
            guard let percent = Int(text.dropLast()), (0...100).contains(percent) else { return nil }
            return Double(percent) / 100
        }
        guard let value = Int(text), (0...65535).contains(value) else { return nil }
        return Double(value) / 65535
    }

    /// A placeholder metric: a decimal number of points, optionally followed by `pt`.
    /// Sign and range are checked by ``RunDelegate``.
    static func length(_ text: String) -> CGFloat? {
        var value = Substring(text.trimmingCharacters(in: .whitespaces))
        if value.hasSuffix("pt") {
            value = value.dropLast(2)
        }
        return decimal(value).map { CGFloat($0) }
    }

    /// Pango units per point (`PANGO_SCALE`).
    static let pangoScale: CGFloat = 1024

    /// A length as Pango's markup parser reads `rise` and `baseline_shift`: an integer in
    /// Pango units (1/1024 pt), or a decimal number of points followed by `pt`. In points.
    static func pangoLength(_ text: String) -> CGFloat? {
        if let units = Int(text) {
            return CGFloat(units) / pangoScale
        }
        guard text.hasSuffix("pt"), let points = decimal(text.dropLast(2)) else { return nil }
        return CGFloat(points)
    }

    /// `letter_spacing=`: an integer in Pango units (Pango's `span_parse_int`), in points.
    static func pangoUnits(_ text: String) -> CGFloat? {
        Int(text).map { CGFloat($0) / pangoScale }
    }

    /// A value of `baseline_shift=`.
    enum BaselineShift: Equatable {
        /// `none`: no change.
        case none
        /// `superscript` (+1) or `subscript` (-1): the font's OS/2 superscript or subscript
        /// offset.
        case script(Int)
        /// A length, in points.
        case points(CGFloat)
    }

    /// `baseline_shift=`: `none`, `superscript`, `subscript`, or a length as ``pangoLength(_:)``
    /// whose magnitude exceeds 1024 Pango units (1 pt) — Pango rejects smaller lengths, which
    /// it cannot tell from its enumeration values.
    static func baselineShift(_ text: String) -> BaselineShift? {
        switch text {
        case "none": return BaselineShift.none
        case "superscript": return .script(1)
        case "subscript": return .script(-1)
        default:
            guard let points = pangoLength(text), abs(points) > 1 else { return nil }
            return .points(points)
        }
    }

    /// `underline=`: Pango's `PangoUnderline` names `none` (nil), `single`, `double`, `low`,
    /// `error`, `single-line`, `double-line`, `error-line`, and the names of newer Pango
    /// documentation `dashed`, `dotted`, `wavy`. Galley has no low position and no wavy line:
    /// `low`, `error`, `error-line` and `wavy` give a single solid line (the renderer draws
    /// every underline at the font's `post` position). The outer nil means "not a value".
    static func underline(_ text: String) -> TextDecoration?? {
        switch text {
        case "none": return .some(nil)
        case "single", "single-line", "low", "error", "error-line", "wavy": return TextDecoration(style: .single)
        case "double", "double-line": return TextDecoration(style: .double)
        case "dashed": return TextDecoration(style: .single, pattern: .dash)
        case "dotted": return TextDecoration(style: .single, pattern: .dot)
        default: return nil
        }
    }

    /// `strikethrough=`: Pango's booleans (`true`/`yes`/`t`/`y` → a single line,
    /// `false`/`no`/`f`/`n` → none), or a style name as ``underline(_:)`` reads it. The outer
    /// nil means "not a value".
    static func strikethrough(_ text: String) -> TextDecoration?? {
        if let on = boolean(text) {
            return on ? TextDecoration.single : .some(nil)
        }
        return underline(text)
    }

    /// Pango's `span_parse_boolean`: `true`, `yes`, `t`, `y` or `false`, `no`, `f`, `n`.
    static func boolean(_ text: String) -> Bool? {
        switch text {
        case "true", "yes", "t", "y": true
        case "false", "no", "f", "n": false
        default: nil
        }
    }

    /// What an attribute's value should be, in Pango's words, for the attributes whose error
    /// message says so: the booleans `allow_breaks` and `insert_hyphens` (Pango: "should have
    /// one of 'true/yes/t/y' or 'false/no/f/n'"). `-` may replace `_` in the name.
    static func expectation(of attribute: String) -> String? {
        switch attribute.replacingOccurrences(of: "-", with: "_") {
        case "allow_breaks", "insert_hyphens": "should have one of 'true/yes/t/y' or 'false/no/f/n'"
        default: nil
        }
    }

    /// A plain decimal number (`12`, `-3`, `12.5`, `.5`); nil for anything else, including
    /// exponents, `inf`, `nan` and digits too many for a finite `Double`.
    static func decimal(_ text: Substring) -> Double? {
        var digits = text
        if digits.first == "-" || digits.first == "+" {
            digits = digits.dropFirst()
        }
        guard !digits.isEmpty, digits.contains(where: \.isASCIIDigit),
            digits.allSatisfy({ $0.isASCIIDigit || $0 == "." }),
            digits.filter({ $0 == "." }).count <= 1
        else {
            return nil
        }
        return Double(text).flatMap { $0.isFinite ? $0 : nil }
    }
}

extension Character {
    /// 0…9.
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
