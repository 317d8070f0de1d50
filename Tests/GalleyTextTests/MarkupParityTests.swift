// MarkupParityTests: Galley's Markup.parse against libpango's pango_parse_markup (the oracle in
// GalleyTestSupport/PangoMarkupOracle.swift) over the documents of MarkupParityCorpus.swift: same
// acceptance; for accepted documents the same text and effective attribute segments; for rejected
// ones a message naming the same attribute and value. Differences still open are listed in
// `knownDifferences`.

import Foundation
import GalleyFonts
import GalleyTestSupport
import Testing

@testable import GalleyText

/// Galley and Pango side by side on the corpus.
///
/// Normalisations, applied to both sides before comparing (see `ParityNormalizer`):
/// - Only Pango's attribute names are compared (Galley-only `galley:…` terms are dropped).
/// - Default values are dropped: `variant`/`stretch` `normal`, `underline`/`overline` `none`,
///   `strikethrough` `false`, `rise`/`letter-spacing` 0, alphas 65535, `font-scale` `none`, `show`
///   0, `text-transform` `none`, `font-features` empty, `foreground` `#000000` (absent and black draw alike; Galley writes
///   black under an alpha-only span); `background-alpha` where there is no `background` (it
///   paints nothing).
/// - Pango's numeric `baseline-shift`s are added to its `rise` (Galley keeps one baseline offset).
/// - Colours as `#rrggbb` lowercase (Pango's 16-bit channels rounded to 8 bits); families and
///   languages compared ignoring case; font features as `tag=value` (`smcp` → `smcp=1`, `-liga` →
///   `liga=0`).
/// - Numbers compared with a tolerance: `size` 1/1024 pt, alphas 1/65535, `line-height` 10⁻⁴.
/// - Adjacent segments with equal values are merged on both sides.
@Suite("Markup parity with libpango")
struct MarkupParityTests {
    /// Documents on which Galley and Pango 1.50.12 differ today, and why. The test fails on a
    /// difference missing from this table and on an entry whose document now agrees.
    static let knownDifferences: [String: String] = [
        // Values Galley reads as a near equivalent.
        "underline-single-line":
            "Galley reads single-line as single (its underline already runs on across runs); Pango keeps PANGO_UNDERLINE_SINGLE_LINE",
        // Oblique is italic in Galley (FontRequest has an italic flag, not Pango's three styles).
        "font-light-oblique":
            "Galley reads style oblique as italic (weight 300 as requested); Pango: weight 300, style oblique",
        "style-oblique":
            "Galley does not tell oblique from italic (style=oblique gives the italic/oblique face, reported as italic); Pango keeps style oblique",
        // Values Galley refuses or reads otherwise, by choice.
        "weight-zero":
            "Galley rejects weight=\"0\" (its weights are 1…1000); Pango 1.50 accepts any integer as a weight (weight 0)",
        "weight-1001":
            "Galley rejects weight=\"1001\" (its weights are 1…1000); Pango 1.50 accepts any integer as a weight (weight 1001)",
        "lang-empty":
            "Galley: lang=\"\" ends the enclosing language (no language attribute); Pango keeps an empty language; both shape with no language",
        // Galley's documented choices.
        "sup-sub":
            "Galley sums <sup>/<sub> levels into one superscript attribute, so <sup><sub> is level 0 (no shift, no scale); Pango keeps both: baseline-shift and font-scale superscript then subscript, cumulative",
        "cdata":
            "Galley keeps a CDATA section's content as text (documented in Markup: \"ax<yb\"); Pango 1.50 drops CDATA sections (\"ab\")",
        "baseline-shift-superscript":
            "Galley turns baseline_shift=superscript into the font's OS/2 superscript offset in points (rise 5898 units at 12 pt); Pango keeps the symbolic baseline-shift superscript, resolved at itemization",
        "baseline-shift-subscript":
            "Galley turns baseline_shift=subscript into the font's OS/2 subscript offset in points (rise -1716 units at 12 pt); Pango keeps the symbolic baseline-shift subscript",
    ]

    /// Galley's base: DejaVu Sans 12, as the oracle's base font description.
    static func base() throws -> Attributes {
        [.font(try Font(family: "DejaVu Sans", size: 12))]
    }

    static func oracle() throws -> PangoMarkupOracle {
        switch PangoMarkupOracle.shared {
        case .success(let oracle): return oracle
        case .failure(let error): throw error
        }
    }

    @Test("libpango loads (pango1.0-tools / libpango-1.0-0 installed)")
    func oracleLoads() throws {
        let oracle = try Self.oracle()
        let result = oracle.parse("<b>x</b>")
        #expect(result.text == "x")
        #expect(result.segments.first?.values["weight"] == "700")
    }

    @Test("the corpus covers ≥ 70 documents, ≥ 15 invalid, and the table names only corpus documents")
    func corpusShape() {
        let names = MarkupParityCorpus.documents.map(\.name)
        #expect(Set(names).count == names.count, "document names must be unique")
        #expect(names.count >= 70)
        #expect(MarkupParityCorpus.documents.filter(\.invalid).count >= 15)
        for name in Self.knownDifferences.keys {
            #expect(names.contains(name), "knownDifferences names '\(name)', which is not in the corpus")
        }
    }

