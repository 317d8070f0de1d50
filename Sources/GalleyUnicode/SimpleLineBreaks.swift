// Line-break opportunities of plain Latin prose found from a table, without ICU's iterator:
// the UAX #14 pair rules for the few classes such text is made of, as ICU 72's line.txt applies
// them. Anything else (another class, a pair whose answer depends on more context) gives up, and
// the caller asks ICU. A test compares both on random strings of these characters.

/// The UAX #14 line-break opportunities of text made only of Latin letters (U+0041…U+024F's AL
/// letters), digits, spaces and ASCII punctuation of the classes IS, EX, QU, HY, OP, CP and SY
/// (plus the curly quotes U+2018, U+2019, U+201B…U+201D), found without ICU. The same
/// opportunities as ICU's line iterator for the root locale (and for languages without a line
/// tailoring), or nil when the text holds anything else.
///
/// The rules used, in UAX #14's order (each only for the classes above):
/// LB7 × SP; LB13 × (CP | EX | IS | SY); LB14 OP SP* ×; LB15 QU SP* × OP; LB18 SP ÷;
/// LB19 × QU, QU ×; LB21 × HY; LB23 (AL × NU, NU × AL); LB25 NU × NU, HY × NU;
/// LB28 AL × AL; LB29 IS × AL; LB30 (AL | NU) × OP, CP × (AL | NU); LB31 ÷ otherwise.
/// Pairs where ICU looks further than two classes (IS or SY before a digit, anything before
/// OP not covered above, a hyphen not directly after a letter or digit, which ICU's rule
/// `^$HY $CM* $ALPlus` may join to the word after it) give nil.
enum SimpleLineBreaks {
    // The classes, as indices into `pairs`; 0 is "not simple". One constant each (a tuple of
    // them was read through its lazy global's accessor at every use).
    private static let al: UInt8 = 1
    private static let nu: UInt8 = 2
    private static let sp: UInt8 = 3
    private static let infix: UInt8 = 4
    private static let ex: UInt8 = 5
    private static let qu: UInt8 = 6
    private static let hy: UInt8 = 7
    private static let op: UInt8 = 8
    private static let cp: UInt8 = 9
    private static let sy: UInt8 = 10

    /// Code units below this have their class in `table`.
    private static let tableEnd: UInt16 = 0x0250

    /// The class of each code unit below `tableEnd` (LineBreak.txt of Unicode 15.0).
    private static let table: [UInt8] = {
        var t = [UInt8](repeating: 0, count: Int(tableEnd))
        func set(_ units: ClosedRange<Int>, _ c: UInt8) { for u in units { t[u] = c } }
        set(0x41...0x5A, al)
        set(0x61...0x7A, al)
        for u in [0x23, 0x26, 0x2A, 0x3C, 0x3D, 0x3E, 0x40, 0x5E, 0x5F, 0x60, 0x7E] { t[u] = al }
        set(0x30...0x39, nu)
        t[0x20] = sp
        for u in [0x2C, 0x2E, 0x3A, 0x3B] { t[u] = infix }
        t[0x21] = ex
        t[0x3F] = ex
        t[0x22] = qu
        t[0x27] = qu
        t[0x2D] = hy
        t[0x28] = op
        t[0x5B] = op
        t[0x29] = cp
        t[0x5D] = cp
        t[0x2F] = sy
        set(0xC0...0xD6, al)
        set(0xD8...0xF6, al)
        set(0xF8...0x24F, al)
        return t
    }()

    /// What the pair (class before, class after) gives with no space between: 0 no break, 1 a
    /// break, 2 give up; at `before * 11 + after` (0 and SP unused).
    private static let pairs: [UInt8] = [
        // -, AL, NU, SP, IS, EX, QU, HY, OP, CP, SY (the class after)
        2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,  // (start of text)
        2, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0,  // AL
        2, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0,  // NU
        2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,  // SP
        2, 0, 2, 2, 0, 0, 0, 0, 2, 0, 0,  // IS
        2, 1, 2, 2, 0, 0, 0, 0, 2, 0, 0,  // EX
        2, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0,  // QU
        2, 1, 0, 2, 0, 0, 0, 0, 2, 0, 0,  // HY (after a letter or digit)
        2, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0,  // OP
        2, 0, 0, 2, 0, 0, 0, 0, 2, 0, 0,  // CP
        2, 1, 2, 2, 0, 0, 0, 0, 2, 0, 0,  // SY
    ]

