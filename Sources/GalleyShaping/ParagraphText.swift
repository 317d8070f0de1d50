// What the lines of a paragraph keep of it once they are built, computed once per paragraph:
// its grapheme cluster boundaries (carets, truncation), the class of each code unit that line
// edits and drawing ask about (spaces that hang, justify or split words; line separators;
// punctuation that may hang), and the shaper of its fonts (a truncation token is shaped with
// it). A line holds this instead of the text's code units and the typesetter's environment.
import Foundation
import GalleyText
import GalleyUnicode

/// What a code unit is to a line's edits and drawing. One byte per code unit of a paragraph.
package struct UnitClass: OptionSet, Sendable {
    package let rawValue: UInt8
    package init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Whitespace that hangs past the end of a line (``ParagraphAnalysis/hangsAtLineEnd(_:)``).
    package static let hangs = UnitClass(rawValue: 1)
    /// A space that stretches when a line is justified: SPACE, NO-BREAK SPACE, IDEOGRAPHIC SPACE.
    package static let justifiable = UnitClass(rawValue: 2)
    /// A White_Space character (PropList.txt; all in the BMP): where an underline by word stops.
    package static let whiteSpace = UnitClass(rawValue: 4)
    /// U+2028 LINE SEPARATOR, a forced line break inside a paragraph.
    package static let lineSeparator = UnitClass(rawValue: 8)
    /// Punctuation that may hang at a line's start: an opening bracket or quote (Ps, Pi, Pf) or
    /// an ASCII quote (CSS `hanging-punctuation: first`).
    package static let opening = UnitClass(rawValue: 16)
    /// Punctuation that may hang at a paragraph's end: a closing bracket or quote (Pe, Pi, Pf)
    /// or an ASCII quote (`last`).
    package static let closing = UnitClass(rawValue: 32)
    /// A stop or comma that may hang at any line's end (`allow-end`; CSS Text 3's list).
    package static let stop = UnitClass(rawValue: 64)
    /// A code unit of a Han ideograph (with 々 and 〇; both surrogates of a supplementary one):
    /// ruby never overhangs it (JLREQ §3.3.8; `RubySpacing.mayOverhang`).
    package static let kanji = UnitClass(rawValue: 128)

    /// Whether `unit` is (the high surrogate of) a Han ideograph in U+3040…U+FD3D, where the
    /// tables have no entry: CJK Unified Ideographs and Extension A, compatibility ideographs,
    /// and planes 2 and 3 (high surrogates U+D840…U+D8BF).
    @inline(__always)
    package static func isKanjiUnit(_ unit: UInt16) -> Bool {
        (0x4E00...0x9FFF).contains(unit) || (0x3400...0x4DBF).contains(unit) || (0xF900...0xFAFF).contains(unit)
            || (0xD840...0xD8BF).contains(unit)
    }

    /// The class of `unit`, looked up: nothing from U+3040 to U+FD3D has a class but `kanji` (no
    /// White_Space character lies there, nor any Ps, Pe, Pi or Pf character or stop of the
    /// BMP), and the rest comes from two tables made once (`computed`). (A low surrogate is
    /// `kanji` only in a paragraph's classes, which see the high surrogate before it.)
    @inline(__always)
    package init(_ unit: UInt16) {
        if unit < UnitClass.lowEnd {
            self = UnitClass.low[Int(unit)]
        } else if unit < UnitClass.highStart {
            self = UnitClass.isKanjiUnit(unit) ? .kanji : []
        } else {
            self = UnitClass.high[Int(unit - UnitClass.highStart)]
        }
    }

    /// Below this, classes come from `low`.
    package static let lowEnd: UInt16 = 0x3040
    /// From this on, classes come from `high`.
    package static let highStart: UInt16 = 0xFD3E
    /// The classes of U+0000…U+303F.
    package static let low: [UnitClass] = table(0...(lowEnd - 1))
    /// The classes of U+FD3E…U+FFFF.
    package static let high: [UnitClass] = table(highStart...0xFFFF)

    /// The classes of `units`, from the definitions below: the punctuation bits are marked from
    /// the lists of code points of each general category, so making the tables at start-up looks
    /// up no character property (a general-category lookup per unit cost about 3 ms per process).
    private static func table(_ units: ClosedRange<UInt16>) -> [UnitClass] {
        var classes = units.map(computed)
        func mark(_ list: [UInt16], _ bit: UnitClass) {
            for unit in list where units.contains(unit) { classes[Int(unit - units.lowerBound)].insert(bit) }
        }
        mark(openPunctuation, .opening)
        mark(closePunctuation, .closing)
        mark(quotationMarks, [.opening, .closing])
        return classes
    }

    /// The class of `unit` but for its general category (``table(_:)`` adds that).
    private static func computed(_ unit: UInt16) -> UnitClass {
        var c: UInt8
        switch unit {
        case 0x20, 0x3000: c = 1 | 2 | 4
        case 0xA0: c = 2 | 4
        case 0x2007, 0x202F: c = 4
        case 0x2028: c = 1 | 4 | 8
        default: c = ParagraphAnalysis.hangsAtLineEnd(unit) ? 1 | 4 : 0
        }
        if unit == 0x22 || unit == 0x27 { c |= 16 | 32 }  // ASCII quotes open and close
        if isStop(unit) { c |= 64 }
        if unit == 0x3005 || unit == 0x3007 { c |= 128 }
        return UnitClass(rawValue: c)
    }

    /// The code points of general category Ps (open punctuation) below U+3040 and from U+FD3E on
    /// (the Unicode Character Database as Swift's `Unicode.Scalar.Properties` reports it;
    /// `ParagraphTextTests.unitClassesAgreeWithTheirDefinitions` checks every code unit).
    private static let openPunctuation: [UInt16] = [
        0x28, 0x5B, 0x7B, 0xF3A, 0xF3C, 0x169B, 0x201A, 0x201E, 0x2045, 0x207D, 0x208D, 0x2308, 0x230A, 0x2329,
        0x2768, 0x276A, 0x276C, 0x276E, 0x2770, 0x2772, 0x2774, 0x27C5, 0x27E6, 0x27E8, 0x27EA, 0x27EC, 0x27EE,
        0x2983, 0x2985, 0x2987, 0x2989, 0x298B, 0x298D, 0x298F, 0x2991, 0x2993, 0x2995, 0x2997, 0x29D8, 0x29DA,
        0x29FC, 0x2E22, 0x2E24, 0x2E26, 0x2E28, 0x2E42, 0x2E55, 0x2E57, 0x2E59, 0x2E5B, 0x3008, 0x300A, 0x300C,
        0x300E, 0x3010, 0x3014, 0x3016, 0x3018, 0x301A, 0x301D, 0xFD3F, 0xFE17, 0xFE35, 0xFE37, 0xFE39, 0xFE3B,
        0xFE3D, 0xFE3F, 0xFE41, 0xFE43, 0xFE47, 0xFE59, 0xFE5B, 0xFE5D, 0xFF08, 0xFF3B, 0xFF5B, 0xFF5F, 0xFF62,
    ]
    /// The code points of general category Pe (close punctuation) in the same ranges.
    private static let closePunctuation: [UInt16] = [
        0x29, 0x5D, 0x7D, 0xF3B, 0xF3D, 0x169C, 0x2046, 0x207E, 0x208E, 0x2309, 0x230B, 0x232A, 0x2769, 0x276B,
        0x276D, 0x276F, 0x2771, 0x2773, 0x2775, 0x27C6, 0x27E7, 0x27E9, 0x27EB, 0x27ED, 0x27EF, 0x2984, 0x2986,
        0x2988, 0x298A, 0x298C, 0x298E, 0x2990, 0x2992, 0x2994, 0x2996, 0x2998, 0x29D9, 0x29DB, 0x29FD, 0x2E23,
        0x2E25, 0x2E27, 0x2E29, 0x2E56, 0x2E58, 0x2E5A, 0x2E5C, 0x3009, 0x300B, 0x300D, 0x300F, 0x3011, 0x3015,
        0x3017, 0x3019, 0x301B, 0x301E, 0x301F, 0xFD3E, 0xFE18, 0xFE36, 0xFE38, 0xFE3A, 0xFE3C, 0xFE3E, 0xFE40,
        0xFE42, 0xFE44, 0xFE48, 0xFE5A, 0xFE5C, 0xFE5E, 0xFF09, 0xFF3D, 0xFF5D, 0xFF60, 0xFF63,
    ]
    /// The code points of general categories Pi and Pf (initial and final quotation marks, either
    /// of which may open or close) in the same ranges.
    private static let quotationMarks: [UInt16] = [
        0xAB, 0xBB, 0x2018, 0x2019, 0x201B, 0x201C, 0x201D, 0x201F, 0x2039, 0x203A, 0x2E02, 0x2E03, 0x2E04, 0x2E05,
        0x2E09, 0x2E0A, 0x2E0C, 0x2E0D, 0x2E1C, 0x2E1D, 0x2E20, 0x2E21,
    ]

    /// Opening brackets and quotes (general categories Ps, Pi, Pf) and the ASCII quotes.
    package static func isOpening(_ unit: UInt16) -> Bool { isQuoteOr(.openPunctuation, unit) }

    /// Closing brackets and quotes (Pe, Pi, Pf) and the ASCII quotes.
    package static func isClosing(_ unit: UInt16) -> Bool { isQuoteOr(.closePunctuation, unit) }

    /// Whether `unit` is an ASCII quote, a quotation mark (Pi, Pf: either may open or close,
    /// depending on the language) or of the bracket category `bracket`.
    private static func isQuoteOr(_ bracket: Unicode.GeneralCategory, _ unit: UInt16) -> Bool {
        if unit == 0x22 || unit == 0x27 { return true }
        guard let category = Unicode.Scalar(unit)?.properties.generalCategory else { return false }
        return category == bracket || category == .initialPunctuation || category == .finalPunctuation
    }

    /// The stops and commas that may hang at the end of any line (CSS Text 3's list: comma,
    /// full stop, Arabic comma and full stop, ideographic comma and full stop, their fullwidth,
    /// halfwidth and small forms).
    package static func isStop(_ unit: UInt16) -> Bool {
        switch unit {
        case 0x2C, 0x2E, 0x060C, 0x06D4, 0x3001, 0x3002, 0xFF0C, 0xFF0E, 0xFE50, 0xFE51, 0xFE52, 0xFF61, 0xFF64:
            return true
        default:
            return false
        }
    }
}

