// The JSON form of a laid-out frame that `galley layout` prints.
import Foundation
import Galley

/// Converts a ``Frame`` to the JSON that `galley layout` prints. Key order is fixed:
/// `size, rect, stringRange, visibleStringRange, lines[stringRange, origin, width, ascent, descent,
/// leading, trailingWhitespaceWidth, runs[stringRange, font, family, requestedFamily, size, rightToLeft, glyphs,
/// positions, advances, stringIndices, color, placeholder, baselineShift, isTruncationToken,
/// attributes], isTruncated, truncationTokenRange, placedMetrics[ascent, descent, leading], hyphenated,
/// adjustmentRatio, ruby (only on a line with ruby: [baseRange, position, text, baseRect, rect,
/// origin, runs], see `rubies(_:origin:frame:)`)]`.
/// Ranges are `[location, length]` (as CFRange); coordinates are CoreText's (y up): line origins
/// relative to the frame's rect, glyph positions relative to the line origin, placeholder rects
/// relative to the frame's rect.
///
/// A run's `font` is the PostScript name of the face used and `family` its family name;
/// `requestedFamily`, present only when the font stands in for another name
/// (`Font.substitution`: a generic name such as `Sans`, a fontconfig alias such as `Times`, or an
/// unknown family replaced by the default), is the name that was asked for.
///
/// A run with custom attributes (``Attributes/customAttributes``: a link, an app's own keys)
/// ends with `custom`, an object of those whose values have a JSON form (see `customAttributes`).
///
/// A run's `attributes` object holds only the character attributes that are set, named by their
/// `Attribute.Key`, in this order: `kern, tracking, ligatureLevel, fontFeatures [{tag, value}],
/// fontVariations [{tag, value}], baselineOffset, superscript, obliqueness, underline {style,
/// pattern, color}, strikethrough {style, pattern, color}, backgroundColor, stroke {width, color},
/// shadow {offset [w, h], blurRadius, color}, language`, then any later key in `Attribute.Key`
/// order (colours as `#rrggbbaa`, an unset decoration colour as null: the text colour). The font,
/// colour and run delegate are the run's own `font`/`size`, `color` and `placeholder`; the
/// paragraph style and writing direction show in the line origins, widths and `rightToLeft`. A line's `truncationTokenRange` is the range its token stands for, or null;
/// `placedMetrics` are each `PlacedLine.metrics` (after line height and spacing rules);
/// `hyphenated` is `Line.isHyphenated` and `adjustmentRatio` `Frame.adjustmentRatio(ofLine:)` (null
/// where it has none). Vertical lines (`--writing-mode vertical-rl|vertical-lr`) and their runs
/// end with `"vertical": true`, each run then with `"rotated"` (turned 90° clockwise, or upright
/// with HarfBuzz's TTB glyphs, advances and offsets); a vertical line's origin is the top end of
/// its centre line and its advances are (0, −extent).
package enum LayoutJSON {
    /// With `attributesOf` (`galley layout --attributes`), a last top-level member `attributes`
    /// lists that text's attribute runs in Pango's terms (see `AttributesJSON`).
    static func encode(_ frame: Frame, attributesOf text: AttributedText? = nil) -> JSON {
        let placeholders = Dictionary(frame.placeholders.map { ($0.stringIndex, $0) }, uniquingKeysWith: { a, _ in a })
        let lines: [JSON] = frame.lines.enumerated().map { index, line in
            let origin = index < frame.lineOrigins.count ? frame.lineOrigins[index] : .zero
            return .object(
                [
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
                    ("hyphenated", .bool(line.isHyphenated)),
                    ("adjustmentRatio", frame.adjustmentRatio(ofLine: index).map { .num($0) } ?? .null),
                ] + (line.lineAxis == .vertical ? [("vertical", .bool(true))] : []))
        }
        return .object(
            [
                ("size", .array([.num(frame.rect.width), .num(frame.rect.height)])),
                ("rect", rect(frame.rect)),
                ("stringRange", range(frame.stringRange)),
                ("visibleStringRange", range(frame.visibleStringRange)),
                ("lines", .array(withRubies(lines, frame: frame))),
            ] + (text.map { [("attributes", AttributesJSON.encode($0))] } ?? []))
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
        var fontMembers: [(String, JSON)] = [
            ("font", .string(run.font.postScriptName)), ("family", .string(run.font.familyName)),
        ]
        if let substitution = run.font.substitution {
            fontMembers.append(("requestedFamily", .string(substitution.requestedFamily)))
        }
        return .object(
            [("stringRange", range(run.stringRange))] + fontMembers + [
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
            ]
                + customAttributes(run.attributes)
                + (run.orientation.lineAxis == .vertical
                    ? [("vertical", .bool(true)), ("rotated", .bool(run.orientation == .sideways))] : []))
    }

    /// `lines` (the JSON of the frame's lines) with a last member `ruby` on each line that has
    /// ruby.
    static func withRubies(_ lines: [JSON], frame: Frame) -> [JSON] {
        lines.enumerated().map { index, json in
            guard index < frame.lines.count, !frame.lines[index].rubies.isEmpty, case .object(let members) = json
            else { return json }
            let origin = index < frame.lineOrigins.count ? frame.lineOrigins[index] : .zero
            return .object(members + [("ruby", rubies(frame.lines[index], origin: origin, frame: frame))])
        }
    }

    /// A line's ruby (present only on lines that have some, so other output is unchanged): each
    /// annotation's base range, position, text, base rect and rect in frame coordinates (offset
    /// by the line origin, y up), the origin of its baseline (frame coordinates) and its glyph
    /// runs (positions relative to that origin, string indices into `text`).
    static func rubies(_ line: Line, origin: CGPoint, frame: Frame) -> JSON {
        .array(
            line.rubies.map { ruby in
                .object([
                    ("baseRange", range(ruby.baseRange)), ("position", .string(ruby.position.rawValue)),
                    ("text", .string(ruby.text)),
                    ("baseRect", rect(ruby.baseRect.offsetBy(dx: origin.x, dy: origin.y))),
                    ("rect", rect(ruby.rect.offsetBy(dx: origin.x, dy: origin.y))),
                    ("origin", point(CGPoint(x: ruby.origin.x + origin.x, y: ruby.origin.y + origin.y))),
                    ("runs", .array(ruby.glyphRuns.map { run($0, placeholders: [:], frame: frame) })),
                ])
            })
    }

    /// The placed ascent, descent and leading of line `index` (its own metrics if the frame has none).
    static func placedMetrics(_ frame: Frame, _ index: Int, _ line: Line) -> JSON {
        let m = index < frame.placedLines.count ? frame.placedLines[index].metrics : line.typographicBounds
        return .object([("ascent", .num(m.ascent)), ("descent", .num(m.descent)), ("leading", .num(m.leading))])
    }

    /// A run's `custom` member, present only when it has custom attributes (so other output is
    /// unchanged): each custom attribute whose value has a JSON form (a string, number, Boolean,
    /// URL or link, a URL as its absolute string), by key (the link is `NSLink`).
    static func customAttributes(_ a: Attributes) -> [(String, JSON)] {
        let members: [(String, JSON)] = a.customAttributes.keys.sorted().compactMap { key in
            guard let value = a.customAttributes[key] else { return nil }
            return customValue(value.base).map { (key, $0) }
        }
        return members.isEmpty ? [] : [("custom", .object(members))]
    }

    /// A custom value's JSON form, if it has one.
    static func customValue(_ value: Any) -> JSON? {
        switch value {
        case let string as String: .string(string)
        case let bool as Bool: .bool(bool)
        case let int as Int: .int(int)
        case let double as Double: double.isFinite ? .number(double) : nil
        case let url as URL: .string(url.absoluteString)
        case let link as TextLink: .string(link.absoluteString)
        case let number as NSNumber: number.doubleValue.isFinite ? .number(number.doubleValue) : nil
        default: nil
        }
    }

    /// The character attributes of `a` that are set, in ``attributeOrder``.
    static func characterAttributes(_ a: Attributes) -> JSON {
        .object(attributeOrder.compactMap { key in a[key].flatMap(member).map { (key.rawValue, $0) } })
    }

    /// The names of the members ``characterAttributes(_:)`` writes for `a`, in order.
    package static func characterAttributeNames(_ a: Attributes) -> [String] {
        guard case .object(let members) = characterAttributes(a) else { return [] }
        return members.map(\.0)
    }

    /// The documented order of a run's `attributes`, then every other key in `Attribute.Key`
    /// order, so that a new key is written without an edit here.
    static let attributeOrder: [Attribute.Key] = {
        let documented: [Attribute.Key] = [
            .kern, .tracking, .ligatureLevel, .fontFeatures, .fontVariations, .baselineOffset, .superscript,
            .obliqueness, .underline, .strikethrough, .backgroundColor, .stroke, .shadow, .language,
        ]
        return documented + Attribute.Key.allCases.filter { !documented.contains($0) }
    }()

    /// An attribute's value in a run's `attributes`, or nil for one the JSON shows elsewhere. A
    /// switch over every case, so a new attribute does not compile until it has its form here.
    static func member(_ attribute: Attribute) -> JSON? {
        switch attribute {
        case .font, .foregroundColor, .runDelegate: nil  // the run's `font`/`size`, `color`, `placeholder`
        case .paragraphStyle, .writingDirection: nil  // line origins and widths, `rightToLeft`
        case .kern(let v), .tracking(let v), .baselineOffset(let v), .obliqueness(let v): .num(v)
        case .ligatureLevel(let v), .superscript(let v): .int(v)
        case .fontFeatures(let v):
            .array(v.map { .object([("tag", .string($0.tag)), ("value", .int(Int($0.value)))]) })
        case .fontVariations(let v): .array(v.map { .object([("tag", .string($0.tag)), ("value", .num($0.value))]) })
        case .underline(let v), .strikethrough(let v): decoration(v)
        case .backgroundColor(let v): .string(v.hexString)
        case .stroke(let v):
            .object([("width", .num(v.width)), ("color", v.color.map { .string($0.hexString) } ?? .null)])
        case .shadow(let v):
            .object([
                ("offset", .array([.num(v.offset.width), .num(v.offset.height)])),
                ("blurRadius", .num(v.blurRadius)), ("color", .string(v.color.hexString)),
            ])
        case .language(let v): .string(v)
        case .allowsLineBreaks(let v), .insertsHyphens(let v), .fontFallback(let v): .bool(v)
        case .overline(let v): decoration(v)
        case .fontVariant(let v): .string(v.pangoName)
        case .fontScale(let v): .string(v.pangoName)
        case .gravity(let v): .string(v.rawValue)
        case .gravityHint(let v): .string(v.rawValue)
        case .show(let v): .string(v.pangoName)
        case .lineHeight(.multiple(let v)): .object([("multiple", .num(v))])
        case .lineHeight(.points(let v)): .object([("points", .num(v))])
        case .textTransform(let v): .string(v.rawValue)
        case .textSegment(let v): .string(v.rawValue)
        case .textSpacingTrim(let v): .string(v.rawValue)
        case .textAutospace(let v): .string(v.rawValue)
        case .expansion(let v): .num(v)
        case .glyphInfo, .baselineInfo, .baselineReferenceInfo: .string(Attributes.valueDescription(attribute))
        case .baselineClass(let v): .string(v.rawValue)
        case .rubyAnnotation(let v): rubyValue(v)
        case .verticalForms(let v): .bool(v)
        case .textOrientation(let v): .string(v.rawValue)
        case .horizontalInVerticalForms(let v): .num(CGFloat(v))
        }
    }

    /// A ruby annotation attribute: its text per position and its settings.
    static func rubyValue(_ v: RubyAnnotation) -> JSON {
        .object(
            v.positions.map { ($0.rawValue, JSON.string(v.texts[$0]!)) } + [
                ("alignment", .string(v.alignment.rawValue)), ("overhang", .string(v.overhang.rawValue)),
                ("sizeFactor", .num(v.sizeFactor)), ("scalesToFit", .bool(v.scalesToFit)),
            ])
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
