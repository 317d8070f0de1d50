// The JSON form of a laid-out frame that `galley layout` prints.
import Foundation
import Galley

/// Converts a ``Frame`` to the JSON that `galley layout` prints. Key order is fixed:
/// `size, rect, stringRange, visibleStringRange, lines[stringRange, origin, width, ascent, descent,
/// leading, trailingWhitespaceWidth, runs[stringRange, font, size, rightToLeft, glyphs,
/// positions, advances, stringIndices, color, placeholder]]`. Ranges are `[location, length]`
/// (as CFRange); coordinates are CoreText's (y up): line origins relative to the frame's rect,
/// glyph positions relative to the line origin, placeholder rects relative to the frame's rect.
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
        ])
    }

    static func range(_ r: Range<Int>) -> JSON { .array([.int(r.lowerBound), .int(r.count)]) }
    static func point(_ p: CGPoint) -> JSON { .array([.num(p.x), .num(p.y)]) }
    static func rect(_ r: CGRect) -> JSON { .array([.num(r.minX), .num(r.minY), .num(r.width), .num(r.height)]) }
}