/// A paragraph's facts for its lines (see the file comment). Immutable; shared by the
/// paragraph's analysis and all its lines; a line moved by an edit before it shares the same
/// arrays with an offset.
package final class ParagraphText: Sendable {
    /// Grapheme cluster boundaries of the content, both ends included, at the paragraph's
    /// offsets before `delta`.
    package let graphemes: [Int]
    /// The class of each code unit of the content.
    package let classes: [UnitClass]
    /// Where the content starts (before `delta`).
    private let contentStart: Int
    /// What to add to every offset above: how far the paragraph moved since it was analysed.
    private let delta: Int
    /// The shaper of the paragraph's fonts (a truncation token of its lines is shaped with it).
    package let shaper: TextShaper

    /// The facts of a paragraph whose content starts at `contentStart`.
    package init(graphemes: [Int], classes: [UnitClass], contentStart: Int, shaper: TextShaper, delta: Int = 0) {
        self.graphemes = graphemes
        self.classes = classes
        self.contentStart = contentStart
        self.shaper = shaper
        self.delta = delta
    }

    /// The facts of `content` of `units`, computed from them (for a line that is not a
    /// paragraph of a typesetter's: `Line(_:)`'s whole text).
    package convenience init(units: [UInt16], content: Range<Int>, shaper: TextShaper) {
        var classes = (0..<content.count).map { UnitClass(units[content.lowerBound + $0]) }
        for k in classes.indices.dropFirst() where classes[k - 1].contains(.kanji) {
            let unit = units[content.lowerBound + k]
            if unit & 0xFC00 == 0xDC00, units[content.lowerBound + k - 1] & 0xFC00 == 0xD800 { classes[k] = .kanji }
        }
        self.init(
            graphemes: GraphemeClusters.boundaries(in: units, range: content), classes: classes,
            contentStart: content.lowerBound, shaper: shaper)
    }

    /// The same facts for the paragraph moved by `by` code units.
    package func shifted(by d: Int) -> ParagraphText {
        d == 0
            ? self
            : ParagraphText(
                graphemes: graphemes, classes: classes, contentStart: contentStart, shaper: shaper, delta: delta + d)
    }

    /// The same facts for the paragraph moved by `d` code units, whose boundaries are now
    /// `moved` (this paragraph's, each moved by `d`: an analysis moved by an edit keeps its own).
    package func rebased(graphemes moved: [Int], by d: Int) -> ParagraphText {
        ParagraphText(
            graphemes: moved, classes: classes, contentStart: contentStart + delta + d, shaper: shaper, delta: 0)
    }

    /// The text offset of `classes[0]` (the content's start, moved): `classes[i - classesStart]`
    /// is the class of the code unit at `i`, for a caller in another module that reads many.
    package var classesStart: Int { delta + contentStart }

    /// The class of the code unit at `index` (none outside the content).
    @inline(__always)
    package func unitClass(at index: Int) -> UnitClass {
        let k = index - delta - contentStart
        return k >= 0 && k < classes.count ? classes[k] : []
    }

    /// Whether ruby may overhang the character at `index`: inside the content and not a Han
    /// ideograph (JLREQ §3.3.8: kana and punctuation yes, kanji no).
    package func mayBeOverhung(at index: Int) -> Bool {
        let k = index - delta - contentStart
        return k >= 0 && k < classes.count && !classes[k].contains(.kanji)
    }

    /// The grapheme cluster boundaries inside `range`, ascending, both ends of `range` included
    /// (an empty range gives just its bound): the paragraph's boundaries, not recomputed.
    package func boundaries(in range: Range<Int>) -> [Int] {
        GraphemeClusters.boundaries(in: range, of: graphemes, delta: delta)
    }
}
