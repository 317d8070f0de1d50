// Short decimal text for numbers rounded to thousandths: the number format shared by the SVG
// writer's coordinates and the command-line tool's JSON.
import Foundation

/// Writes numbers as short decimals: rounded to the nearest 1/1000 (halves away from zero), no
/// trailing zeros and no trailing point, no exponent, and "0" rather than "-0".
/// Each caller chooses its own text for values that are not finite.
package enum DecimalText {
    /// `value` rounded to thousandths ("1.5", "-2.25", "0.007", "12"), or nil when it is not finite.
    package static func thousandths(_ value: Double) -> String? {
        guard value.isFinite else { return nil }
        let scaled = (value * 1000).rounded()
        // Below 10^15 thousandths the integer is exact and so are its digits.
        guard abs(scaled) < 1e15 else { return large(scaled / 1000) }
        let thousandths = Int64(scaled)
        let magnitude = thousandths.magnitude
        var text = thousandths < 0 ? "-" : ""
        text += String(magnitude / 1000)
        var fraction = Int(magnitude % 1000)
        if fraction != 0 {
            var digits = 3
            while fraction % 10 == 0 { fraction /= 10; digits -= 1 }
            let f = String(fraction)
            text += "." + String(repeating: "0", count: digits - f.count) + f
        }
        return text
    }

    /// A value of 10^12 or more, already rounded to thousandths as far as a Double can hold them:
    /// its nearest 3-decimal text with the zeros stripped.
    static func large(_ rounded: Double) -> String {
        var text = String(format: "%.3f", rounded)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