    /// The class of `unit`, 0 when it is not one of the simple ones.
    @inline(__always)
    private static func lineClass(_ unit: UInt16, _ table: UnsafeBufferPointer<UInt8>) -> UInt8 {
        if unit < tableEnd { return table[Int(unit)] }
        switch unit {
        case 0x2018, 0x2019, 0x201B, 0x201C, 0x201D: return qu
        default: return 0
        }
    }

    /// The UAX #14 class name of `unit` when it is one of the simple ones ("AL", "NU", …), else
    /// nil (for tests, against LineBreak.txt).
    static func className(of unit: UInt16) -> String? {
        let c = table.withUnsafeBufferPointer { lineClass(unit, $0) }
        return c == 0 ? nil : ["AL", "NU", "SP", "IS", "EX", "QU", "HY", "OP", "CP", "SY"][Int(c) - 1]
    }

    /// Whether ICU's line rules for `locale` are the root ones for this text: no locale, or a
    /// language without a line tailoring in ICU 72 and no keywords (`@lb=…`, `-u-…`).
    static func applies(toLocale locale: String?) -> Bool {
        guard let locale, !locale.isEmpty else { return true }
        if locale.contains("@") || locale.contains("-u-") || locale.contains("_u_") { return false }
        let language = locale.prefix { $0 != "-" && $0 != "_" }.lowercased()
        return ["en", "de", "fr", "es", "it", "pt", "nl"].contains(language)
    }

    /// The opportunities in `range` of `buffer` (offsets in the whole buffer, the end of the
    /// range included, none mandatory), or nil when the text is not simple (see the type).
    static func opportunities(in buffer: UnsafeBufferPointer<UInt16>, range: Range<Int>) -> [LineBreakOpportunity]? {
        guard !range.isEmpty else { return [] }
        // The offsets go to a scratch buffer first, then into an array of the exact size (an
        // append per opportunity cost more than the scan).
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: range.count + 1) { offsets in
            let count = table.withUnsafeBufferPointer { table in
                pairs.withUnsafeBufferPointer { pairs in scan(buffer, range, table, pairs, into: offsets) }
            }
            guard count > 0 else { return nil }
            return [LineBreakOpportunity](unsafeUninitializedCapacity: count) { result, initialized in
                for k in 0..<count {
                    (result.baseAddress! + k).initialize(
                        to: LineBreakOpportunity(offset: offsets[k], isMandatory: false))
                }
                initialized = count
            }
        }
    }

    /// `opportunities(in:range:)` with the tables at hand: writes the offsets to `offsets` and
    /// returns how many, or 0 when the text is not simple.
    private static func scan(
        _ buffer: UnsafeBufferPointer<UInt16>, _ range: Range<Int>, _ table: UnsafeBufferPointer<UInt8>,
        _ pairs: UnsafeBufferPointer<UInt8>, into offsets: UnsafeMutableBufferPointer<Int>
    ) -> Int {
        var count = 0
        // The class of the last unit that is not a space (0 at the start), the one before it, and
        // whether spaces follow it.
        var previous: UInt8 = 0
        var beforePrevious: UInt8 = 0
        var spaces = false
        var i = range.lowerBound - 1
        while i + 1 < range.upperBound {
            i += 1
            let c = lineClass(buffer[i], table)
            if c == 0 { return 0 }
            if c == sp {
                // LB7.
                spaces = true
                continue
            }
            if previous == 0, !spaces {
                // LB2; a hyphen first may join the word after it (ICU).
                if c == hy { return 0 }
            } else if spaces {
                if c == hy { return 0 }
                if c == infix || c == ex || c == cp || c == sy {
                    // LB13 (an IS before a digit, which ICU breaks before, gives up below).
                } else if previous == op || (previous == qu && c == op) {
                    // LB14, LB15.
                } else {
                    // LB18.
                    offsets[count] = i
                    count += 1
                }
            } else {
                var rule = pairs[Int(previous) &* 11 &+ Int(c)]
                if previous == hy, beforePrevious != al, beforePrevious != nu, c == al { rule = 2 }
                if rule == 2 { return 0 }
                if rule == 1 {
                    offsets[count] = i
                    count += 1
                }
            }
            beforePrevious = spaces ? sp : previous
            previous = c
            spaces = false
            if c == al || c == nu {
                // A run of letters and digits never breaks inside (LB23, LB25, LB28): skipped in a
                // loop of its own.
                while i + 1 < range.upperBound {
                    let next = lineClass(buffer[i + 1], table)
                    guard next == al || next == nu else { break }
                    (beforePrevious, previous) = (previous, next)
                    i += 1
                }
            }
        }
        // LB3.
        offsets[count] = range.upperBound
        return count + 1
    }
}
