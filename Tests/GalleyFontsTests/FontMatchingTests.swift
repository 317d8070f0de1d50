// Family resolution (FontCollection.font(matching:strict:)) against fc-match: aliases, generics,
// styles, widths, weights and unknown names, each checked by the rule that applies to it.

import Foundation
import Testing

@testable import GalleyFonts

/// One request and the rule its answer follows.
struct MatchCase: Sendable, CustomTestStringConvertible {
    /// How Galley resolves the name.
    enum Rule: Sendable {
        /// Some face declares the family: fontconfig's choice among the collection's faces (the
        /// system's plus the bundled ones), checked against fc-match with the bundled directory
        /// added. `otherwise` is the rule when the machine has no such face.
        case declared(otherwise: FontSubstitution.Kind?)
        /// A rule of Debian's stock fontconfig configuration names it: the family fc-match gives
        /// with the system configuration (a declared family on a machine that has it).
        case alias
        /// A generic name: the bundled family of its class, the face chosen among the bundled
        /// faces only as fontconfig would (fc-match with only the bundled directory), whatever the
        /// system's fontconfig prefers.
        case generic(String)
        /// No face and no rule knows it: bundled DejaVu Sans, styled as fc-match styles it among
        /// the bundled faces.
        case unknown
    }

    let family: String
    var weight = 400
    var italic = false
    var width = 100.0
    let rule: Rule

    var request: FontRequest {
        FontRequest(
            family: family, weight: Font.Weight(rawValue: weight), italic: italic,
            width: Font.Width(rawValue: width), size: 12)
    }

    var testDescription: String {
        var parts = ["'\(family)'"]
        if weight != 400 { parts.append("weight \(weight)") }
        if italic { parts.append("italic") }
        if width != 100 { parts.append("width \(width)") }
        return parts.joined(separator: " ")
    }
}

@Suite("Font matching against fc-match")
struct FontMatchingTests {
    static let cases: [MatchCase] = [
        // Metric and generic aliases of fontconfig's stock rules (30-metric-aliases, 45-latin,
        // 40-nonlatin for Cantarell as system-ui, 45-latin for cursive).
        MatchCase(family: "Times", rule: .alias),
        MatchCase(family: "Times New Roman", rule: .alias),
        MatchCase(family: "Helvetica", rule: .alias),
        MatchCase(family: "Helvetica", weight: 700, rule: .alias),
        MatchCase(family: "Arial", rule: .alias),
        MatchCase(family: "Courier", rule: .alias),
        MatchCase(family: "Courier New", weight: 700, italic: true, rule: .alias),
        MatchCase(family: "Liberation Sans", rule: .alias),
        MatchCase(family: "Nimbus Roman", rule: .alias),
        MatchCase(family: "Cantarell", rule: .alias),
        MatchCase(family: "Times", weight: 700, italic: true, width: 75, rule: .alias),
        MatchCase(family: "cursive", rule: .alias),
        // Generic names: the bundled face of the class.
        MatchCase(family: "sans", rule: .generic("DejaVu Sans")),
        MatchCase(family: "sans-serif", rule: .generic("DejaVu Sans")),
        MatchCase(family: "serif", rule: .generic("DejaVu Serif")),
        MatchCase(family: "monospace", rule: .generic("DejaVu Sans Mono")),
        MatchCase(family: "Sans", weight: 700, italic: true, rule: .generic("DejaVu Sans")),
        MatchCase(family: "Serif", italic: true, rule: .generic("DejaVu Serif")),
        MatchCase(family: "Monospace", weight: 700, rule: .generic("DejaVu Sans Mono")),
        MatchCase(family: "mono", rule: .generic("DejaVu Sans Mono")),
        MatchCase(family: "system-ui", rule: .generic("DejaVu Sans")),
        MatchCase(family: "sans-serif", width: 75, rule: .generic("DejaVu Sans")),
        MatchCase(family: "emoji", rule: .generic("Noto Color Emoji")),
        // Declared families: styles, weights and widths.
        MatchCase(family: "DejaVu Sans", weight: 700, rule: .declared(otherwise: nil)),
        MatchCase(family: "DejaVu Sans", italic: true, rule: .declared(otherwise: nil)),
        MatchCase(family: "DejaVu Sans", width: 75, rule: .declared(otherwise: nil)),
        MatchCase(family: "DejaVu Sans", weight: 700, italic: true, width: 87.5, rule: .declared(otherwise: nil)),
        MatchCase(family: "DejaVu Sans", weight: 100, rule: .declared(otherwise: nil)),
        MatchCase(family: "DejaVu Sans", weight: 200, width: 75, rule: .declared(otherwise: nil)),
        MatchCase(family: "DejaVu Sans", weight: 200, rule: .declared(otherwise: nil)),
        MatchCase(family: "DejaVu Sans", weight: 300, rule: .declared(otherwise: nil)),
        MatchCase(family: "DejaVu Sans", weight: 390, rule: .declared(otherwise: nil)),
        MatchCase(family: "DejaVu Sans", weight: 500, rule: .declared(otherwise: nil)),
        MatchCase(family: "DejaVu Sans", weight: 600, rule: .declared(otherwise: nil)),
        MatchCase(family: "DejaVu Sans", weight: 900, rule: .declared(otherwise: nil)),
        MatchCase(family: "DejaVu Serif", weight: 700, rule: .declared(otherwise: nil)),
        MatchCase(family: "DejaVu Sans Mono", weight: 700, rule: .declared(otherwise: nil)),
        MatchCase(family: "DejaVu Sans Mono", weight: 700, italic: true, rule: .declared(otherwise: nil)),
        MatchCase(family: "dejavuserif", italic: true, rule: .declared(otherwise: nil)),
        MatchCase(family: "DejaVu Sans Condensed", rule: .declared(otherwise: .unknown)),
        MatchCase(family: "DejaVu Sans Light", rule: .declared(otherwise: .unknown)),
        MatchCase(family: "DejaVu Sans Light", weight: 700, rule: .declared(otherwise: .unknown)),
        MatchCase(family: "Inter", weight: 700, rule: .declared(otherwise: nil)),
        MatchCase(family: "Inter", weight: 300, rule: .declared(otherwise: nil)),
        MatchCase(family: "NanumGothic", weight: 700, italic: true, rule: .declared(otherwise: nil)),
        MatchCase(family: "Noto Color Emoji", rule: .declared(otherwise: nil)),
        // Names nothing knows.
        MatchCase(family: "DejaVu Serif Bold", rule: .unknown),
        MatchCase(family: "Cantarelx", rule: .unknown),
        MatchCase(family: "Zzyzx Qwerty", weight: 700, italic: true, rule: .unknown),
        MatchCase(family: "Zzyzx Qwerty", weight: 300, width: 75, rule: .unknown),
    ]

