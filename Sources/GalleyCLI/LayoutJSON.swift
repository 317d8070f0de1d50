// The JSON form of a laid-out frame that `galley layout` prints.
import Foundation
import Galley

/// Converts a ``Frame`` to the JSON that `galley layout` prints. Key order is fixed:
/// `size, rect, stringRange, visibleStringRange, lines[stringRange, origin, width, ascent, descent,
/// leading, trailingWhitespaceWidth, runs[stringRange, font, size, rightToLeft, glyphs,
/// positions, advances, stringIndices, color, placeholder, baselineShift, isTruncationToken,
/// attributes], isTruncated, truncationTokenRange, placedMetrics[ascent, descent, leading]]`.
/// Ranges are `[location, length]` (as CFRange); coordinates are CoreText's (y up): line origins
/// relative to the frame's rect, glyph positions relative to the line origin, placeholder rects
/// relative to the frame's rect.
///
/// A run's `attributes` object holds only the character attributes that are set, in this order:
/// `kern, tracking, ligatureLevel, fontFeatures [{tag, value}], fontVariations [{tag, value}],
/// baselineOffset, superscript, obliqueness, underline {style, pattern, color}, strikethrough
/// {style, pattern, color}, backgroundColor, stroke {width, color}, shadow {offset [w, h],
/// blurRadius, color}, language` (colours as `#rrggbbaa`, an unset decoration colour as null:
/// the text colour). A line's `truncationTokenRange` is the range its token stands for, or null;
/// `placedMetrics` are `Frame.placedLineMetrics` (after line height and spacing rules).
enum LayoutJSON {
    static func encode(_ frame: Frame) -> JSON {
        let placeholders = Dictionary(frame.placeholders.map { ($0.stringIndex, $0) }, uniquingKeysWith: { a, _ in a })
        let lines: [JSON] = frame.lines.enumerated().map { index, line in
            let origin = index < frame.lineOrigins.count ? frame.lineOrigins[index] : .zero
            return .object([
                ("stringRange", range(line.stringRange)),
                ("origin", point(origin)),
                ("width", .num(line.width)),
                ("ascent", .num(line.ascent)),
                ("descent", .num(line.descent)),
                ("leading", .num(line.leading)),
                ("trailingWhitespaceWidth", .num(line.trailingWhitespaceWidth)),
                ("runs", .array(line.glyphRuns.map { run($0, placeholders: placeholders, frame: frame) })),
                ("isTruncated", .bool(line.isTruncated)),
                ("truncationTokenRange", line.truncationTokenRange.map(range) ?? .null),
                ("placedMetrics", placedMetrics(frame, index, line)),
            ])
        }
        return .object([
            ("size", .array([.num(frame.rect.width), .num(frame.rect.height)])),
            ("rect", rect(frame.rect)),
            ("stringRange", range(frame.stringRange)),
            ("visibleStringRange", range(frame.visibleStringRange)),
            ("lines", .array(lines)),
        ])
    }

    static func run(_ run: GlyphRun, placeholders: [Int: Placeholder], frame: Frame) -> JSON {
        var placeholder = JSON.null
        if let delegate = run.runDelegate {
            var members: [(String, JSON)] = [
                ("width", .num(delegate.width)), ("ascent", .num(delegate.ascent)), ("descent", .num(delegate.descent)),
            ]
            if let p = placeholders[run.stringRange.lowerBound] {
                members.append(("rect", rect(p.rect.offsetBy(dx: -frame.rect.minX, dy: -frame.rect.minY))))
            }
            members.append(("value", .string(delegate.value)))
            placeholder = .object(members)
        }
        return .object([
            ("stringRange", range(run.stringRange)),
            ("font", .string(run.font.postScriptName)),
            ("size", .num(run.font.size)),
            ("rightToLeft", .bool(run.status.contains(.rightToLeft))),
            ("glyphs", .array(run.glyphs.map { .int(Int($0)) })),
            ("positions", .array(run.positions.map(point))),
            ("advances", .array(run.advances.map { .array([.num($0.width), .num($0.height)]) })),
            ("stringIndices", .array(run.stringIndices.map(JSON.int))),
            ("color", .string((run.attributes.foregroundColor ?? .black).hexString)),
            ("placeholder", placeholder),
            ("baselineShift", .num(run.baselineShift)),
            ("isTruncationToken", .bool(run.isTruncationToken)),
            ("attributes", characterAttributes(run.attributes)),
        ])
    }

    /// The placed ascent, descent and leading of line `index` (its own metrics if the frame has none).
    static func placedMetrics(_ frame: Frame, _ index: Int, _ line: Line) -> JSON {
        let m = index < frame.placedLineMetrics.count ? frame.placedLineMetrics[index] : line.typographicBounds
        return .object([("ascent", .num(m.ascent)), ("descent", .num(m.descent)), ("leading", .num(m.leading))])
    }

    /// The character attributes of `a` that are set, in the documented order.
    static func characterAttributes(_ a: Attributes) -> JSON {
        var members: [(String, JSON)] = []
        if let v = a.kern { members.append(("kern", .num(v))) }
        if let v = a.tracking { members.append(("tracking", .num(v))) }
        if let v = a.ligatureLevel { members.append(("ligatureLevel", .int(v))) }
        if let v = a.fontFeatures {
            members.append(("fontFeatures", .array(v.map { .object([("tag", .string($0.tag)), ("value", .int(Int($0.value)))]) })))
        }
        if let v = a.fontVariations {
            members.append(("fontVariations", .array(v.map { .object([("tag", .string($0.tag)), ("value", .num($0.value))]) })))
        }
        if let v = a.baselineOffset { members.append(("baselineOffset", .num(v))) }
        if let v = a.superscript { members.append(("superscript", .int(v))) }
        if let v = a.obliqueness { members.append(("obliqueness", .num(v))) }
        if let v = a.underline { members.append(("underline", decoration(v))) }
        if let v = a.strikethrough { members.append(("strikethrough", decoration(v))) }
        if let v = a.backgroundColor { members.append(("backgroundColor", .string(v.hexString))) }
        if let v = a.stroke {
            members.append(("stroke", .object([("width", .num(v.width)), ("color", v.color.map { .string($0.hexString) } ?? .null)])))
        }
        if let v = a.shadow {
            members.append(("shadow", .object([
                ("offset", .array([.num(v.offset.width), .num(v.offset.height)])),
                ("blurRadius", .num(v.blurRadius)), ("color", .string(v.color.hexString)),
            ])))
        }
        if let v = a.language { members.append(("language", .string(v))) }
        return .object(members)
    }

    static func decoration(_ d: TextDecoration) -> JSON {
        .object([
            ("style", .string("\(d.style)")), ("pattern", .string("\(d.pattern)")),
            ("color", d.color.map { .string($0.hexString) } ?? .null),
        ])
    }

    static func range(_ r: Range<Int>) -> JSON { .array([.int(r.lowerBound), .int(r.count)]) }
    static func point(_ p: CGPoint) -> JSON { .array([.num(p.x), .num(p.y)]) }
    static func rect(_ r: CGRect) -> JSON { .array([.num(r.minX), .num(r.minY), .num(r.width), .num(r.height)]) }
}
