// Color: an sRGB colour with alpha, the value of the foreground-colour attribute, with the
// hexadecimal and named forms that Pango markup accepts.

/// An RGBA colour in sRGB, each component in 0...1. Like a `CGColor` in the sRGB colour space
/// (what `kCTForegroundColorAttributeName` holds).
///
/// Components are clamped to 0...1 and a NaN component becomes 0, so a `Color` always holds
/// drawable values.
public struct Color: Sendable, Hashable, CustomStringConvertible {
    /// Red, 0...1.
    public var red: Double { didSet { red = Color.clamp(red) } }
    /// Green, 0...1.
    public var green: Double { didSet { green = Color.clamp(green) } }
    /// Blue, 0...1.
    public var blue: Double { didSet { blue = Color.clamp(blue) } }
    /// Alpha (opacity), 0 (transparent) ... 1 (opaque).
    public var alpha: Double { didSet { alpha = Color.clamp(alpha) } }

    /// A colour from sRGB components. Like `CGColor(srgbRed:green:blue:alpha:)`.
    /// Each component is clamped to 0...1; NaN becomes 0.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = Color.clamp(red)
        self.green = Color.clamp(green)
        self.blue = Color.clamp(blue)
        self.alpha = Color.clamp(alpha)
    }

    /// A colour from a hexadecimal specification, as Pango's `pango_color_parse_with_alpha`
    /// reads it: `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, `#rrrgggbbb`, `#rrrrggggbbbb` or
    /// `#rrrrggggbbbbaaaa` (case-insensitive; the `#` may be left out here). Shorter digit
    /// groups are widened as Pango does (`#f80` is `#ff8800`). Nil for anything else.
    public init?(hex: String) {
        var digits = Substring(hex)
        if digits.first == "#" { digits = digits.dropFirst() }
        let groupLength: Int
        let hasAlpha: Bool
        switch digits.count {
        case 3, 6, 9, 12: groupLength = digits.count / 3; hasAlpha = false
        case 4, 8, 16: groupLength = digits.count / 4; hasAlpha = true
        default: return nil
        }
        var values: [Double] = []
        var rest = digits
        for _ in 0..<(hasAlpha ? 4 : 3) {
            let group = rest.prefix(groupLength)
            rest = rest.dropFirst(groupLength)
            guard group.allSatisfy(\.isHexDigit), let value = UInt32(group, radix: 16) else {
                return nil
            }
            values.append(Color.widen(value, bits: groupLength * 4))
        }
        self.init(red: values[0], green: values[1], blue: values[2], alpha: hasAlpha ? values[3] : 1)
    }

    /// A colour from a name Pango accepts for `foreground=`: the CSS named colours (`orange`,
    /// `rebeccapurple`, `gray` = `#808080`, `green` = `#008000`, …) and the numbered X11
    /// variants (`gray50`, `SteelBlue3`, …), with "grey" for "gray" wherever X11 allows it,
    /// compared ignoring case and spaces, so `"Alice Blue"` is `aliceblue`; or a hexadecimal
    /// form starting with `#` (see ``init(hex:)``). Nil for an unknown name.
    ///
    /// Note that the names follow CSS while the static colours follow UIKit: `Color(name:
    /// "green")` is `#008000`, but ``green-type.property`` is `(0, 1, 0)` like `UIColor.green`.
    public init?(name: String) {
        if name.first == "#" {
            self.init(hex: name)
            return
        }
        guard let key = Color.grayName(name.lowercased().filter { $0 != " " }),
            !key.isEmpty, let rgb = Color.namedColors[key]
        else { return nil }
        self.init(
            red: Double((rgb >> 16) & 0xFF) / 255,
            green: Double((rgb >> 8) & 0xFF) / 255,
            blue: Double(rgb & 0xFF) / 255)
    }

    /// `#rrggbbaa` in lowercase, each component rounded to 8 bits.
    public var hexString: String {
        "#"
            + [red, green, blue, alpha].map { component in
                let byte = Int((component * 255).rounded())
                return (byte < 16 ? "0" : "") + String(byte, radix: 16)
            }.joined()
    }

    /// The ``hexString``.
    public var description: String { hexString }

    /// Opaque black (0, 0, 0). Like `UIColor.black`.
    public static let black = Color(red: 0, green: 0, blue: 0)
    /// Opaque white (1, 1, 1). Like `UIColor.white`.
    public static let white = Color(red: 1, green: 1, blue: 1)
    /// 50 % grey (0.5, 0.5, 0.5). Like `UIColor.gray`.
    public static let gray = Color(red: 0.5, green: 0.5, blue: 0.5)
    /// One-third grey. Like `UIColor.darkGray`.
    public static let darkGray = Color(red: 1.0 / 3, green: 1.0 / 3, blue: 1.0 / 3)
    /// Two-thirds grey. Like `UIColor.lightGray`.
    public static let lightGray = Color(red: 2.0 / 3, green: 2.0 / 3, blue: 2.0 / 3)
    /// Pure red (1, 0, 0). Like `UIColor.red`.
    public static let red = Color(red: 1, green: 0, blue: 0)
    /// Pure green (0, 1, 0). Like `UIColor.green` (CSS's `green` is darker: see ``init(name:)``).
    public static let green = Color(red: 0, green: 1, blue: 0)
    /// Pure blue (0, 0, 1). Like `UIColor.blue`.
    public static let blue = Color(red: 0, green: 0, blue: 1)
    /// Cyan (0, 1, 1). Like `UIColor.cyan`.
    public static let cyan = Color(red: 0, green: 1, blue: 1)
    /// Yellow (1, 1, 0). Like `UIColor.yellow`.
    public static let yellow = Color(red: 1, green: 1, blue: 0)
    /// Magenta (1, 0, 1). Like `UIColor.magenta`.
    public static let magenta = Color(red: 1, green: 0, blue: 1)
    /// Orange (1, 0.5, 0). Like `UIColor.orange`.
    public static let orange = Color(red: 1, green: 0.5, blue: 0)
    /// Purple (0.5, 0, 0.5). Like `UIColor.purple`.
    public static let purple = Color(red: 0.5, green: 0, blue: 0.5)
    /// Brown (0.6, 0.4, 0.2). Like `UIColor.brown`.
    public static let brown = Color(red: 0.6, green: 0.4, blue: 0.2)
    /// Fully transparent black. Like `UIColor.clear`.
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)

    /// A lowercase colour name with "grey" spelt "gray", as `namedColors` lists it: X11's rgb.txt
    /// gives every grey name both spellings with the same value (`grey50`, `DarkSlateGrey`,
    /// `lightgrey`, …) except the numbered slate greys, which it spells only "gray": nil for
    /// `slategrey1`…`slategrey4` and `darkslategrey1`…`darkslategrey4`, which Pango rejects.
    static func grayName(_ key: String) -> String? {
        guard key.contains("grey") else { return key }
        let gray = key.replacing("grey", with: "gray")
        if gray.dropLast().hasSuffix("slategray"), let last = gray.last, ("1"..."4").contains(last) { return nil }
        return gray
    }

    /// Clamps to 0...1; NaN becomes 0.
    private static func clamp(_ value: Double) -> Double {
        value.isNaN ? 0 : min(max(value, 0), 1)
    }

    /// Widens a `bits`-bit value to 16 bits by repeating its bits, as Pango does, then scales
    /// to 0...1 (exact for 4, 8 and 16 bits: `0xa` → 10/15, `0x80` → 128/255).
    private static func widen(_ value: UInt32, bits: Int) -> Double {
        var wide = value << (16 - bits)
        var filled = bits
        while filled < 16 {
            wide |= wide >> filled
            filled *= 2
        }
        return Double(wide & 0xFFFF) / 65535
    }
}
