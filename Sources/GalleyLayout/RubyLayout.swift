// RubyLayout: where a line's ruby annotations go (horizontal lines). Each ruby base in the line
// (adjacent glyph runs carrying one RubyAnnotation) gets, for each position with text, the
// annotation laid out in the base's font scaled by the size factor, placed and aligned by the
// rules below, and the line's ascent or descent grows to hold it. The base's spacing for a wider
// annotation was made when it was shaped (GalleyShaping's RubySpacing).
//
// Rules, in line coordinates (y up). B = the base box: from the base's first pen position to the
// end of its last advance (spacing for the ruby included, room after it for inline ruby
// excluded), from the largest descent to the largest ascent of its runs' fonts. W = the ruby's
// natural width. Along the line (before/after):
// - start: ruby's left edge on B's left edge; end: right edges equal; center: centred.
// - W < B, in an annotation whose letters may be spread (kana, ideographs; a Latin reading
//   such as pinyin has no justification opportunities, so it is centred instead, CSS Ruby 1
//   §4.2): distributeLetter spreads the letters with their first on B's left edge and last on
//   its right edge, equal space k = (B−W)/(n−1) between the n letters ("0-1-0", CSS
//   space-between; one letter is centred); distributeSpace and auto put k = (B−W)/n between
//   letters and k/2 at each end ("1-2-1", JLREQ §3.3.6's default for mono and group ruby).
// - W ≥ B: distribute* and auto are centred.
// - lineEdge: start-aligned when the base starts the line, end-aligned when it ends it (before its
//   trailing whitespace), else auto.
// - scalesToFit and W > B: the ruby font shrinks by B/W so that the ruby fits.
// - Ruby that would hang past the start of its line (its base starts the line) moves to start at
//   the base's start, and past the end likewise to end at the base's end (JLREQ §3.3.8: ruby
//   does not protrude past the line's head or end).
// Across the line: before sits on B's top (ruby rect's bottom = B's top), after hangs from B's
// bottom (ruby rect's top = B's bottom), interCharacter is after B along the line and centred on
// it across, inline is after B on the baseline. The ruby rect is its typographic box: from its
// first glyph's pen position to its last glyph's advance end (space added after the last letter
// excluded), from its font's descent to its ascent.
//
// Vertical lines follow the same rules with the axes turned: "along the line" is
// down the column from the line's origin (start = top, end = bottom), "across" is x: before is
// to the right of the column (on the base's right half, the line's ascent), after to the left
// (the descent side), interCharacter below the base centred across, inline below it on the
// centre line. The annotation is laid out as a vertical line itself (vertical forms on, its
// characters oriented as the base's), its origin the top of its centre line; the ruby rect's
// width is its column (its ascent + descent), its height its length down the line.

import Foundation
import GalleyFonts
import GalleyShaping
import GalleyText

extension RubyPlacement {
    /// The same placement for a line moved by `delta` code units: its base range shifted (the
    /// annotation's glyph runs count in its own text and stay).
    func shifted(by delta: Int) -> RubyPlacement {
        RubyPlacement(
            baseRange: (baseRange.lowerBound + delta)..<(baseRange.upperBound + delta), annotation: annotation,
            position: position, text: text, baseRect: baseRect, rect: rect, origin: origin, glyphRuns: glyphRuns,
            lineAxis: lineAxis)
    }
}

/// One ruby annotation placed in a line: its base, its text at one position, where both are and
/// the annotation's glyph runs. CoreText does not expose ruby geometry (it draws it inside
/// CTLineDraw); Galley reports it so callers can hit-test or draw it themselves.
public struct RubyPlacement: Sendable {
    /// The base's UTF-16 range (the annotation is not part of the string).
    public let baseRange: Range<Int>
    /// The annotation attribute.
    public let annotation: RubyAnnotation
    /// Which of its texts this is.
    public let position: RubyPosition
    /// The text.
    public let text: String
    /// The base's box in line coordinates (origin = the start of the baseline, y up).
    public let baseRect: CGRect
    /// The annotation's typographic box in line coordinates.
    public let rect: CGRect
    /// Where the annotation's baseline starts, in line coordinates: its glyph runs' positions and
    /// `originX` are relative to this point.
    public let origin: CGPoint
    /// The annotation's glyph runs (its string indices count in ``text``).
    public let glyphRuns: [GlyphRun]
    /// The axis of the base's line: in a vertical line the annotation is a vertical line too,
    /// to the right of the column (before) or to its left (after), and ``origin`` is the top end
    /// of its centre line.
    public let lineAxis: LineAxis
}

/// Places a line's ruby.
enum RubyLayout {
    /// Whether any run carries ruby (the cheap test every line makes).
    static func hasRuby(_ runs: [GlyphRun]) -> Bool {
        // By index: a `contains` closure would copy each run (its arrays and references).
        for i in runs.indices where runs[i].attributes.hasRubyAnnotation { return true }
        return false
    }

