// FontFeature: one OpenType feature setting (tag and value) for the font-features attribute,
// with the CSS/HarfBuzz string syntax ("smcp", "-liga", "ss01=2").

import Foundation

/// One OpenType feature setting, like an entry of `kCTFontFeatureSettingsAttribute`
/// (`kCTFontOpenTypeFeatureTag` + `kCTFontOpenTypeFeatureValue`) or a HarfBuzz `hb_feature_t`
/// without a range (the attribute's range says where it applies).
public struct FontFeature: Sendable, Hashable, CustomStringConvertible {
    /// The feature tag: exactly 4 printable ASCII characters, spaces only at the end, e.g.
    /// `"smcp"`, `"tnum"`, `"ss01"`.
    public let tag: String
    /// 0 turns the feature off, 1 on; larger values pick an alternate (e.g. for `aalt`,
    /// `salt`, `cvXX`).
    public let value: UInt32

    /// A feature setting. Like a `kCTFontFeatureSettingsAttribute` dictionary entry.
    /// - Throws: ``AttributedTextError/invalidValue(_:)`` when `tag` is not a valid
    ///   OpenType tag (4 printable ASCII characters, spaces only at the end).
    public init(_ tag: String, _ value: UInt32 = 1) throws(AttributedTextError) {
        if let reason = OpenTypeTag.invalidReason(tag, kind: "feature") {
            throw .invalidValue(reason)
        }
        self.tag = tag
        self.value = value
    }

    /// Reads one feature setting in the syntax of `hb_feature_from_string` and CSS
    /// `font-feature-settings`, without ranges:
    /// - `smcp` or `+smcp`: on (1); `-liga`: off (0);
    /// - `ss01=2`, `liga=0`: the value (a decimal `UInt32`, or `on`/`off`);
    /// - `ss01 2`: white space may stand for `=`, as HarfBuzz allows;
    /// - CSS form: the tag in single or double quotes: `"ss01" 2`, `'liga' off`.
    ///
    /// Surrounding white space is ignored. Nil for anything else, e.g. a tag of the wrong
    /// length (`"toolong"`, `"ab"`), a sign together with a value (`"-liga=1"`), or a value
    /// that is not a number (`"smcp=y"`). HarfBuzz's `[start:end]` ranges are not accepted.
    public init?(parsing text: String) {
        var rest = Substring(text.trimmingCharacters(in: .whitespacesAndNewlines))
        var value: UInt32?
        if rest.first == "+" {
            rest = rest.dropFirst()
            value = 1
        } else if rest.first == "-" {
            rest = rest.dropFirst()
            value = 0
        }
        let tag: Substring
        if let quote = rest.first, quote == "\"" || quote == "'" {
            guard let close = rest.dropFirst().firstIndex(of: quote) else { return nil }
            tag = rest[rest.index(after: rest.startIndex)..<close]
            rest = rest[rest.index(after: close)...]
        } else {
            let end = rest.firstIndex(where: { $0 == "=" || $0 == " " || $0 == "\t" }) ?? rest.endIndex
            tag = rest[..<end]
            rest = rest[end...]
        }
        rest = Substring(String(rest).trimmingCharacters(in: .whitespacesAndNewlines))
        if !rest.isEmpty {
            // An explicit value: "=value", or white space then the value (as HarfBuzz and
            // CSS allow). A sign already gave the value.
            guard value == nil else { return nil }
            if rest.first == "=" {
                rest = Substring(String(rest.dropFirst()).trimmingCharacters(in: .whitespacesAndNewlines))
            }
            switch rest {
            case "on": value = 1
            case "off": value = 0
            default:
                guard !rest.isEmpty, rest.allSatisfy({ ("0"..."9").contains($0) }),
                    let number = UInt32(rest)
                else { return nil }
                value = number
            }
        }
        guard let feature = try? FontFeature(String(tag), value ?? 1) else { return nil }
        self = feature
    }

    /// Reads a comma-separated list such as `"smcp, tnum=1, -liga"` (Pango's `font_features`
    /// and CSS `font-feature-settings`), each entry as ``init(parsing:)``. Nil if any entry is
    /// invalid; empty entries (`"smcp,"`) are skipped.
    public static func parseList(_ text: String) -> [FontFeature]? {
        var features: [FontFeature] = []
        for entry in text.split(separator: ",", omittingEmptySubsequences: false) {
            if entry.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                continue
            }
            guard let feature = FontFeature(parsing: String(entry)) else { return nil }
            features.append(feature)
        }
        return features
    }

    /// `tag=value`, e.g. `"smcp=1"` (the form ``init(parsing:)`` reads back).
    public var description: String { "\(tag)=\(value)" }
}