    @Test("Each request resolves as fc-match resolves it, or by the rule Galley states", arguments: cases)
    func resolvesLikeFcMatch(_ c: MatchCase) throws {
        let font = try FontCollection.shared.font(matching: c.request)
        let systemAnswer = try FcMatch.match(
            FcMatch.pattern(family: c.family, weight: c.weight, italic: c.italic, width: c.width), .system)
        switch c.rule {
        case .declared(let otherwise):
            let answer = try FcMatch.match(
                FcMatch.pattern(family: c.family, weight: c.weight, italic: c.italic, width: c.width),
                .systemAndBundled)
            // fontconfig compares family names ignoring case and spaces.
            let key = { (s: String) in s.lowercased().filter { $0 != " " } }
            if answer.families.contains(where: { key($0) == key(c.family) }) {
                #expect(font.substitution == nil)
                try expectSameFace(font, answer, c)
            } else {
                let kind = try #require(otherwise, "no face declares '\(c.family)': \(answer)")
                #expect(font.substitution == FontSubstitution(requestedFamily: c.family, kind: kind))
                try expectDefaultFamily(font, c)
            }
        case .alias:
            let declared = systemAnswer.families.contains { $0.caseInsensitiveCompare(c.family) == .orderedSame }
            #expect(font.substitution == (declared ? nil : FontSubstitution(requestedFamily: c.family, kind: .alias)))
            try expectSameFace(font, systemAnswer, c)
        case .generic(let family):
            #expect(font.substitution == FontSubstitution(requestedFamily: c.family, kind: .generic))
            let answer = try FcMatch.match(
                FcMatch.pattern(family: family, weight: c.weight, italic: c.italic, width: c.width), .bundledOnly)
            #expect(answer.family == family)
            try expectSameFace(font, answer, c)
            // The system's fontconfig may prefer another face (here DejaVu Sans Condensed for a
            // condensed sans-serif); Galley's face comes from the bundled directory.
            #expect(font.face.path.map { $0.hasPrefix(FontCollection.shared.bundledFontsDirectory ?? "?") } == true)
        case .unknown:
            #expect(font.substitution == FontSubstitution(requestedFamily: c.family, kind: .unknown))
            try expectDefaultFamily(font, c)
            // Here fontconfig's default sans-serif is DejaVu Sans too, so fc-match agrees on the family.
            let fallback = try FcMatch.match(FcMatch.sentinelPattern, .system)
            if fallback.family == "DejaVu Sans" { #expect(systemAnswer.family == font.familyName) }
        }
    }

    /// The unknown-family rule: the bundled DejaVu Sans face fc-match picks among the bundled faces.
    func expectDefaultFamily(_ font: Font, _ c: MatchCase) throws {
        let answer = try FcMatch.match(
            FcMatch.pattern(family: "DejaVu Sans", weight: c.weight, italic: c.italic, width: c.width), .bundledOnly)
        #expect(font.familyName == "DejaVu Sans")
        try expectSameFace(font, answer, c)
    }

    /// Galley's font is the face fc-match chose, with the synthetic styles 90-synthetic.conf gave.
    func expectSameFace(_ font: Font, _ answer: FcAnswer, _ c: MatchCase) throws {
        #expect(font.familyName == answer.family, "fc-match: \(answer)")
        if !answer.variable && answer.index < 0x10000 {
            #expect(font.postScriptName == answer.postScriptName, "fc-match: \(answer)")
        }
        // Colour faces are never synthesized (emboldening or slanting a bitmap emoji is wrong),
        // although 90-synthetic.conf's rules do not look at colour.
        if font.hasColorGlyphs {
            #expect(font.syntheticTraits.isEmpty)
        } else {
            #expect(font.syntheticTraits.contains(.bold) == answer.embolden, "fc-match: \(answer)")
            #expect(font.syntheticTraits.contains(.oblique) == answer.slanted, "fc-match: \(answer)")
        }
        if !answer.embolden, let weight = answer.weight {
            // A variable face answers with the named instance nearest the weight; Galley
            // instantiates the axis at the weight itself.
            let expected = answer.variable || answer.index >= 0x10000 ? Double(c.weight) : FcMatch.cssWeight(fc: weight)
            #expect(abs(Double(font.weight.rawValue) - expected) < 0.5, "fc-match: \(answer)")
        }
        if !answer.slanted { #expect(font.isItalic == (answer.slant != 0), "fc-match: \(answer)") }
        if let width = answer.width {
            // fontconfig stores semi-condensed as 87, Galley as 87.5.
            #expect(Int(font.width.rawValue) == Int(width), "fc-match: \(answer)")
        }
    }
}
