// Items of a vertical paragraph: each item is split into the stretches set upright
// (shaped with HarfBuzz's direction TTB) and the stretches rotated 90° clockwise (shaped
// horizontally, left to right or right to left as their bidi level says), as UAX #50's
// Vertical_Orientation and the text orientation decide (`TextOrientation.runs`).
import CHarfBuzz
import Foundation
import GalleyFonts
import GalleyText
import GalleyUnicode

/// Splitting a vertical paragraph's items by orientation.
package enum VerticalItems {
    /// `specs` split into upright and sideways items under `orientation` (CSS
    /// `text-orientation`), or when nil each item's own (`orientation(of:)`), each piece's
    /// `orientation` set. A `Tr` character (brackets, the long vowel mark) stands upright only
    /// when the item's font has a vertical alternate for it (`hasVerticalAlternate`).
    /// `graphemes` are the paragraph's grapheme cluster boundaries (clusters are oriented whole).
    package static func split(
        _ specs: [ItemSpec], units: [UInt16], orientation: TextOrientation?, graphemes: [Int]
    ) -> [ItemSpec] {
        var result: [ItemSpec] = []
        result.reserveCapacity(specs.count)
        for spec in specs {
            if spec.attributes.hasRunDelegate {
                // A placeholder keeps its delegate's width along the line: never shaped.
                var upright = spec
                upright.orientation = .upright
                result.append(upright)
                continue
            }
            let combined = spec.attributes.horizontalInVerticalForms.map {
                TateChuYoko.combinedRuns(in: units, range: spec.range, count: $0)
            }
            guard let combined, !combined.isEmpty else {
                result += pieces(
                    of: spec, range: spec.range, units: units, orientation: orientation, graphemes: graphemes)
                continue
            }
            // Tate-chū-yoko: each combined run is an upright item of its own (see `TateChuYoko`).
            var start = spec.range.lowerBound
            for run in combined {
                result += pieces(
                    of: spec, range: start..<run.lowerBound, units: units, orientation: orientation,
                    graphemes: graphemes)
                var piece = ItemSpec(
                    range: run, font: spec.font, attributes: spec.attributes, level: spec.level, script: spec.script)
                piece.orientation = .upright
                result.append(TateChuYoko.fitted(piece, units: units))
                start = run.upperBound
            }
            result += pieces(
                of: spec, range: start..<spec.range.upperBound, units: units, orientation: orientation,
                graphemes: graphemes)
        }
        return result
    }

    /// The upright and rotated pieces of `range` (inside `spec.range`; none when empty).
    private static func pieces(
        of spec: ItemSpec, range: Range<Int>, units: [UInt16], orientation: TextOrientation?, graphemes: [Int]
    ) -> [ItemSpec] {
        guard !range.isEmpty else { return [] }
        // Each Tr character is looked up once per item (ー recurs through katakana).
        var known: [UInt32: Bool] = [:]
        let runs = (orientation ?? Self.orientation(of: spec.attributes)).runs(
            in: units, range: range, graphemes: graphemes
        ) {
            scalar in
            if let found = known[scalar.value] { return found }
            let found = hasVerticalAlternate(scalar, in: spec.font)
            known[scalar.value] = found
            return found
        }
        return runs.map { run in
            var piece = ItemSpec(
                range: run.range, font: spec.font, attributes: spec.attributes, level: spec.level,
                script: spec.script)
            piece.orientation = run.orientation
            return piece
        }
    }

    /// How a run with `attributes` stands in a vertical line: with vertical forms
    /// (`kCTVerticalFormsAttributeName`) as its text orientation says (default mixed), without
    /// them rotated (sideways), as CoreText rotates text without vertical forms.
    package static func orientation(of attributes: Attributes) -> TextOrientation {
        guard attributes.verticalForms == true else { return .sideways }
        return attributes.textOrientation ?? .mixed
    }

    /// Whether `font` has a vertical alternate for `scalar`: shaping it alone with direction TTB
    /// (where HarfBuzz applies `vert`/`vrt2`) gives another glyph than its cmap glyph.
    package static func hasVerticalAlternate(_ scalar: Unicode.Scalar, in font: Font) -> Bool {
        guard let nominal = font.glyph(for: scalar), nominal != 0 else { return false }
        let buffer = BufferPool.take()
        defer { BufferPool.give(buffer) }
        guard hb_buffer_allocation_successful(buffer) != 0 else { return false }
        hb_buffer_add_codepoints(buffer, [scalar.value], 1, 0, 1)
        hb_buffer_set_direction(buffer, HB_DIRECTION_TTB)
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(font.hbFont, buffer, nil, 0)
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count), count == 1 else { return false }
        return infos[0].codepoint != nominal
    }
}
