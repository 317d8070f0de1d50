// MarkupParityNormalizer: the normalisations the markup parity test applies to Galley's and
// Pango's attribute segments before comparing them (documented on MarkupParityTests), and what a
// Pango error message names.

import Foundation

enum ParityNormalizer {
    typealias Segments = [(range: Range<Int>, values: [String: String])]

    /// Values that mean "no attribute": dropped on both sides.
    static let defaults: [String: Set<String>] = [
        "variant": ["normal"], "stretch": ["normal"], "underline": ["none"], "overline": ["none"],
        "strikethrough": ["false"], "rise": ["0"], "letter-spacing": ["0"], "foreground-alpha": ["65535"],
        "background-alpha": ["65535"], "font-scale": ["none"], "show": ["0"], "text-transform": ["none"],
        "foreground": ["#000000"], "baseline-shift": ["", "none"], "font-features": [""],
    ]

    /// Numeric names and their tolerance.
    static let tolerances: [String: Double] = [
        "size": 1.0 / 1024, "foreground-alpha": 1, "background-alpha": 1, "line-height": 1e-4,
        "rise": 0, "letter-spacing": 0, "absolute-line-height": 0, "weight": 0,
    ]

    /// Normalised and merged segments of one side.
    static func segments(_ segments: Segments, pango: Bool) -> Segments {
        var result: Segments = []
        for segment in segments {
            let values = normalize(segment.values, pango: pango)
            if let last = result.last, last.values == values, last.range.upperBound == segment.range.lowerBound {
                result[result.count - 1] = (last.range.lowerBound..<segment.range.upperBound, values)
            } else {
                result.append((segment.range, values))
            }
        }
        return result
    }

    static func normalize(_ input: [String: String], pango: Bool) -> [String: String] {
        var values = input.filter { !$0.key.hasPrefix("galley:") }
        if pango { foldBaselineShifts(&values) }
        if values["background"] == nil {
            values["background-alpha"] = nil  // an alpha without a colour paints nothing
        }
        for (name, value) in values {
            var normal = value
            switch name {
            case "foreground", "background", "underline-color", "strikethrough-color", "overline-color":
                normal = color(value)
            case "family", "language": normal = value.lowercased()
            case "font-features": normal = features(value)
            case "variations":
                normal = value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                    .joined(separator: ",")
            default: break
            }
            values[name] = defaults[name]?.contains(normal) == true ? nil : normal
        }
        return values
    }

    /// Pango's numeric baseline shifts (cumulative) added to its rise, in Pango units.
    static func foldBaselineShifts(_ values: inout [String: String]) {
        guard let shifts = values["baseline-shift"] else { return }
        var rise = Int(values["rise"] ?? "0") ?? 0
        var named: [String] = []
        for shift in shifts.split(separator: ",") {
            if let units = Int(shift) { rise += units } else { named.append(String(shift)) }
        }
        values["rise"] = String(rise)
        values["baseline-shift"] = named.joined(separator: ",")
    }

    /// `#rrggbb` from Pango's `#rrrrggggbbbb` or Galley's `#rrggbb`.
    static func color(_ text: String) -> String {
        let digits = text.dropFirst()
        guard digits.count == 12 else { return text.lowercased() }
        var result = "#"
        var rest = digits
        for _ in 0..<3 {
            let value = Double(UInt32(rest.prefix(4), radix: 16) ?? 0) / 257
            rest = rest.dropFirst(4)
            result += String(format: "%02x", Int(value.rounded()))
        }
        return result
    }

    /// `tag=value,…` from a CSS / Pango feature list.
    static func features(_ text: String) -> String {
        text.split(separator: ",").map { item in
            var feature = item.trimmingCharacters(in: .whitespaces)
            var value = "1"
            if feature.hasPrefix("-") {
                value = "0"
                feature.removeFirst()
            } else if feature.hasPrefix("+") {
                feature.removeFirst()
            }
            if let equals = feature.firstIndex(of: "=") {
                value = String(feature[feature.index(after: equals)...]).trimmingCharacters(in: .whitespaces)
                feature = String(feature[..<equals]).trimmingCharacters(in: .whitespaces)
            }
            return "\(feature)=\(value)"
        }.joined(separator: ",")
    }

    /// Whether two sides' segments agree (same ranges, same names, values equal or within tolerance).
    static func equal(_ a: Segments, _ b: Segments) -> Bool {
        guard a.count == b.count else { return false }
        return zip(a, b).allSatisfy { x, y in
            x.range == y.range && Set(x.values.keys) == Set(y.values.keys)
                && x.values.allSatisfy { name, value in same(name, value, y.values[name] ?? "") }
        }
    }

    static func same(_ name: String, _ a: String, _ b: String) -> Bool {
        if a == b { return true }
        guard let tolerance = tolerances[name], let x = Double(a), let y = Double(b) else { return false }
        return abs(x - y) <= tolerance + 1e-9
    }

    static func describe(_ segments: Segments) -> String {
        segments.map { segment in
            "\(segment.range.lowerBound)..<\(segment.range.upperBound) {"
                + segment.values.keys.sorted().map { "\($0)=\(segment.values[$0]!)" }.joined(separator: ", ") + "}"
        }.joined(separator: " ")
    }

    /// The attribute names, values, tags and elements a Pango (or GLib) error message quotes:
    /// `Value of 'X' attribute … not 'V'`, `… 'X' attribute … : 'V' is not valid`, `'V' is not a valid
    /// value for the 'X' attribute`, `Attribute 'X' …`, `Tag 'T' does not support attribute 'X'`,
    /// `Unknown tag 'T'`, and GLib's “…” quotes.
    static func namedInPangoMessage(_ message: String) -> [String] {
        let patterns = [
            "'([^']+)' attribute", "[Aa]ttribute '([^']+)'", "[Tt]ag '([^']+)'", "not '([^']*)'$",
            ": '([^']*)' is not valid", "^'([^']*)' is not a valid value", "“([^”]*)”",
        ]
        var named: [String] = []
        for pattern in patterns {
            guard let regex = try? NSRegularExpression(pattern: pattern) else { continue }
            let range = NSRange(message.startIndex..., in: message)
            for match in regex.matches(in: message, range: range) {
                if let captured = Range(match.range(at: 1), in: message) {
                    let text = String(message[captured])
                    if !named.contains(text) { named.append(text) }
                }
            }
        }
        return named
    }
}
