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
        /// Steps of 1.2 up (+1, `larger`) or down (-1, `smaller`) from the enclosing size.
        case relativeToEnclosing(Int)
        /// A factor applied to the base font's size (`small`, `x-large`, `150%`).
        case relativeToBase(CGFloat)
    }

    /// Pango's CSS scale step between neighbouring size keywords.
    static let scaleStep: CGFloat = 1.2

    /// `size=` as Pango 1.50 reads it: a length (an integer in Pango units, 1/1024 pt, or a
    /// number of points followed by `pt`) greater than 0; `xx-small` … `xx-large` (the base
    /// font's size × 1.2^level, `medium` being the base size) or a percentage of the base size;
    /// `smaller`, `larger` (one step of 1.2 from the enclosing size).
    static func size(_ text: String) -> Size? {
        let keywords: [String: Int] = [
            "xx-small": -3, "x-small": -2, "small": -1, "medium": 0, "large": 1, "x-large": 2, "xx-large": 3,
        ]
        if let units = pangoLengthUnits(text) {
            // Pango compares the Pango units with 0, so "0.0001pt" (0 units) is rejected too.
            return units > 0 ? .points(CGFloat(units) / pangoScale) : nil
        }
        switch text {
        case "smaller": return .relativeToEnclosing(-1)
        case "larger": return .relativeToEnclosing(1)
        default: break
        }
        if let level = keywords[text] {
            return .relativeToBase(pow(scaleStep, CGFloat(level)))
        }
        guard text.hasSuffix("%"), let (percent, rest) = strtod(text), rest == "%", percent > 0 else { return nil }
        return .relativeToBase(CGFloat(percent / 100))
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

    /// `alpha=` as Pango's `span_parse_alpha` reads it: an integer 1…65535, or a percentage
    /// 1…100 % (`"50%"`, which Pango turns into 50 × 65535 / 100 in whole units), as a fraction
    /// 0…1. Pango rejects 0 and 0 %.
    static func alpha(_ text: String) -> Double? {
        guard let (value, rest) = scanInt(text) else { return nil }
        if rest.isEmpty, (1...0xFFFF).contains(value) {
            return Double(value) / 0xFFFF
        }
        if rest == "%", (1...100).contains(value) {
            return Double(value * 0xFFFF / 100) / 0xFFFF
        }
        return nil
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

    /// A length as Pango's markup parser (`parse_length`) reads `size`, `rise` and
    /// `baseline_shift`: an integer in Pango units (1/1024 pt, within a C `int`), or a decimal
    /// number of points followed by `pt`, truncated to whole Pango units. In Pango units.
    static func pangoLengthUnits(_ text: String) -> Int? {
        if let (units, rest) = scanInt(text), rest.isEmpty {
            return units
        }
        guard let (points, rest) = strtod(text), rest == "pt" else { return nil }
        let units = (points * Double(pangoScale)).rounded(.towardZero)
        guard units.magnitude <= Double(Int32.max) else { return nil }
        return Int(units)
    }

    /// ``pangoLengthUnits(_:)`` in points.
    static func pangoLength(_ text: String) -> CGFloat? {
        pangoLengthUnits(text).map { CGFloat($0) / pangoScale }
    }

    /// `letter_spacing=`: an integer in Pango units within a C `int` (Pango's `span_parse_int`),
    /// in points.
    static func pangoUnits(_ text: String) -> CGFloat? {
        guard let (units, rest) = scanInt(text), rest.isEmpty else { return nil }
        return CGFloat(units) / pangoScale
    }

    /// Pango's `_pango_scan_int`: what `strtol` reads (leading white space, a sign and decimal
    /// digits), which must fit a C `int`. The value and the rest of the text; as `strtol`, text
    /// that does not start with a number gives 0 and the whole text. Nil when the number overflows.
    static func scanInt(_ text: String) -> (Int, Substring)? {
        var rest = Substring(text).drop { " \t\n\r\u{0B}\u{0C}".contains($0) }
        var sign = 1
        if let first = rest.first, first == "-" || first == "+" {
            sign = first == "-" ? -1 : 1
            rest = rest.dropFirst()
        }
        let digits = rest.prefix { $0.isASCIIDigit }
        guard !digits.isEmpty else { return (0, Substring(text)) }
        let trimmed = digits.drop { $0 == "0" }
        guard trimmed.count <= 10, let magnitude = Int(trimmed.isEmpty ? "0" : trimmed) else { return nil }
        let value = sign * magnitude
        guard value >= Int(Int32.min), value <= Int(Int32.max) else { return nil }
        return (value, rest.dropFirst(digits.count))
    }

    /// What GLib's `g_ascii_strtod` reads from the start of `text` (leading white space, a
    /// sign, digits with an optional fraction and exponent; no hexadecimal, `inf` or `nan`
    /// here) and the rest; as `g_ascii_strtod`, text that does not start with a number gives 0
    /// and the whole text. Nil when the number overflows (`ERANGE`).
    static func strtod(_ text: String) -> (Double, Substring)? {
        let chars = Array(text)
        var index = 0
        while index < chars.count, " \t\n\r\u{0B}\u{0C}".contains(chars[index]) { index += 1 }
        let start = index
        if index < chars.count, chars[index] == "-" || chars[index] == "+" { index += 1 }
        var digits = 0
        while index < chars.count, chars[index].isASCIIDigit { index += 1; digits += 1 }
        if index < chars.count, chars[index] == "." {
            index += 1
            while index < chars.count, chars[index].isASCIIDigit { index += 1; digits += 1 }
        }
        guard digits > 0 else { return (0, Substring(text)) }
        var end = index
        if index < chars.count, chars[index] == "e" || chars[index] == "E" {
            var exponent = index + 1
            if exponent < chars.count, chars[exponent] == "-" || chars[exponent] == "+" { exponent += 1 }
            if exponent < chars.count, chars[exponent].isASCIIDigit {
                while exponent < chars.count, chars[exponent].isASCIIDigit { exponent += 1 }
                end = exponent
            }
        }
        guard let value = Double(String(chars[start..<end])), value.isFinite else { return nil }
        return (value, Substring(String(chars[end...])))
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

    /// `baseline_shift=` as Pango reads it: first as its `PangoBaselineShift` enumeration, whose
    /// reader takes the nicks `none`, `superscript`, `subscript` or any integer (0 none, 1
    /// superscript, 2 subscript, any other a shift in Pango units); then as a length (see
    /// ``pangoLength(_:)``, e.g. `"5pt"`) of more than 1024 Pango units (1 pt) in magnitude.
    static func baselineShift(_ text: String) -> BaselineShift? {
        switch text {
        case "none": return BaselineShift.none
        case "superscript": return .script(1)
        case "subscript": return .script(-1)
        default: break
        }
        if let (value, rest) = scanInt(text), rest.isEmpty, text.contains(where: \.isASCIIDigit) {
            switch value {
            case 0: return BaselineShift.none
            case 1: return .script(1)
            case 2: return .script(-1)
            default: return .points(CGFloat(value) / pangoScale)
            }
        }
        guard let units = pangoLengthUnits(text), abs(units) > 1024 else { return nil }
        return .points(CGFloat(units) / pangoScale)
    }

    /// `lang=` as `pango_language_from_string` keeps it: lower case, `_` written `-`; an empty
    /// value is no language (the enclosing one ends).
    static func language(_ text: String) -> String {
        text.lowercased().replacingOccurrences(of: "_", with: "-")
    }

    /// `underline=`: Pango 1.50's `PangoUnderline` nicks `none` (nil), `single`, `double`, `low`
    /// (under the descenders), `error` (a wavy line) and `single-line`, `double-line`,
    /// `error-line` (Pango draws these on across the spaces between runs; Galley's underline
    /// already runs on across its runs, so they give `single`, `double`, `error`). The outer nil
    /// means "not a value".
    static func underline(_ text: String) -> TextDecoration?? {
        switch text {
        case "none": return .some(nil)
        case "single", "single-line": return TextDecoration(style: .single)
        case "double", "double-line": return TextDecoration(style: .double)
        case "low": return TextDecoration(style: .low)
        case "error", "error-line": return TextDecoration(style: .error)
        default: return nil
        }
    }

    /// `overline=`: Pango's `PangoOverline` nicks `none` (nil) and `single`. The outer nil means
    /// "not a value".
    static func overline(_ text: String) -> TextDecoration?? {
        switch text {
        case "none": .some(nil)
        case "single": TextDecoration(style: .single)
        default: nil
        }
    }

    /// A colour without alpha, as Pango reads `underline_color`, `overline_color` and
    /// `strikethrough_color` (`pango_color_parse_with_alpha` with no alpha to return): a name
    /// or `#rgb`, `#rrggbb`, `#rrrgggbbb`, `#rrrrggggbbbb`; the forms with alpha are rejected.
    static func opaqueColor(_ text: String) -> Color? {
        if text.hasPrefix("#"), [4, 8, 16].contains(text.count - 1) {
            return nil
        }
        return Color(name: text)
    }

    /// `font_scale=`: `none` (nil), `superscript`, `subscript`, `small-caps`. The outer nil
    /// means "not a value".
    static func fontScale(_ text: String) -> FontScale?? {
        if text == "none" {
            return .some(nil)
        }
        return FontScale.allCases.first { $0.pangoName == text }.map { .some($0) }
    }

    /// `variant=` as `pango_parse_variant` reads it (case and hyphens ignored): `normal` (nil),
    /// `small-caps`, `all-small-caps`, `petite-caps`, `all-petite-caps`, `unicase`,
    /// `title-caps`. The outer nil means "not a value".
    static func variant(_ text: String) -> FontVariant?? {
        let key = text.lowercased().filter { $0 != "-" }
        if key == "normal" {
            return .some(nil)
        }
        return PangoFontDescription.variantNames.first { $0.0.lowercased().filter { $0 != "-" } == key }
            .map { .some($0.1) }
    }

    /// `stretch=` as `pango_parse_stretch` reads it (case and hyphens ignored): `normal` or a
    /// stretch word, as a CSS width (100 normal, 75 condensed, …).
    static func stretch(_ text: String) -> Double? {
        let key = text.lowercased().filter { $0 != "-" }
        if key == "normal" { return 100 }
        return PangoFontDescription.stretchNames.first { $0.0.lowercased().filter { $0 != "-" } == key }?.1
    }

    /// `show=` as `pango_parse_flags` reads it: `none`, or flag names (`spaces`, `line-breaks`,
    /// `ignorables`) joined with `|`.
    static func show(_ text: String) -> ShowFlags? {
        var flags: ShowFlags = []
        for name in text.split(separator: "|", omittingEmptySubsequences: false) {
            switch name.trimmingCharacters(in: .whitespaces) {
            case "none": break
            case "spaces": flags.insert(.spaces)
            case "line-breaks": flags.insert(.lineBreaks)
            case "ignorables": flags.insert(.ignorables)
            default: return nil
            }
        }
        return flags
    }

    /// `text_transform=`: `none` (nil), `lowercase`, `uppercase`, `capitalize`. The outer nil
    /// means "not a value".
    static func textTransform(_ text: String) -> TextTransform?? {
        text == "none" ? .some(nil) : TextTransform(rawValue: text).map { .some($0) }
    }

    /// `line_height=` as Pango reads it (`g_ascii_strtod`, so text that is not a number is 0):
    /// a number above 1024 written without a point is a height in Pango units; any other number
    /// is a multiple of the font's height. Nil for a number out of range.
    static func lineHeight(_ text: String) -> LineHeight? {
        guard let (value, _) = strtod(text) else { return nil }
        if value > 1024, !text.contains(".") {
            return .points(CGFloat(value.rounded(.towardZero)) / pangoScale)
        }
        return .multiple(CGFloat(value))
    }

    /// Pango's `span_parse_boolean`: `true`, `yes`, `t`, `y` or `false`, `no`, `f`, `n`.
    static func boolean(_ text: String) -> Bool? {
        switch text {
        case "true", "yes", "t", "y": true
        case "false", "no", "f", "n": false
        default: nil
        }
    }

    /// What an attribute's value should be, in Pango's words (pango-markup.c's messages), for
    /// the attributes whose error message says so. `-` may replace `_` in the name.
    static func expectation(of attribute: String) -> String? {
        switch attribute.replacingOccurrences(of: "-", with: "_") {
        case "allow_breaks", "insert_hyphens", "strikethrough", "fallback":
            "should have one of 'true/yes/t/y' or 'false/no/f/n'"
        case "underline": "valid values are none/single/double/low/error/single-line/double-line/error-line"
        case "overline": "valid values are none/single"
        case "font_scale": "valid values are none/superscript/subscript/small-caps"
        case "gravity": "valid values are for example 'south', 'east', 'north', 'west'"
        case "gravity_hint": "valid values are natural/strong/line"
        case "show": "valid values are none/spaces/line-breaks/ignorables or combinations with |"
        case "text_transform": "valid values are none/lowercase/uppercase/capitalize"
        case "segment": "should be one of 'word' or 'sentence'"
        case "text_spacing_trim":
            "valid values are " + TextSpacingTrim.allCases.map(\.rawValue).joined(separator: "/")
        case "text_autospace": "valid values are " + TextAutospace.allCases.map(\.rawValue).joined(separator: "/")
        case "variant", "font_variant":
            "valid values are 'normal', 'small-caps', 'all-small-caps', 'petite-caps', 'all-petite-caps', 'unicase', 'title-caps'"
        case "stretch", "font_stretch": "valid values are for example 'condensed', 'ultraexpanded', 'normal'"
        case "style", "font_style": "valid values are 'normal', 'oblique', 'italic'"
        case "weight", "font_weight": "valid values are for example 'light', 'ultrabold' or a number"
        case "size", "font_size": "should be an integer, or a string such as 'small'"
        case "rise": "should be an integer, or a string such as '5.5pt'"
        case "baseline_shift": "should be 'superscript' or 'subscript' or an integer, or a string such as '5.5pt'"
        case "letter_spacing": "should be an integer"
        case "line_height": "should be a number"
        case "alpha", "fgalpha", "bgalpha", "background_alpha": "should be between 0 and 65536 or a percentage"
        case "foreground", "fgcolor", "color", "background", "bgcolor", "underline_color", "overline_color",
            "strikethrough_color":
            "should be a color specification"
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
