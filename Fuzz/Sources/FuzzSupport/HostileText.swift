// Hostile text: pieces of many scripts and the characters that trouble layout (combining marks,
// U+FFFC, bidi controls, line and paragraph separators, tabs), and random attributes and
// paragraph styles with hostile numbers, chosen by fuzz bytes.
import Foundation
import Galley

/// Builders of hostile attributed text for the harnesses.
public enum HostileText {
    /// Text pieces: mixed scripts, emoji with ZWJ and modifiers, combining marks, placeholders,
    /// bidi controls, separators. (A Swift `String` cannot hold a lone surrogate: the U+D800
    /// piece becomes U+FFFD on the way in, which is all the public API can be given.)
    public static let pieces: [String] = [
        "Hello", "world", " ", "  ", "office", "AVAWAY", "fi ffl", "x", "12.50", "-",
        "مرحبا بالعالم", "لا", "١٢٣", "שלום", "עִבְרִית", "नमस्ते", "क्षत्रि", "ภาษาไทยง่าย", "กำ",
        "中文字体", "日本語のテキスト", "、。", "한국어", "👨‍👩‍👧‍👦", "👍🏽", "🏳️‍🌈", "❤️", "🇫🇷",
        "e\u{301}", "b\u{308}\u{323}\u{308}", "a\u{300}\u{301}\u{302}\u{303}\u{304}", "\u{301}",
        "\u{FFFC}", "\u{FFFC}\u{FFFC}", "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}",
        "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}", "\u{200E}", "\u{200F}", "\u{061C}",
        "\r", "\n", "\r\n", "\u{2028}", "\u{2029}", "\u{85}", "\t", "\t\t", "\u{A0}", "\u{AD}",
        "\u{200B}", "\u{200D}", "\u{FEFF}", "\u{FFFD}", String(decoding: [0xD800], as: UTF16.self),
        "\u{10FFFF}", "\u{E000}", "\u{0}", "(", ")", "«", "»", "\"", "Aa Bb Cc Dd Ee Ff Gg",
        "supercalifragilisticexpialidocious", "hyphenation",
    ]

    /// Font families to choose from: bundled ones, one that does not exist.
    public static let families = [
        "DejaVu Sans", "DejaVu Serif", "DejaVu Sans Mono", "Noto Sans Arabic", "Inter", "Noto Color Emoji",
        "No Such Family",
    ]

