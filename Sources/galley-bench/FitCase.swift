// Fit to a box and custom attributes, against one layout. "fit": a title fitted from 72 down to
// 28 pt in 1 pt steps to 2 lines of a box (Framesetter.fit: shaped once, then only broken) over
// the same title laid out once at 72 pt, both from a fresh framesetter with no shaping cache; the
// issue asks for at most 3×. "custom": a link label's highlight (a custom attribute on a link)
// changed, the text laid out again reusing the previous framesetter, over the same relayout
// with nothing changed and over a fresh layout: custom attributes must not make it shape or
// break again.
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyShaping
import GalleyText

/// Runs the fit and custom-attribute cases.
func runFitCase(_ settings: Settings, font: Font) {
    do {
        let title = try font.withSize(72)
        let text = AttributedText(
            "The quick brown fox jumps over the lazy dog, twice over", attributes: [.font(title)])
        let box = CGSize(width: 600, height: 240)
        var layouts = 0
        let one = try medianPassSeconds(runs: 5, target: 0.2) {
            let f = try Framesetter(text, defaultFont: title, shapingCache: ShapingCache(capacity: 0))
            _ = try f.frame(in: CGRect(origin: .zero, size: box))
        }
        let fit = try medianPassSeconds(runs: 5, target: 0.2) {
            let f = try Framesetter(text, defaultFont: title, shapingCache: ShapingCache(capacity: 0))
            layouts = try f.fit(in: box, maximumNumberOfLines: 2, minimumScale: 28.0 / 72, step: 1.0 / 72).layoutCount
        }
        settings.text(
            "== Fit to a box: one layout \(fmt(one * 1e6, 1)) µs, fit \(fmt(fit * 1e6, 1)) µs"
                + " (\(layouts) layouts) = \(fmt(fit / one, 2))× one layout")
        settings.object([
            ("case", Settings.quoted("fit")), ("layout_us", json(one * 1e6)), ("fit_us", json(fit * 1e6)),
            ("layouts", "\(layouts)"), ("ratio", json(fit / one, 2)),
        ])
        try runCustomAttributeCase(settings, font: font)
    } catch {
        fail("fit case failed: \(error)")
    }
}

/// A 40-paragraph text with a link in each paragraph: relayout after toggling a highlight on one
/// link, after no change, and from scratch.
private func runCustomAttributeCase(_ settings: Settings, font: Font) throws {
    let paragraph = "A paragraph with a link to the manual in it, long enough to wrap over some lines. "
    let string = Array(repeating: paragraph, count: 40).joined(separator: "\n")
    var builder = AttributedTextBuilder(string, attributes: [.font(font)])
    let step = paragraph.utf16.count + 1
    for p in 0..<40 {
        try builder.setLink(.string("https://example.com/\(p)"), range: (p * step + 19)..<(p * step + 37))
    }
    let plain = builder.build()
    try builder.setCustomAttribute(true, forKey: "Highlighted", range: (20 * step + 19)..<(20 * step + 37))
    let highlighted = builder.build()
    let rect = CGRect(x: 0, y: 0, width: 300, height: 1e6)
    let cache = ShapingCache(capacity: 0)
    func previous() throws -> Framesetter {
        let f = try Framesetter(plain, defaultFont: font, shapingCache: cache)
        _ = try f.frame(in: rect)
        return f
    }
    var base = try previous()
    var inherited = 0
    let toggled = try medianPassSeconds(runs: 5, target: 0.2) {
        let f = Framesetter(highlighted, reusing: base)
        _ = try f.frame(in: rect)
        inherited = f.typesetter.inheritedLineCount
    }
    base = try previous()
    let unchanged = try medianPassSeconds(runs: 5, target: 0.2) {
        _ = try Framesetter(plain, reusing: base).frame(in: rect)
    }
    let fresh = try medianPassSeconds(runs: 5, target: 0.2) {
        _ = try Framesetter(highlighted, defaultFont: font, shapingCache: cache).frame(in: rect)
    }
    settings.text(
        "== Custom attributes: relayout after a highlight \(fmt(toggled * 1e6, 1)) µs (\(inherited)/40 paragraphs'"
            + " lines reused), with no change \(fmt(unchanged * 1e6, 1)) µs, fresh layout \(fmt(fresh * 1e6, 1)) µs")
    settings.object([
        ("case", Settings.quoted("custom")), ("toggled_us", json(toggled * 1e6)),
        ("unchanged_us", json(unchanged * 1e6)), ("fresh_us", json(fresh * 1e6)), ("reused", "\(inherited)"),
    ])
}
