// RubySpacing: the room a ruby base makes for its annotation, applied to the base's glyphs when
// they are shaped (so line breaking measures it): ruby above or below that is wider than its base,
// beyond what the overhang rule lets it hang over the neighbours, spaces the base out (JLREQ
// §3.3.7: base characters spaced "1-2-1", half a unit at each end and one between); inline and
// inter-character ruby takes room after the base.

import Foundation
import GalleyFonts
import GalleyText
import GalleyVocabulary

/// The spacing a ruby base gets for its annotation.
package enum RubySpacing {
    /// The font ruby text is set in: the base's font scaled by the size factor
    /// (`kCTRubyAnnotationSizeFactorAttributeName`); nil if the size is impossible.
    package static func annotationFont(_ annotation: RubyAnnotation, base font: Font) -> Font? {
        try? font.withSize(font.size * annotation.sizeFactor)
    }

    /// The natural width of `text` in `font`: the sum of HarfBuzz's advances (no fallback).
    package static func width(of text: String, font: Font) -> CGFloat {
        let units = Array(text.utf16)
        guard !units.isEmpty else { return 0 }
        var glyphs = ShapedGlyphs(base: 0)
        HarfBuzzShaper.shape(
            ShapingRequest(
                text: units, context: 0..<units.count, range: 0..<units.count, font: font, rightToLeft: false,
                script: "Zyyy", language: nil, kern: 0),
            into: &glyphs)
        return glyphs.glyphs.reduce(0) { $0 + $1.advance }
    }

    /// The room inline and inter-character ruby takes after its base: the sum of the widths of
    /// its texts at those positions.
    package static func inlineWidth(_ annotation: RubyAnnotation, font: Font) -> CGFloat {
        guard let rubyFont = annotationFont(annotation, base: font) else { return 0 }
        return [RubyPosition.interCharacter, .inline].reduce(0) { sum, position in
            sum + (annotation.text(for: position).map { width(of: $0, font: rubyFont) } ?? 0)
        }
    }

    /// Whether ruby may hang over the character `scalar` next to its base: not over a Han
    /// ideograph (CJK Unified Ideographs and extensions, compatibility ideographs, 々 and 〇),
    /// over anything else (kana, punctuation, Latin) yes (JLREQ §3.3.8: ruby may overhang
    /// adjacent kana and punctuation but not kanji).
    package static func mayOverhang(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x3005, 0x3007, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3FFFF: false
        default: true
        }
    }

    /// How far ruby above or below may hang past each end of the base `range` of `units` (inside
    /// `context`): up to one ruby character (`rubySize`) on a side the overhang rule opens whose
    /// neighbour may be overhung; 0 at the context's edges. `RubyLayout` reads the same from the
    /// line's `ParagraphText` (`allowance(_:rubySize:before:after:)`).
    package static func allowance(
        _ overhang: RubyOverhang, rubySize: CGFloat, units: [UInt16], context: Range<Int>, range: Range<Int>
    ) -> (start: CGFloat, end: CGFloat) {
        func scalar(at i: Int, backward: Bool) -> UInt32? {
            guard context.contains(i) else { return nil }
            let u = UInt32(units[i])
            if backward, u & 0xFC00 == 0xDC00, i > context.lowerBound, units[i - 1] & 0xFC00 == 0xD800 {
                return 0x10000 + ((UInt32(units[i - 1]) - 0xD800) << 10) + (u - 0xDC00)
            }
            if !backward, u & 0xFC00 == 0xD800, i + 1 < context.upperBound, units[i + 1] & 0xFC00 == 0xDC00 {
                return 0x10000 + ((u - 0xD800) << 10) + (UInt32(units[i + 1]) - 0xDC00)
            }
            return u
        }
        let before = scalar(at: range.lowerBound - 1, backward: true).map(mayOverhang) ?? false
        let after = scalar(at: range.upperBound, backward: false).map(mayOverhang) ?? false
        return allowance(overhang, rubySize: rubySize, before: before, after: after)
    }

    /// The allowances of a base whose neighbours may (`before`, `after`) be overhung.
    package static func allowance(_ overhang: RubyOverhang, rubySize: CGFloat, before: Bool, after: Bool) -> (
        start: CGFloat, end: CGFloat
    ) {
        let opensStart = overhang == .auto || overhang == .start
        let opensEnd = overhang == .auto || overhang == .end
        return (opensStart && before ? rubySize : 0, opensEnd && after ? rubySize : 0)
    }

    /// The space ruby above or below needs added to a base `baseWidth` wide: the ruby's excess
    /// width beyond what it may overhang. Ruby aligned at the start hangs only past the end,
    /// at the end only past the start; otherwise it hangs over both sides independently, each
    /// up to its own allowance (CSS Ruby 1 / JLREQ §3.3.8: centred when both sides allow half the
    /// excess, else moved towards the side that allows more: `RubyLayout.overhangs`).
    /// Scale-to-fit ruby shrinks instead (no space).
    package static func padding(
        rubyWidth: CGFloat, baseWidth: CGFloat, annotation: RubyAnnotation, allowance: (start: CGFloat, end: CGFloat)
    ) -> CGFloat {
        let excess = rubyWidth - baseWidth
        guard excess > 0, !annotation.scalesToFit else { return 0 }
        let hang: CGFloat =
            switch annotation.alignment {
            case .start: allowance.end
            case .end: allowance.start
            default: allowance.start + allowance.end
            }
        return max(0, excess - hang)
    }

    /// Spaces out the base glyphs from `first` on (one ruby base, shaped in `font`) for
    /// `annotation`: each of its n clusters gets padding/n more advance with its glyphs moved by
    /// padding/2n (1-2-1) along the line (down the column for upright glyphs in a vertical
    /// line, whose offsets are y up), and inline ruby's width is added after the last cluster.
    package static func apply(
        _ annotation: RubyAnnotation, font: Font, units: [UInt16], context: Range<Int>, range: Range<Int>,
        orientation: GlyphOrientation = .horizontal, to glyphs: inout ShapedGlyphs, from first: Int
    ) {
        let n = glyphs.count
        guard first < n, let rubyFont = annotationFont(annotation, base: font) else { return }
        let baseWidth = glyphs.glyphs[first..<n].reduce(0) { $0 + $1.advance }
        let allowed = allowance(
            annotation.overhang, rubySize: rubyFont.size, units: units, context: context, range: range)
        var padding: CGFloat = 0
        for position in [RubyPosition.before, .after] {
            guard let text = annotation.text(for: position) else { continue }
            let needed = Self.padding(
                rubyWidth: width(of: text, font: rubyFont), baseWidth: baseWidth, annotation: annotation,
                allowance: allowed)
            padding = max(padding, needed)
        }
        if padding > 0 {
            var clusters = 0
            for i in first..<n where i == n - 1 || glyphs.glyphs[i + 1].cluster != glyphs.glyphs[i].cluster {
                clusters += 1
            }
            let unit = padding / CGFloat(max(clusters, 1))
            for i in first..<n {
                if orientation == .upright {
                    glyphs.glyphs[i].offset.y -= unit / 2
                } else {
                    glyphs.glyphs[i].offset.x += unit / 2
                }
                if i == n - 1 || glyphs.glyphs[i + 1].cluster != glyphs.glyphs[i].cluster {
                    glyphs.glyphs[i].advance += unit
                }
            }
        }
        let inline = inlineWidth(annotation, font: font)
        if inline > 0 { glyphs.glyphs[n - 1].advance += inline }
    }
}
