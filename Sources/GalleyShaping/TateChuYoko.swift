// Tate-chū-yoko (`kCTHorizontalInVerticalFormsAttributeName`, CSS
// `text-combine-upright`): in a vertical paragraph, a run of up to 4 digits or Latin letters
// carrying the attribute is shaped horizontally — with the font's half-width (`hwid`, 2
// characters) or third-width (`twid`, 3) forms when it has them, else scaled horizontally to fit
// one em — and set as ONE upright cluster one em long, centred across the column.
import Foundation
import GalleyFonts
import GalleyText

/// Combining short horizontal runs into one upright em of a vertical line.
package enum TateChuYoko {
    /// The most characters combined, whatever the attribute says.
    package static let maximumCount = 4

    /// Whether `unit` may be combined: an ASCII digit or Latin letter.
    @inline(__always)
    static func isCombinable(_ unit: UInt16) -> Bool {
        (0x30...0x39).contains(unit) || (0x41...0x5A).contains(unit) || (0x61...0x7A).contains(unit)
    }

    /// The ranges of `range` combined into one upright em: the maximal runs of digits and Latin
    /// letters no longer than `count` (the attribute's value, at most 4). A longer run is not
    /// combined (it is set as the text orientation says).
    package static func combinedRuns(in units: [UInt16], range: Range<Int>, count: Int) -> [Range<Int>] {
        let limit = min(count, maximumCount)
        guard limit > 0 else { return [] }
        var runs: [Range<Int>] = []
        var i = range.lowerBound
        while i < range.upperBound {
            guard isCombinable(units[i]) else {
                i += 1
                continue
            }
            var end = i + 1
            while end < range.upperBound, isCombinable(units[end]) { end += 1 }
            if end - i <= limit { runs.append(i..<end) }
            i = end
        }
        return runs
    }

    /// Whether `spec` is a combined run over `range`: upright, carrying the attribute, and
    /// exactly one of `combinedRuns` of its own range.
    package static func combines(_ spec: ItemSpec, units: [UInt16], range: Range<Int>) -> Bool {
        guard spec.orientation == .upright, let count = spec.attributes.horizontalInVerticalForms, range == spec.range
        else {
            return false
        }
        return combinedRuns(in: units, range: range, count: count) == [range]
    }

    /// The width-compressing feature for `count` characters in `font`: `hwid` for 2, `twid` for
    /// 3, when the font has it.
    package static func widthFeature(count: Int, font: Font) -> String? {
        let tag: String? =
            switch count {
            case 2: "hwid"
            case 3: "twid"
            default: nil
            }
        guard let tag, font.hasLayoutFeature(tag) else { return nil }
        return tag
    }

    /// The horizontal shaping request of a combined run (its width feature on, no kern).
    static func request(
        _ spec: ItemSpec, units: [UInt16], context: Range<Int>, range: Range<Int>, expansion: CGFloat
    ) -> ShapingRequest {
        var features = FeatureSettings.features(for: spec.attributes, font: spec.font)
        if let tag = widthFeature(count: range.count, font: spec.font) {
            features.append(ShapingFeature(tag: tag, value: 1))
        }
        var request = ShapingRequest(
            text: units, context: context, range: range, font: spec.font, rightToLeft: false, script: spec.script,
            language: spec.attributes.language, kern: 0, features: features)
        request.expansion = expansion
        return request
    }

    /// `spec` (a combined run, as `VerticalItems` makes it) with the expansion that makes its
    /// horizontal width fit one em (the font's size), when it is wider: the renderer then
    /// scales its glyphs horizontally as for UIKit's expansion attribute.
    package static func fitted(_ spec: ItemSpec, units: [UInt16]) -> ItemSpec {
        var glyphs = ShapedGlyphs(base: spec.range.lowerBound)
        let base = TextSpacing.expansionFactor(spec.attributes)
        HarfBuzzShaper.shape(
            request(spec, units: units, context: spec.range, range: spec.range, expansion: base), into: &glyphs)
        let width = glyphs.glyphs.reduce(0) { $0 + $1.advance }
        let em = spec.font.size
        guard width > em, width > 0 else { return spec }
        var attributes = spec.attributes
        attributes.expansion = log(base * em / width)
        var fitted = ItemSpec(
            range: spec.range, font: spec.font, attributes: attributes, level: spec.level, script: spec.script)
        fitted.orientation = .upright
        return fitted
    }

    /// Shapes a combined run into `glyphs` as one upright cluster: the horizontal glyphs (x
    /// offsets centred on the column's centre line, the run's ascent–descent box centred in
    /// the em), every glyph at the cluster's pen (advance 0) but the last, which advances one
    /// em down the line; one cluster, so no line breaks inside it.
    package static func shape(
        _ spec: ItemSpec, units: [UInt16], context: Range<Int>, range: Range<Int>, into glyphs: inout ShapedGlyphs
    ) {
        let first = glyphs.count
        HarfBuzzShaper.shape(
            request(
                spec, units: units, context: context, range: range,
                expansion: TextSpacing.expansionFactor(spec.attributes)),
            into: &glyphs)
        guard glyphs.count > first else { return }
        let em = spec.font.size
        let width = glyphs.glyphs[first...].reduce(0) { $0 + $1.advance }
        // The baseline of the ascent–descent box centred in the em box below the pen.
        let baseline = -(em + spec.font.ascent - spec.font.descent) / 2
        let cluster = Int32(range.lowerBound - glyphs.base)
        var pen = -width / 2
        for i in first..<glyphs.count {
            let advance = glyphs.glyphs[i].advance
            glyphs.glyphs[i].offset = CGPoint(
                x: pen + glyphs.glyphs[i].offset.x, y: baseline + glyphs.glyphs[i].offset.y)
            glyphs.glyphs[i].advance = i == glyphs.count - 1 ? em : 0
            glyphs.glyphs[i].cluster = cluster
            glyphs.glyphs[i].unsafeToBreak = i > first
            glyphs.glyphs[i].unsafeToConcat = i > first
            pen += advance
        }
    }
}
