// Unicode scripts (UAX #24) by ISO 15924 code, with the Script and Script_Extensions
// properties from ICU.

import CICU

/// A writing system, named by its ISO 15924 code ("Latn", "Arab", "Hani"). Besides real
/// scripts there are `common` ("Zyyy": punctuation, digits, symbols), `inherited`
/// ("Zinh": combining marks that take their base's script) and `unknown` ("Zzzz":
/// unassigned, private-use and surrogate code points). CoreText has no public script
/// type; HarfBuzz takes the code through `hb_script_from_string`.
public struct Script: Sendable, Hashable, CustomStringConvertible {
    /// The ISO 15924 code, e.g. "Latn".
    public let code: String
    /// ICU's UScriptCode; equal codes have equal values.
    package let icuCode: Int32

    /// The script with ICU code `icuCode` (its ISO 15924 code looked up once).
    package init(icuCode: Int32) {
        self.icuCode = icuCode
        if let name = galley_script_short_name(icuCode), name.pointee != 0 {
            code = String(cString: name)
        } else {
            code = "Zzzz"
        }
    }

    /// The script with an ISO 15924 code ("Latn") or Unicode script name ("Latin"),
    /// normalised to the ISO code; nil if ICU does not know the name.
    public init?(code: String) {
        let value = code.withCString { galley_script_from_name($0) }
        guard value >= 0 else { return nil }
        self = Script.table.script(value)
    }

    /// "Zyyy", characters used with many scripts.
    public static let common = Script(icuCode: Int32(GALLEY_SCRIPT_COMMON))
    /// "Zinh", combining marks that take the script of their base.
    public static let inherited = Script(icuCode: Int32(GALLEY_SCRIPT_INHERITED))
    /// "Zzzz", unassigned, private-use and surrogate code points.
    public static let unknown = Script(icuCode: Int32(GALLEY_SCRIPT_UNKNOWN))
    /// "Latn".
    public static let latin = Script(icuCode: Int32(GALLEY_SCRIPT_LATIN))
    /// "Hani", the CJK ideographs.
    public static let han = Script(icuCode: Int32(GALLEY_SCRIPT_HAN))

    /// The Script property of a code point.
    public static func of(_ scalar: Unicode.Scalar) -> Script {
        table.script(galley_script(scalar.value))
    }

    /// The Script_Extensions property of a code point: the scripts it is used with, or
    /// just its Script when it has no extensions (e.g. `[common]` for "!").
    public static func extensions(of scalar: Unicode.Scalar) -> [Script] {
        var codes = [Int32](repeating: 0, count: 32)
        var count = Int(galley_script_extensions(scalar.value, &codes, Int32(codes.count)))
        if count > codes.count {
            codes = [Int32](repeating: 0, count: count)
            count = Int(galley_script_extensions(scalar.value, &codes, Int32(codes.count)))
        }
        return codes.prefix(min(count, codes.count)).map { table.script($0) }
    }

    /// True for scripts written right to left (Arabic, Hebrew, Syriac …).
    public var isRightToLeft: Bool { galley_script_is_right_to_left(icuCode) != 0 }

    /// True for "Zyyy", "Zinh" and "Zzzz", which take their script from the text around them.
    public var isCommonOrInherited: Bool { Script.isReal(icuCode) == false }

    /// The ISO 15924 code.
    public var description: String { code }

    /// Scripts are equal when their codes are.
    public static func == (a: Script, b: Script) -> Bool { a.icuCode == b.icuCode }
    /// Hashes the script code.
    public func hash(into hasher: inout Hasher) { hasher.combine(icuCode) }

    /// Whether a UScriptCode names a real script (not Common, Inherited or Unknown).
    @inline(__always)
    package static func isReal(_ code: Int32) -> Bool {
        code > Int32(GALLEY_SCRIPT_INHERITED) && code != Int32(GALLEY_SCRIPT_UNKNOWN)
    }

    /// Every Script value, built once, so runs need no string work per character.
    package static let table = ScriptTable()
}

/// All `Script` values indexed by UScriptCode (immutable after creation).
package struct ScriptTable: Sendable {
    private let scripts: [Script]

    init() {
        let limit = max(Int(galley_script_code_limit()), Int(GALLEY_SCRIPT_UNKNOWN) + 1)
        scripts = (0..<limit).map { Script(icuCode: Int32($0)) }
    }

    /// The Script for a UScriptCode; `unknown` when out of range.
    package func script(_ code: Int32) -> Script {
        code >= 0 && Int(code) < scripts.count ? scripts[Int(code)] : scripts[Int(GALLEY_SCRIPT_UNKNOWN)]
    }
}
