// Family resolution (FontCollection.font(matching:strict:)) against fc-match: aliases, generics,
// styles, widths, weights and unknown names, each checked by the rule that applies to it.

import Foundation
import GalleyTestSupport
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
        // 40-nonlatin for Cantarell as system-ui, 45-latin for cursive, Comic Sans MS as cursive).
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
        MatchCase(family: "Comic Sans MS", rule: .alias),
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
        let systemAnswer = try Fontconfig.match(
            Fontconfig.pattern(family: c.family, weight: c.weight, italic: c.italic, width: c.width), .system)
        switch c.rule {
        case .declared(let otherwise):
            let answer = try Fontconfig.match(
                Fontconfig.pattern(family: c.family, weight: c.weight, italic: c.italic, width: c.width),
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
            // A metric-compatible alias when fontconfig's metric-alias rules name both the
            // requested family and the one fc-match gave; otherwise fontconfig reached its
            // answer through the generic class the name is filed under.
            let metric = try Fontconfig.metricAliasFamilies()
            let kind: FontSubstitution.Kind =
                metric.contains(c.family.lowercased()) && metric.contains(systemAnswer.family.lowercased())
                ? .alias : .genericClass
            #expect(font.substitution == (declared ? nil : FontSubstitution(requestedFamily: c.family, kind: kind)))
            try expectSameFace(font, systemAnswer, c)
        case .generic(let family):
            #expect(font.substitution == FontSubstitution(requestedFamily: c.family, kind: .generic))
            let answer = try Fontconfig.match(
                Fontconfig.pattern(family: family, weight: c.weight, italic: c.italic, width: c.width), .bundledOnly)
            #expect(answer.family == family)
            try expectSameFace(font, answer, c)
            // The system's fontconfig may prefer another face (here DejaVu Sans Condensed for a
            // condensed sans-serif); Galley's face comes from the bundled directory.
            #expect(font.face.path.map { $0.hasPrefix(FontCollection.shared.bundledFontsDirectory ?? "?") } == true)
        case .unknown:
            #expect(font.substitution == FontSubstitution(requestedFamily: c.family, kind: .unknown))
            try expectDefaultFamily(font, c)
            // Here fontconfig's default sans-serif is DejaVu Sans too, so fc-match agrees on the family.
            let fallback = try Fontconfig.match(Fontconfig.sentinelPattern, .system)
            if fallback.family == "DejaVu Sans" { #expect(systemAnswer.family == font.familyName) }
        }
    }

    /// The unknown-family rule: the bundled DejaVu Sans face fc-match picks among the bundled faces.
    func expectDefaultFamily(_ font: Font, _ c: MatchCase) throws {
        let answer = try Fontconfig.match(
            Fontconfig.pattern(family: "DejaVu Sans", weight: c.weight, italic: c.italic, width: c.width), .bundledOnly)
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
            let expected =
                answer.variable || answer.index >= 0x10000 ? Double(c.weight) : Fontconfig.cssWeight(fc: weight)
            #expect(abs(Double(font.weight.rawValue) - expected) < 0.5, "fc-match: \(answer)")
        }
        if !answer.slanted { #expect(font.isItalic == (answer.slant != 0), "fc-match: \(answer)") }
        if let width = answer.width {
            // fontconfig stores semi-condensed as 87, Galley as 87.5.
            #expect(Int(font.width.rawValue) == Int(width), "fc-match: \(answer)")
        }
    }
}

@Suite("Font requests and substitutions")
struct FontRequestTests {
    static func font(_ family: String, weight: Font.Weight = .regular, italic: Bool = false, strict: Bool = false)
        throws -> Font
    {
        try FontCollection.shared.font(
            matching: FontRequest(family: family, weight: weight, italic: italic, size: 12), strict: strict)
    }

