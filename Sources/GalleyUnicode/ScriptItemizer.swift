// Splitting text into runs of one script (UAX #24 script runs with the usual heuristics
// for Common and Inherited characters and paired brackets), for shaping.

import CICU

/// A range of text in one script. Like the script items HarfBuzz/Pango shape separately.
public struct ScriptRun: Sendable, Hashable {
    /// UTF-16 range in the whole buffer.
    public let range: Range<Int>
    /// The run's script: a real script, or `Script.common` when the whole range is
    /// Common, Inherited or Unknown.
    public let script: Script

    /// Creates a run.
    public init(range: Range<Int>, script: Script) {
        self.range = range
        self.script = script
    }
}

/// Splits text into script runs, the way ICU's `scrun`, Pango and HarfBuzz clients do
/// (CoreText does this internally when it creates a typesetter):
///
/// - Common ("Zyyy"), Inherited ("Zinh") and Unknown ("Zzzz") characters join the run
///   before them, or the first real script after them at the start of the range, so
///   combining marks always stay with their base.
/// - A character whose Script_Extensions include the current run's script stays in the
///   run (e.g. U+30FC KATAKANA-HIRAGANA PROLONGED SOUND MARK in a Hiragana run).
/// - A closing paired bracket (Bidi_Paired_Bracket_Type, BidiBrackets.txt) takes the
///   script of the run its opening bracket was in, so in "مرحبا (abc)" the ")" is
///   Arabic like the "(". U+2329/U+232A and U+3008/U+3009 match each other (canonical
///   equivalents). Up to 64 open brackets are remembered; older ones are forgotten.
public enum ScriptItemizer {
    /// Script runs covering `range` of `text` (clamped to the buffer), in order, without
    /// gaps. Never `Zyyy`/`Zinh`/`Zzzz` unless the whole range is Common, Inherited or
    /// Unknown: then one run with `Script.common` (shapers map it to their default).
    /// An empty range gives no runs. An unpaired surrogate counts as U+FFFD (Common), as
    /// `UTF16Decoder` decodes it.
    public static func runs(in text: [UInt16], range: Range<Int>) -> [ScriptRun] {
        let r = UTF16Range.clamp(range, count: text.count)
        guard !r.isEmpty else { return [] }
        let unresolved = Int32(GALLEY_SCRIPT_COMMON)
        let latin = Int32(GALLEY_SCRIPT_LATIN)
        let han = Int32(GALLEY_SCRIPT_HAN)
        var runs: [ScriptRun] = []
        var runStart = r.lowerBound
        var current = unresolved
        var brackets = BracketStack()

        text.withUnsafeBufferPointer { buffer in
            var i = r.lowerBound
            while i < r.upperBound {
                if current == latin {
                    // Inside a Latin run, ASCII other than brackets changes nothing: letters are
                    // Latin, the rest Common. Skip it in a tight loop.
                    while i < r.upperBound {
                        let unit = buffer[i]
                        guard unit < 0x80, unit != 0x28, unit != 0x29, unit != 0x5B, unit != 0x5D, unit != 0x7B,
                            unit != 0x7D
                        else { break }
                        i += 1
                    }
                    if i == r.upperBound { break }
                }
                let (cp, length) = UTF16Decoder.codePoint(in: buffer, at: i, end: r.upperBound)
                let script: Int32
                var bracket: Int32 = 0
                var pair: UInt32 = 0
                if cp < 0x80 {
                    // ASCII: letters are Latin, everything else Common; brackets ()[]{}.
                    let isLetter = (cp | 0x20) >= 0x61 && (cp | 0x20) <= 0x7A
                    script = isLetter ? latin : unresolved
                    switch cp {
                    case 0x28: bracket = 1; pair = 0x29
                    case 0x5B: bracket = 1; pair = 0x5D
                    case 0x7B: bracket = 1; pair = 0x7D
                    case 0x29, 0x5D, 0x7D: bracket = 2
                    default: break
                    }
                } else if cp >= 0x4E00 && cp <= 0x9FFF {
                    // CJK Unified Ideographs: every code point is Han (Scripts.txt), none a bracket.
                    script = han
                } else {
                    script = galley_script(cp)
                    if !Script.isReal(script) { bracket = galley_paired_bracket(cp, &pair) }
                }

                if Script.isReal(script) {
                    if current == unresolved {
                        current = script
                        brackets.resolve(to: script)
                    } else if script != current && galley_script_has(cp, current) == 0 {
                        runs.append(ScriptRun(range: runStart..<i, script: Script.table.script(current)))
                        runStart = i
                        current = script
                    }
                } else if bracket == 1 {
                    brackets.push(closing: BracketStack.canonical(pair), script: current)
                } else if bracket == 2, let opening = brackets.popMatching(closing: BracketStack.canonical(cp)) {
                    if opening != unresolved && current != unresolved && opening != current {
                        runs.append(ScriptRun(range: runStart..<i, script: Script.table.script(current)))
                        runStart = i
                        current = opening
                    }
                }
                i += length
            }
        }
        runs.append(ScriptRun(range: runStart..<r.upperBound, script: Script.table.script(current)))
        return runs
    }
}

/// The open brackets seen so far, each with the script of the run it was in
/// (Common while that run's script was not known yet). At most `capacity` entries; the
/// storage is allocated only once a bracket opens.
struct BracketStack {
    private var entries: [(closing: UInt32, script: Int32)] = []
    static let capacity = 64

    /// Canonical equivalents among brackets: U+2329 ≡ U+3008, U+232A ≡ U+3009.
    static func canonical(_ cp: UInt32) -> UInt32 {
        switch cp {
        case 0x2329: 0x3008
        case 0x232A: 0x3009
        default: cp
        }
    }

    mutating func push(closing: UInt32, script: Int32) {
        if entries.count == Self.capacity { entries.removeFirst() }
        if entries.capacity == 0 { entries.reserveCapacity(8) }
        entries.append((closing, script))
    }

    /// Gives open brackets pushed before any real script the script just found.
    mutating func resolve(to script: Int32) {
        for k in entries.indices where !Script.isReal(entries[k].script) { entries[k].script = script }
    }

    /// Finds the innermost open bracket that `closing` closes, drops it and everything
    /// opened after it, and returns its script; nil (and no change) if none matches.
    mutating func popMatching(closing: UInt32) -> Int32? {
        guard let k = entries.lastIndex(where: { $0.closing == closing }) else { return nil }
        let script = entries[k].script
        entries.removeSubrange(k...)
        return script
    }
}