    /// Every `<span>` attribute (with its synonyms) and every tag of Pango 1.50's markup reference.
    static let pangoSpanAttributes = [
        "font", "font_desc", "font_family", "face", "font_size", "size", "font_style", "style", "font_weight", "weight",
        "font_variant", "variant", "font_stretch", "stretch", "font_features", "foreground", "fgcolor", "color",
        "background", "bgcolor", "alpha", "fgalpha", "background_alpha", "bgalpha", "underline", "underline_color",
        "overline", "overline_color", "rise", "baseline_shift", "font_scale", "strikethrough", "strikethrough_color",
        "fallback", "lang", "letter_spacing", "gravity", "gravity_hint", "insert_hyphens", "show", "line_height",
        "text_transform", "segment", "allow_breaks",
    ]
    static let pangoTags = ["markup", "span", "b", "big", "i", "s", "sub", "sup", "small", "tt", "u"]

    @Test("the corpus uses every <span> attribute and tag of Pango 1.50, valid and invalid")
    func corpusCoverage() {
        let valid = MarkupParityCorpus.documents.filter { !$0.invalid }.map(\.markup).joined(separator: "\n")
        for name in Self.pangoSpanAttributes {
            #expect(valid.contains(" \(name)=\""), "no valid document uses \(name)")
        }
        for tag in Self.pangoTags {
            #expect(valid.contains("<\(tag)>") || valid.contains("<\(tag) "), "no valid document uses <\(tag)>")
        }
    }

    @Test("Galley agrees with Pango, or the difference is a known one", arguments: MarkupParityCorpus.documents)
    func document(_ document: ParityDocument) throws {
        let difference = try Self.difference(document)
        let known = Self.knownDifferences[document.name]
        switch (difference, known) {
        case (nil, nil): break
        case (let difference?, nil):
            Issue.record("\(document.name): \(document.markup)\n\(difference)")
        case (nil, let reason?):
            Issue.record(
                "\(document.name) now agrees with Pango: remove it from knownDifferences (it said: \(reason))")
        case (let difference?, _?):
            // Printed so the log lists each open difference.
            print("known difference \(document.name): \(difference.replacingOccurrences(of: "\n", with: " | "))")
        }
    }

    @Test("agreement rate")
    func agreementRate() throws {
        var agreeing = 0
        for document in MarkupParityCorpus.documents where try Self.difference(document) == nil {
            agreeing += 1
        }
        let total = MarkupParityCorpus.documents.count
        let rate = String(format: "%.1f", 100 * Double(agreeing) / Double(total))
        print("Markup parity with libpango: \(agreeing)/\(total) documents agree (\(rate) %)")
        #expect(agreeing + Self.knownDifferences.count == total)
    }

    /// What differs between Galley and Pango on `document`, or nil when they agree.
    static func difference(_ document: ParityDocument) throws -> String? {
        let pango = try oracle().parse(document.markup)
        let base = try base()
        let galley: Result<AttributedText, MarkupError>
        do {
            galley = .success(try Markup.parse(document.markup, base: base))
        } catch {
            galley = .failure(error)
        }
        switch (galley, pango.text) {
        case (.failure(let error), nil):
            print("\(document.name) rejected\n  Galley: \(error)\n  Pango:  \(pango.error ?? "")")
            return rejectionDifference(galley: error.description, pango: pango.error ?? "", markup: document.markup)
        case (.failure(let error), _?):
            return
                "Pango accepts (\(pango.rawList.replacingOccurrences(of: "\n", with: "; "))), Galley rejects: \(error)"
        case (.success, nil):
            return "Galley accepts, Pango rejects: \(pango.error ?? "")"
        case (.success(let text), let pangoText?):
            guard text.utf16 == Array(pangoText.utf16) else {
                return "text differs: Galley \(text.string.debugDescription), Pango \(pangoText.debugDescription)"
            }
            let ours = ParityNormalizer.segments(
                PangoAttributeTerms.segments(of: text).map { ($0.range, $0.values) }, pango: false)
            let theirs = ParityNormalizer.segments(pango.segments, pango: true)
            guard ParityNormalizer.equal(ours, theirs) else {
                return "attributes differ:\n  Galley \(ParityNormalizer.describe(ours))\n  Pango  "
                    + ParityNormalizer.describe(theirs) + "\n  (Pango's list: "
                    + pango.rawList.replacingOccurrences(of: "\n", with: "; ") + ")"
            }
            return nil
        }
    }

    /// Both reject: Galley's one-line message must name what Pango's names (attribute, value,
    /// tag, element), or nil.
    /// Pango wraps every document in `<markup>`, so its messages may name that element although
    /// the document does not; such a name is not asked of Galley.
    static func rejectionDifference(galley: String, pango: String, markup: String) -> String? {
        let named = ParityNormalizer.namedInPangoMessage(pango).filter { $0 != "markup" || markup.contains("<markup") }
        let missing = named.filter { !galley.contains($0) }
        guard missing.isEmpty, !galley.contains("\n") else {
            return
                "both reject, but Galley's message does not name \(missing):\n  Galley: \(galley)\n  Pango:  \(pango)"
        }
        return nil
    }
}