    @Test("strict: an unknown name throws familyNotFound; declared, generic and alias names do not")
    func strict() throws {
        #expect(throws: FontError.familyNotFound(family: "Zzyzx Qwerty", weight: 700, italic: true)) {
            try Self.font("Zzyzx Qwerty", weight: .bold, italic: true, strict: true)
        }
        for name in ["DejaVu Sans", "sans-serif", "Monospace", "Times", "Helvetica", "Cantarell"] {
            #expect(throws: Never.self) { try Self.font(name, strict: true) }
        }
        // Not strict: the default family, with the substitution recorded.
        let substituted = try Self.font("Zzyzx Qwerty")
        #expect(substituted.familyName == FontCollection.defaultFamily)
        #expect(substituted.substitution == FontSubstitution(requestedFamily: "Zzyzx Qwerty", kind: .unknown))
    }

    /// The generic names have every style of their family bundled: `Monospace Bold` and
    /// `Serif Italic` are real faces from the bundled directory, not synthesized.
    @Test(arguments: [("monospace", "DejaVuSansMono-BoldOblique"), ("serif", "DejaVuSerif-BoldItalic")])
    func genericStylesAreRealFaces(_ name: String, _ postScriptName: String) throws {
        let font = try Self.font(name, weight: .bold, italic: true)
        #expect(font.postScriptName == postScriptName)
        #expect(font.syntheticTraits.isEmpty)
        #expect(font.face.path?.hasPrefix(FontCollection.shared.bundledFontsDirectory ?? "?") == true)
    }

    /// With only the regular face of a generic's family bundled, a bold request takes the
    /// system's real bold face of the family (Debian's fonts-dejavu-core) before synthesizing.
    @Test func genericUsesARealSystemFaceBeforeSynthesizing() throws {
        let system = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf"
        try #require(FileManager.default.fileExists(atPath: system), "fonts-dejavu-core is not installed")
        let directory = try TemporaryDirectory.make("generic-fonts")
        defer { try? FileManager.default.removeItem(at: directory) }
        let bundled = try #require(FontCollection.shared.bundledFontsDirectory)
        try FileManager.default.copyItem(
            atPath: bundled + "/DejaVuSansMono.ttf", toPath: directory.appendingPathComponent("DejaVuSansMono.ttf").path
        )
        let collection = FontCollection(bundledFontsDirectory: directory.path)
        let bold = try collection.font(matching: FontRequest(family: "monospace", weight: .bold, size: 12))
        #expect(bold.postScriptName == "DejaVuSansMono-Bold")
        #expect(bold.syntheticTraits.isEmpty)
        let regular = try collection.font(matching: FontRequest(family: "monospace", size: 12))
        #expect(regular.face.path?.hasPrefix(directory.path) == true, "the bundled regular face still wins")
        let noSystem = FontCollection(bundledFontsDirectory: directory.path, includeSystemFonts: false)
        let synthesized = try noSystem.font(matching: FontRequest(family: "monospace", weight: .bold, size: 12))
        #expect(synthesized.syntheticTraits == [.bold])
    }

    @Test("font(family:) still finds exact names only and throws for aliases and generics")
    func exactLookupUnchanged() throws {
        for name in ["Times", "sans-serif", "Zzyzx Qwerty"] {
            #expect(throws: FontError.familyNotFound(family: name, weight: 400, italic: false)) {
                try FontCollection.shared.font(family: name, size: 12)
            }
        }
        #expect(try FontCollection.shared.font(family: "DejaVu Sans", size: 12).substitution == nil)
    }

    @Test(
        "odd names are unknown families, never a crash or a cut-short match",
        arguments: [
            "Times\u{0}Roman", "\u{0}", "sans\u{0}serif", String(repeating: "x", count: 100_000), "🙂", "a:b,c-d\\",
        ])
    func oddNames(_ name: String) throws {
        let font = try FontCollection.shared.font(matching: FontRequest(family: name, size: 12))
        #expect(font.familyName == "DejaVu Sans")
        #expect(font.substitution == FontSubstitution(requestedFamily: name, kind: .unknown))
        #expect(throws: FontError.self) {
            try FontCollection.shared.font(matching: FontRequest(family: name, size: 12), strict: true)
        }
    }

    @Test("an empty name is the default family, as a generic")
    func emptyName() throws {
        let font = try Self.font("", strict: true)
        #expect(font.familyName == "DejaVu Sans")
        #expect(font.substitution?.kind == .generic)
    }

    @Test("the substitution is part of a font's identity and survives every copy")
    func equalityAndCopies() throws {
        let byName = try Self.font("DejaVu Sans")
        let generic = try Self.font("Sans")
        #expect(byName.face === generic.face)
        #expect(byName != generic)
        #expect(Set([byName, generic]).count == 2)
        #expect(generic == (try Self.font("Sans")))
        #expect(generic.hashValue == (try Self.font("Sans")).hashValue)
        let expected = FontSubstitution(requestedFamily: "Sans", kind: .generic)
        #expect(generic.description == "Font(DejaVuSans, 12.0 pt, generic for 'Sans')")
        #expect(try generic.withSize(30).substitution == expected)
        #expect(generic.withCascadeList(["Noto Sans Arabic"]).substitution == expected)
        #expect(generic.withSyntheticTraits(.bold).substitution == expected)
        #expect(generic.withVariations([]).substitution == expected)
        let inter = try Self.font("Inter", weight: .bold)
        #expect(inter.withVariations([Font.Variation(tag: "wght", value: 300)]).substitution == nil)
    }

    @Test("an invalid size throws before any lookup", arguments: [0, -1, CGFloat.nan, CGFloat.infinity, 2_000_000])
    func invalidSize(_ size: CGFloat) {
        #expect(throws: FontError.self) {
            try FontCollection.shared.font(matching: FontRequest(family: "Times", size: size))
        }
    }

    @Test("a variable face is instantiated at the requested weight (clamped to its axis)")
    func variableWeight() throws {
        let font = try Self.font("Inter", weight: .semibold)
        #expect(font.variations == [Font.Variation(tag: "wght", value: 600)])
        #expect(font.weight == .semibold)
        #expect(font.syntheticTraits.isEmpty)
        // Inter's wght axis spans 100…900.
        #expect(try Self.font("Inter", weight: Font.Weight(rawValue: 1000)).weight == .black)
    }

    @Test("Font.Width: CSS font-stretch percentages, usWidthClass 1…9, clamped to 50…200")
    func widths() throws {
        let named: [Font.Width] = [
            .ultraCondensed, .extraCondensed, .condensed, .semiCondensed, .normal, .semiExpanded, .expanded,
            .extraExpanded, .ultraExpanded,
        ]
        #expect(named.map(\.rawValue) == [50, 62.5, 75, 87.5, 100, 112.5, 125, 150, 200])
        #expect((1...9).map { Font.Width(widthClass: $0) } == named)
        #expect(Font.Width(widthClass: 0) == nil && Font.Width(widthClass: 10) == nil)
        #expect(Font.Width(rawValue: 10).rawValue == 50)
        #expect(Font.Width(rawValue: 500).rawValue == 200)
        #expect(Font.Width(rawValue: .nan) == .normal)
        #expect(Font.Width.condensed < .normal)
        // The bundled DejaVu Sans says usWidthClass 5 (normal) in its OS/2 table.
        let tables = try SFNTTables(path: TestFonts.dejaVuSans)
        #expect(tables.uint16("OS/2", 6) == 5)
        #expect(try Font(path: TestFonts.dejaVuSans, size: 12).width == .normal)
    }

    @Test("a collection without system fonts resolves aliases and unknown names to bundled faces only")
    func bundledOnlyCollection() throws {
        let collection = FontCollection(bundledFontsDirectory: TestFonts.directory, includeSystemFonts: false)
        for name in ["Times", "Helvetica", "Courier", "math", "Zzyzx Qwerty", "DejaVu Sans Condensed", "serif"] {
            let font = try collection.font(matching: FontRequest(family: name, weight: .bold, size: 12))
            #expect(font.face.path?.hasPrefix(TestFonts.directory) == true, "\(name): \(font)")
        }
    }

    @Test("concurrent requests from many threads resolve to the same fonts as serial ones")
    func concurrentRequests() async throws {
        let names = ["Times", "Sans", "Helvetica", "Zzyzx", "DejaVu Sans", "Courier", "Inter", "emoji"]
        let collection = FontCollection(bundledFontsDirectory: TestFonts.directory)
        let serial = try names.map { try collection.font(matching: FontRequest(family: $0, weight: .bold, size: 9)) }
        try await withThrowingTaskGroup(of: (Int, Font).self) { group in
            for round in 0..<64 {
                let index = round % names.count
                group.addTask {
                    (index, try collection.font(matching: FontRequest(family: names[index], weight: .bold, size: 9)))
                }
            }
            for try await (index, font) in group { #expect(font == serial[index]) }
        }
    }

    @Test("synthetic bold needs bold (700) or heavier asked of a medium-or-lighter face, as 90-synthetic.conf")
    func syntheticBoldThreshold() throws {
        // The bundled NanumGothic is Regular only (and no system face of it is installed here).
        #expect(try Self.font("NanumGothic", weight: .semibold).syntheticTraits.isEmpty)
        #expect(try Self.font("NanumGothic", weight: .bold).syntheticTraits == .bold)
        #expect(try Self.font("NanumGothic", weight: .bold, italic: true).syntheticTraits == [.bold, .oblique])
        // Colour emoji are never synthesized.
        #expect(try Self.font("emoji", weight: .black, italic: true).syntheticTraits.isEmpty)
    }
}