    /// A string of up to `maxPieces` pieces (and sometimes raw scalars from the input).
    public static func string(_ input: inout FuzzInput, maxPieces: Int = 24) -> String {
        let count = input.int(in: 0...maxPieces)
        var result = ""
        for _ in 0..<count {
            let choice = input.byte()
            if choice < 200 {
                result += pieces[Int(choice) % pieces.count]
            } else if let scalar = Unicode.Scalar(UInt32(input.uint16()) | UInt32(input.byte() & 1) << 16) {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A font at a hostile size, or nil when Galley refuses the size or the family.
    public static func font(_ input: inout FuzzInput) -> Font? {
        let family = input.pick(families)
        let size = input.bool() ? CGFloat(input.int(in: 1...72)) : input.hostile()
        return try? Font(family: family, weight: input.bool() ? .bold : .regular, italic: input.bool(), size: size)
    }

    /// A paragraph style whose numbers are hostile.
    public static func paragraphStyle(_ input: inout FuzzInput) -> ParagraphStyle {
        var style = ParagraphStyle()
        style.alignment = input.pick(TextAlignment.allCases)
        style.lineBreakMode = input.pick(LineBreakMode.allCases)
        style.baseWritingDirection = input.pick([.natural, .leftToRight, .rightToLeft])
        let fields = input.int(in: 0...6)
        for _ in 0..<fields {
            switch input.int(in: 0...19) {
            case 0: style.firstLineHeadIndent = input.hostile()
            case 1: style.headIndent = input.hostile()
            case 2: style.tailIndent = input.hostile()
            case 3:
                style.tabStops = (0..<input.int(in: 0...4)).map { _ in
                    TextTab(alignment: input.pick(TabAlignment.allCases), location: input.hostile())
                }
            case 4: style.defaultTabInterval = input.hostile()
            case 5: style.lineHeightMultiple = input.hostile()
            case 6: style.minimumLineHeight = input.hostile()
            case 7: style.maximumLineHeight = input.hostile()
            case 8: style.lineSpacingAdjustment = input.hostile()
            case 9: style.minimumLineSpacing = input.hostile()
            case 10: style.maximumLineSpacing = input.hostile()
            case 11: style.paragraphSpacing = input.hostile()
            case 12: style.paragraphSpacingBefore = input.hostile()
            case 13:
                style.lineHeightMode = .strut(
                    ascent: input.hostile(), descent: input.hostile(), leading: input.hostile(), forced: input.bool())
            case 14: style.lineBreakStrategy = input.pick([.greedy, .optimal, .balanced, .pretty])
            case 15: style.hyphenationFactor = input.hostile()
            case 16: style.lineBreakStrictness = input.pick([.loose, .normal, .strict, .anywhere])
            case 17: style.wordBreak = input.pick([.normal, .keepAll])
            case 18: style.hangingPunctuation = HangingPunctuation(rawValue: input.int(in: 0...7))
            default:
                style.hyphenationLimits = HyphenationLimits(
                    minimumWordLength: input.int(in: -2...8), minimumBefore: input.int(in: -2...4),
                    minimumAfter: input.int(in: -2...4))
            }
        }
        return style
    }

    /// One attribute with hostile values (nil when the API refuses to make the value).
    public static func attribute(_ input: inout FuzzInput) -> Attribute? {
        switch input.int(in: 0...19) {
        case 0: return font(&input).map { .font($0) }
        case 1: return .foregroundColor(Color(red: 0.2, green: 0.3, blue: Double(input.byte()) / 255, alpha: 0.8))
        case 2: return .paragraphStyle(paragraphStyle(&input))
        case 3: return .kern(input.hostile())
        case 4:
            return .language(input.pick(["en", "de", "ar", "he", "hi", "th", "ja", "zh-Hant", "tr", "x-bogus", ""]))
        case 5:
            return (try? RunDelegate(width: input.hostile(), ascent: input.hostile(), descent: input.hostile()))
                .map { .runDelegate($0) }
        case 6:
            let embeddings = (0..<input.int(in: 0...3)).map { _ in
                BidiEmbedding(
                    input.pick([.leftToRight, .rightToLeft, .natural]), input.pick([.embedding, .override, .isolate]))
            }
            return .writingDirection(embeddings)
        case 7: return .tracking(input.hostile())
        case 8: return .ligatureLevel(input.int(in: -1...3))
        case 9:
            return .fontFeatures(
                [
                    (try? FontFeature(
                        input.pick(["liga", "smcp", "kern", "tnum", "zzzz", "calt"]), UInt32(input.byte())))
                ]
                .compactMap { $0 })
        case 10: return .baselineOffset(input.hostile())
        case 11: return .superscript(input.int(in: -12...12))
        case 12: return .obliqueness(input.hostile())
        case 13: return .underline(decoration(&input))
        case 14: return .strikethrough(decoration(&input))
        case 15: return .backgroundColor(Color(red: 1, green: 0.9, blue: Double(input.byte()) / 255))
        case 16: return .stroke(TextStroke(width: input.hostile(), color: input.bool() ? .red : nil))
        case 17:
            return .shadow(
                TextShadow(
                    offset: CGSize(width: input.hostile(), height: input.hostile()),
                    blurRadius: input.bool() ? CGFloat(input.int(in: 0...8)) : input.hostile()))
        case 18:
            return .fontVariations(
                [(try? FontVariation(input.pick(["wght", "wdth", "slnt", "opsz", "XXXX"]), input.hostile()))]
                    .compactMap { $0 })
        default: return .insertsHyphens(input.bool())
        }
    }

    /// An underline or strikethrough decoration.
    static func decoration(_ input: inout FuzzInput) -> TextDecoration {
        TextDecoration(
            style: input.pick([.single, .double, .thick]),
            pattern: input.pick([.solid, .dot, .dash, .dashDot, .dashDotDot]),
            color: input.bool() ? .blue : nil)
    }

    /// A range that may lie outside `0...length` (to check that the API throws for it).
    public static func range(_ input: inout FuzzInput, length: Int) -> Range<Int> {
        if input.byte() < 230 {
            let a = input.int(in: 0...max(0, length))
            let b = input.int(in: 0...max(0, length))
            return min(a, b)..<max(a, b)
        }
        let lower = input.pick([-1, -1000, Int.min / 2, length, length + 1, 0])
        let upper = lower + input.pick([0, 1, 2, 1000, length + 1, Int.max / 4])
        return lower..<upper
    }

    /// Whether `range` lies inside `0...length`.
    public static func isValid(_ range: Range<Int>, length: Int) -> Bool {
        range.lowerBound >= 0 && range.upperBound <= length
    }
}