    /// The ruby of a line whose runs are `runs`, `visibleWidth` wide without trailing whitespace.
    static func place(_ runs: [GlyphRun], visibleWidth: CGFloat, text: ParagraphText) -> [RubyPlacement] {
        var result: [RubyPlacement] = []
        var i = 0
        while i < runs.count {
            guard let ruby = runs[i].attributes.rubyAnnotation else {
                i += 1
                continue
            }
            var j = i + 1
            while j < runs.count, runs[j].attributes.rubyAnnotation == ruby { j += 1 }
            let group = Array(runs[i..<j])
            for position in ruby.positions {
                if let placed = place(ruby, position, base: group, visibleWidth: visibleWidth, text: text) {
                    result.append(placed)
                }
            }
            i = j
        }
        return result
    }

    /// The bounds grown to hold `rubies`: ascent up to the highest top, descent down to the lowest
    /// bottom (maxima, so growing twice changes nothing).
    static func grown(_ bounds: TypographicBounds, _ rubies: [RubyPlacement]) -> TypographicBounds {
        var b = bounds
        for ruby in rubies {
            // Across a vertical line, the ascent is the half right of the centre line.
            switch ruby.lineAxis {
            case .horizontal:
                b.ascent = max(b.ascent, ruby.rect.maxY)
                b.descent = max(b.descent, -ruby.rect.minY)
            case .vertical:
                b.ascent = max(b.ascent, ruby.rect.maxX)
                b.descent = max(b.descent, -ruby.rect.minX)
            }
        }
        return b
    }

    private static func place(
        _ ruby: RubyAnnotation, _ position: RubyPosition, base: [GlyphRun], visibleWidth: CGFloat,
        text paragraph: ParagraphText
    ) -> RubyPlacement? {
        let shaper = paragraph.shaper
        guard let text = ruby.text(for: position), let first = base.first,
            var font = RubySpacing.annotationFont(ruby, base: first.font)
        else { return nil }
        let axis = first.orientation.lineAxis
        let vertical = axis == .vertical
        let lo = base.map(\.stringRange.lowerBound).min()!
        let hi = base.map(\.stringRange.upperBound).max()!
        // u: along the line (x, or down a vertical line); the base's extent across it.
        let u0 = base.map(\.originX).min()!
        let inline = RubySpacing.inlineWidth(ruby, font: first.font)
        let u1 = base.map { $0.originX + $0.width }.max()! - inline
        let ascent = base.map { $0.verticalMetrics.ascent }.max()!
        let descent = base.map { $0.verticalMetrics.descent }.max()!
        let baseRect =
            vertical
            ? CGRect(x: -descent, y: -u1, width: ascent + descent, height: u1 - u0)
            : CGRect(x: u0, y: -descent, width: u1 - u0, height: ascent + descent)
        let b = u1 - u0
        let attributes = annotationAttributes(first, vertical: vertical)
        var line = layOut(text, font: font, kern: 0, attributes: attributes, shaper: shaper)
        var w = line.width
        let across = position == .before || position == .after
        if across, ruby.scalesToFit, w > b, b > 0, let smaller = try? font.withSize(font.size * b / w) {
            font = smaller
            line = layOut(text, font: font, kern: 0, attributes: attributes, shaper: shaper)
            w = line.width
        }
        var u: CGFloat
        var kern: CGFloat = 0
        if across {
            let atStart = u0 <= 0.001
            let atEnd = u1 + inline >= visibleWidth - 0.001
            let alignment = resolved(ruby.alignment, atStart: atStart, atEnd: atEnd)
            (u, kern) = horizontal(alignment, x0: u0, b: b, w: w, letters: Self.spreadableLetters(text))
            if w > b, ![.start, .end].contains(alignment),
                let size = RubySpacing.annotationFont(ruby, base: first.font)?.size
            {
                let allowed = RubySpacing.allowance(
                    ruby.overhang, rubySize: size, before: paragraph.mayBeOverhung(at: lo - 1),
                    after: paragraph.mayBeOverhung(at: hi))
                u = u0 - Self.overhangs(excess: w - b, allowance: allowed).start
            }
            if kern != 0 {
                line = layOut(text, font: font, kern: kern, attributes: attributes, shaper: shaper)
            } else if atStart, u < u0 {
                u = u0
            } else if atEnd, u + w > u1 {
                u = u1 - w
            }
        } else {
            u = u1
        }
        // v: the annotation's baseline across the line (its centre line in a vertical line),
        // from the base box's edges across it (its top and bottom, or right and left).
        let (high, low, middle) =
            vertical ? (baseRect.maxX, baseRect.minX, baseRect.midX) : (baseRect.maxY, baseRect.minY, baseRect.midY)
        let v: CGFloat =
            switch position {
            case .before: high + line.descent
            case .after: low - line.ascent
            case .interCharacter: middle - (line.ascent - line.descent) / 2
            case .inline: 0
            }
        let lead = kern > 0 && ruby.alignment != .distributeLetter ? kern / 2 : 0
        let start = u + lead
        let length = line.width - kern
        let thickness = line.ascent + line.descent
        return RubyPlacement(
            baseRange: lo..<hi, annotation: ruby, position: position, text: text, baseRect: baseRect,
            rect: vertical
                ? CGRect(x: v - line.descent, y: -(start + length), width: thickness, height: length)
                : CGRect(x: start, y: v - line.descent, width: length, height: thickness),
            origin: vertical ? CGPoint(x: v, y: -start) : CGPoint(x: start, y: v), glyphRuns: line.glyphRuns,
            lineAxis: axis)
    }

