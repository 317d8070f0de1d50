// Script and Script_Extensions lookups and ScriptItemizer runs, checked against the UCD
// files Scripts.txt, ScriptExtensions.txt and BidiBrackets.txt.

import Testing

@testable import GalleyUnicode

@Suite struct ScriptTests {
    /// Every code point's Script equals Scripts.txt (unlisted ones are Unknown, "Zzzz").
    @Test func scriptPropertyMatchesScriptsTxt() throws {
        let table = try UnicodeDataFiles.scriptTable()
        var mismatches: [String] = []
        for cp in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(cp) else { continue }  // surrogates
            let code = Script.of(scalar).code
            if code != table[Int(cp)] {
                mismatches.append("U+\(String(cp, radix: 16)): \(code) want \(table[Int(cp)])")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
    }

    /// The itemizer takes every code point of CJK Unified Ideographs (U+4E00–U+9FFF) as Han
    /// without asking ICU: Scripts.txt must say Han for each, and a run of them is one Han run.
    @Test func unifiedIdeographsAreAllHan() throws {
        let table = try UnicodeDataFiles.scriptTable()
        let offenders = (UInt32(0x4E00)...0x9FFF).filter { table[Int($0)] != "Hani" }
        #expect(offenders.isEmpty, "\(offenders.prefix(10).map { String($0, radix: 16) })")
        let text = Array("一丁\u{9FFF}龥".utf16)
        #expect(ScriptItemizer.runs(in: text, range: 0..<text.count) == [ScriptRun(range: 0..<4, script: .han)])
    }

    /// Script_Extensions equal ScriptExtensions.txt where listed ("Hira Kana" → both),
    /// and are just the Script elsewhere.
    @Test func scriptExtensionsMatchFile() throws {
        var expected: [UInt32: Set<String>] = [:]
        for (range, value) in try UnicodeDataFiles.ranges("ScriptExtensions.txt") {
            let codes = Set(value.split(separator: " ").map(String.init))
            for cp in range { expected[cp] = codes }
        }
        #expect(expected.count > 500)
        for (cp, codes) in expected {
            let actual = Set(Script.extensions(of: Unicode.Scalar(cp)!).map(\.code))
            #expect(actual == codes, "U+\(String(cp, radix: 16))")
        }
        // U+0041 is not listed: its extensions are its Script.
        #expect(Script.extensions(of: "A") == [Script.latin])
    }

    @Test func namedScripts() {
        #expect(Script.common.code == "Zyyy")
        #expect(Script.inherited.code == "Zinh")
        #expect(Script.unknown.code == "Zzzz")
        #expect(Script(code: "Arab")?.code == "Arab")
        #expect(Script(code: "Arabic")?.code == "Arab")  // long name, PropertyValueAliases.txt
        #expect(Script(code: "Nope") == nil)
        #expect(Script(code: "Arab")?.isRightToLeft == true)
        #expect(Script(code: "Hebr")?.isRightToLeft == true)
        #expect(Script.latin.isRightToLeft == false)
        #expect(Script.of("\u{0301}") == .inherited)
        #expect("\(Script.latin)" == "Latn")
    }

    static func runs(_ s: String) -> [String] {
        let text = Array(s.utf16)
        return ScriptItemizer.runs(in: text, range: 0..<text.count).map { run in
            "\(String(decoding: text[run.range], as: UTF16.self))|\(run.script.code)"
        }
    }

    /// Scripts.txt: H e l l o, a b c → Latin; 世 界 → Han; م ر ح ب ا → Arabic;
    /// "," " " "!" "(" ")" → Common. Common joins the preceding run; ")" takes the script
    /// of its "(" (Arabic), per BidiBrackets.txt pairing 0028/0029.
    @Test func mixedText() {
        #expect(
            Self.runs("Hello, 世界! مرحبا (abc)") == [
                "Hello, |Latn", "世界! |Hani", "مرحبا (|Arab", "abc|Latn", ")|Arab",
            ])
    }

    /// Leading Common characters take the first real script after them; a range of only
    /// Common characters is one Zyyy run.
    @Test func commonAtStartAndAllCommon() {
        #expect(Self.runs("¡¿123 abc") == ["¡¿123 abc|Latn"])
        #expect(Self.runs("123, 456!") == ["123, 456!|Zyyy"])
        #expect(Self.runs("😀👍🏽") == ["😀👍🏽|Zyyy"])
        #expect(Self.runs("") == [])
    }

    /// U+0301 COMBINING ACUTE ACCENT and U+064E ARABIC FATHA are Inherited (Scripts.txt):
    /// they stay in their base's run even where the base starts a new run.
    @Test func combiningMarksStayWithBase() {
        #expect(Self.runs("e\u{0301}بَ") == ["e\u{0301}|Latn", "بَ|Arab"])
        #expect(Self.runs("\u{0301}abc") == ["\u{0301}abc|Latn"])
    }

    /// Brackets: "[" opened in a Latin run closes in it even after Greek text; nested
    /// pairs unwind (the space after "]" is Common and joins the Latin run "]" returned to);
    /// U+3008 matches U+232A (canonical equivalent of U+3009).
    @Test func pairedBrackets() {
        #expect(Self.runs("abc [αβγ] def") == ["abc [|Latn", "αβγ|Grek", "] def|Latn"])
        #expect(Self.runs("a (b [αβ] γ) c") == ["a (b [|Latn", "αβ|Grek", "] |Latn", "γ|Grek", ") c|Latn"])
        #expect(Self.runs("abc \u{3008}αβ\u{232A}") == ["abc \u{3008}|Latn", "αβ|Grek", "\u{232A}|Latn"])
        // A closing bracket with no opener is plain Common.
        #expect(Self.runs("αβ) abc") == ["αβ) |Grek", "abc|Latn"])
        // Brackets opened before any real script take the first one found.
        #expect(Self.runs("(αβ) abc") == ["(αβ) |Grek", "abc|Latn"])
    }

    /// ScriptExtensions.txt: U+30FC (Common) has scx {Hira, Kana}; U+3099 combining voiced
    /// mark is Inherited; so "ひらがなー" stays one Hiragana run and "カタカナー" one Katakana
    /// run. U+0964 DEVANAGARI DANDA (Common, scx incl. Deva) stays in the Devanagari run.
    @Test func scriptExtensionsKeepRuns() {
        #expect(Self.runs("ひらがなーカタカナー") == ["ひらがなー|Hira", "カタカナー|Kana"])
        #expect(Self.runs("नमस्ते।abc") == ["नमस्ते।|Deva", "abc|Latn"])
    }

    /// Runs are reported in whole-buffer offsets and cover the clamped range exactly.
    @Test func subRangeAndClamping() {
        let text = Array("abc αβγ".utf16)
        let runs = ScriptItemizer.runs(in: text, range: 2..<6)
        #expect(
            runs == [ScriptRun(range: 2..<4, script: .latin), ScriptRun(range: 4..<6, script: Script(code: "Grek")!)])
        #expect(ScriptItemizer.runs(in: text, range: -5..<100).map(\.range) == [0..<4, 4..<7])
        #expect(ScriptItemizer.runs(in: text, range: 9..<12).isEmpty)
    }
}
