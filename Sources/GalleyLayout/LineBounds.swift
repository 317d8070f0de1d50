// The bounds of a line under CoreText's line-bounds options (CTLineGetBoundsWithOptions):
// typographic, with or without leading and shifts, with hanging punctuation or optical edges,
// as glyph-path ink, or grown to the fonts' language extents.
import Foundation
import GalleyFonts
import GalleyShaping
import GalleyText

extension Line {
    /// The bounds of the line, relative to its origin with y up (the rect's origin at its bottom
    /// left). Like CTLineGetBoundsWithOptions, whose doc says: "Passing 0 (no options) returns the
    /// typographic bounds, including typographic leading and shifts".
    ///
    /// - No option: x from 0 to ``width`` (trailing whitespace included); y from −(descent +
    ///   leading) to ascent, the leading below the descent as CoreText puts it (observed: a
    ///   Helvetica Neue 16 line gives y = −(descent + leading), height = ascent + descent + leading).
    /// - ``LineBoundsOptions/excludeTypographicLeading``: y from −descent to ascent.
    /// - ``LineBoundsOptions/excludeTypographicShifts``: ascent and descent are the maxima of the
    ///   runs' unshifted values (a superscript or a `baselineOffset` no longer grows them).
    /// - ``LineBoundsOptions/useHangingPunctuation``: an opening bracket or quote at the line's
    ///   logical start, and a closing bracket, quote, comma or full stop at its logical end, are
    ///   left out horizontally, and so is trailing whitespace (it always hangs).
    /// - ``LineBoundsOptions/useGlyphPathBounds``: the ink as drawn, ``imageBounds``.
    /// - ``LineBoundsOptions/useOpticalBounds`` (overrides glyph path bounds): horizontally, from
    ///   the optical left edge of the visually first glyph to the optical right edge of the last
    ///   one, trailing whitespace left out (see `Font.opticalBounds(for:)`: the font's `opbd`
    ///   table, else the glyph's advance box); vertically typographic.
    /// - ``LineBoundsOptions/includeLanguageExtents``: ascent and descent grow to each run font's
    ///   bounding box (`head` yMax and −yMin), the extent of every glyph the font has for its
    ///   languages, so drawing in the box does not clip stacked diacritics; ignored with glyph
    ///   path bounds, as CoreText's doc says.
    ///
    /// A vertical line (``lineAxis`` `.vertical`) gives the same box turned 90° clockwise about the origin,
    /// (x, y) → (y, −x), as its rotated glyphs are: its extent along the line runs down from 0 to
    /// −``width`` and its ascent lies right of the centre line, its descent and then its leading
    /// left of it (x from −(descent + leading) to ascent). Optical edges of upright glyphs are
    /// their advance boxes (`opbd` is horizontal); language extents grow only by rotated runs'
    /// fonts (an upright glyph's horizontal box says nothing about its column's width).
    public func bounds(options: LineBoundsOptions = []) -> CGRect {
        if options.contains(.useGlyphPathBounds), !options.contains(.useOpticalBounds) {
            return imageBounds
        }
        let box = inlineBounds(options: options)
        switch lineAxis {
        case .horizontal: return box
        case .vertical: return CGRect(x: box.minY, y: -box.maxX, width: box.height, height: box.width)
        }
    }

    /// The typographic box of `bounds(options:)` (glyph path bounds aside) in the line's inline
    /// and block axes: x along the line from its origin, y up from the baseline (for a vertical
    /// line: x down the line, y to the right of the centre line), as a horizontal line's box.
    func inlineBounds(options: LineBoundsOptions) -> CGRect {
        var (ascent, descent) = (self.ascent, self.descent)
        if options.contains(.excludeTypographicShifts), !glyphRuns.isEmpty {
            ascent = 0
            descent = 0
            for run in glyphRuns {
                let m = run.verticalMetrics
                ascent = max(ascent, m.ascent - run.baselineShift)
                descent = max(descent, m.descent + run.baselineShift)
            }
        }
        if options.contains(.includeLanguageExtents) {
            for run in glyphRuns where !run.isPlaceholder && run.orientation != .upright {
                let box = run.font.boundingBox
                var shift = options.contains(.excludeTypographicShifts) ? 0 : run.baselineShift
                if run.orientation == .sideways { shift += LineAssembly.rotatedBaseline(run.font) }
                ascent = max(ascent, box.maxY + shift)
                descent = max(descent, -box.minY - shift)
            }
        }
        let below = descent + (options.contains(.excludeTypographicLeading) ? 0 : leading)
        var (left, right) = (CGFloat(0), width)
        if options.contains(.useOpticalBounds) {
            (left, right) = opticalEdges()
        } else if options.contains(.useHangingPunctuation) {
            let hang = hangingEdges()
            let visibleLeft: CGFloat = isRightToLeft ? trailingWhitespaceWidth : 0
            let visibleRight: CGFloat = isRightToLeft ? width : width - trailingWhitespaceWidth
            let (leftHang, rightHang) = isRightToLeft ? (hang.end, hang.start) : (hang.start, hang.end)
            left = visibleLeft + leftHang
            right = visibleRight - rightHang
            if right < left { right = left }
        }
        return CGRect(x: left, y: -below, width: right - left, height: ascent + below)
    }

    /// The advances of the punctuation that hangs at the line's logical start (an opening
    /// bracket or quote) and end (a closing bracket or quote, or a stop).
    func hangingEdges() -> (start: CGFloat, end: CGFloat) {
        guard visibleEnd > stringRange.lowerBound else { return (0, 0) }
        let first = stringRange.lowerBound
        let start = paragraphText.unitClass(at: first).contains(.opening) ? advance(ofCharacterAt: first) : 0
        let last = paragraphText.unitClass(at: visibleEnd - 1)
        let end = !last.isDisjoint(with: [.closing, .stop]) ? advance(ofCharacterAt: visibleEnd - 1) : 0
        return (start, end)
    }

    /// The optical left edge of the visually first glyph and the optical right edge of the last,
    /// trailing whitespace left out; (0, 0) for a line with no glyph.
    func opticalEdges() -> (left: CGFloat, right: CGFloat) {
        let visible = stringRange.lowerBound..<visibleEnd
        var left = CGFloat.infinity
        var right = -CGFloat.infinity
        for run in glyphRuns {
            var pen = run.originX
            for g in 0..<run.glyphCount {
                let advance = run.orientation.lineAxis.inlineExtent(run.advances[g])
                defer { pen += advance }
                guard visible.contains(run.stringIndices[g]) || run.isTruncationToken else { continue }
                if let delegate = run.runDelegate {
                    left = min(left, pen)
                    right = max(right, pen + delegate.width)
                    continue
                }
                let advanceBox = CGRect(x: 0, y: 0, width: advance, height: 0)
                let optical: CGRect
                switch run.orientation {
                case .upright: optical = advanceBox
                case .horizontal, .sideways: optical = run.font.opticalBounds(for: run.glyphs[g]) ?? advanceBox
                }
                left = min(left, pen + optical.minX)
                right = max(right, pen + optical.maxX)
            }
        }
        return left <= right ? (left, right) : (0, 0)
    }
}