    /// The number of letters a shorter annotation is spread over: its grapheme clusters when
    /// every gap between them is a justification opportunity (CSS Text 3 §7.1: between the
    /// letters of scripts written without spaces, ideographs, kana and bopomofo, as in JLREQ's
    /// kana readings); 1 otherwise, so a Latin reading (pinyin "yí", romaji) is centred, as
    /// CSS Ruby 1 §4.2 centres content with no opportunities. (A reading of several Latin words
    /// is centred too, where CSS would put the room in its spaces.)
    static func spreadableLetters(_ text: String) -> Int {
        let clusters = Array(text)
        guard clusters.count > 1 else { return clusters.count }
        func spreads(_ c: Character) -> Bool {
            guard let value = c.unicodeScalars.first?.value else { return false }
            switch value {
            case 0x2E80...0x2FDF, 0x3000...0x303F, 0x3040...0x30FF, 0x3100...0x312F, 0x31A0...0x31FF,
                0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0xFF00...0xFFEF, 0x20000...0x3FFFF:
                return true
            default: return false
            }
        }
        for k in 1..<clusters.count where !spreads(clusters[k - 1]) && !spreads(clusters[k]) { return 1 }
        return clusters.count
    }

    /// How far a centred annotation `excess` wider than its (spaced) base hangs past each end,
    /// each side up to its `allowance` (CSS Ruby 1, JLREQ §3.3.8: the two sides are
    /// independent): centred when both allow half the excess, else as much as the tighter side
    /// allows there and the rest on the other side.
    static func overhangs(excess: CGFloat, allowance: (start: CGFloat, end: CGFloat)) -> (start: CGFloat, end: CGFloat)
    {
        let half = excess / 2
        if allowance.start >= half && allowance.end >= half { return (half, half) }
        if allowance.start < allowance.end { return (allowance.start, excess - allowance.start) }
        return (excess - allowance.end, allowance.end)
    }

    /// `alignment` with lineEdge resolved for a base that starts or ends the line.
    static func resolved(_ alignment: RubyAlignment, atStart: Bool, atEnd: Bool) -> RubyAlignment {
        guard alignment == .lineEdge else { return alignment }
        return atStart ? .start : atEnd ? .end : .auto
    }

    /// The ruby's left x (before any 1-2-1 lead) and the space after each letter, for a base at
    /// `x0` `b` wide and ruby `w` wide with `letters` grapheme clusters.
    static func horizontal(_ alignment: RubyAlignment, x0: CGFloat, b: CGFloat, w: CGFloat, letters: Int) -> (
        x: CGFloat, kern: CGFloat
    ) {
        let extra = b - w
        switch alignment {
        case .start: return (x0, 0)
        case .end: return (x0 + extra, 0)
        case .distributeLetter where extra > 0 && letters > 1: return (x0, extra / CGFloat(letters - 1))
        case .distributeSpace where extra > 0 && letters > 1, .auto where extra > 0 && letters > 1:
            return (x0, extra / CGFloat(letters))
        default: return (x0 + extra / 2, 0)
        }
    }

    /// What the annotation text keeps of its base run's attributes: colour and language; in a
    /// vertical line, vertical forms (so that it is a vertical line too) with the base's text
    /// orientation (sideways when the base is rotated).
    private static func annotationAttributes(_ base: GlyphRun, vertical: Bool) -> Attributes {
        var a = Attributes()
        a.foregroundColor = base.attributes.foregroundColor
        a.language = base.attributes.language
        if vertical {
            a.verticalForms = true
            a.textOrientation = base.orientation == .sideways ? .sideways : base.attributes.textOrientation
        }
        return a
    }

    /// `text` laid out as one left-to-right line in `font` with `kern` after each cluster (line
    /// and paragraph breaks in it laid out as spaces: ruby is one line), shaped by `shaper` (the
    /// base's paragraph's fonts, `font` as default) — no typesetter is made.
    private static func layOut(
        _ text: String, font: Font, kern: CGFloat, attributes: Attributes, shaper: TextShaper
    ) -> Line {
        var a = attributes
        a.font = font
        if kern != 0 { a.kern = kern }
        a.paragraphStyle = ParagraphStyle(baseWritingDirection: .leftToRight)
        let oneLine = String(
            String.UnicodeScalarView(
                text.unicodeScalars.map {
                    "\n\r\u{0B}\u{0C}\u{85}\u{2028}\u{2029}".unicodeScalars.contains($0) ? " " : $0
                }))
        return LineBuilder.standaloneLine(
            AttributedText(oneLine, attributes: a), shaper: shaper.with(defaultFont: font))
    }
}
