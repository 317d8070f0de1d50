// Markup: parses Pango 1.50 markup (<markup>, <b>, <big>, <i>, <s>, <sub>, <sup>, <small>, <tt>,
// <u>, <span …> with every attribute of Pango 1.50) plus Galley's <placeholder/> and <img/> and
// HTML's <ruby>/<rt>/<rp> into AttributedText.

import Foundation
import GalleyFonts

/// Pango markup, as Pango 1.50 reads it. Like `pango_parse_markup`, producing an
/// ``AttributedText`` instead of a `PangoAttrList`. Values are read with Pango's own rules
/// (pango-markup.c), so a document Pango rejects is rejected here, with Pango's reason; the
/// parity test (`MarkupParityTests`) compares Galley with libpango on a corpus and lists each
/// difference left.
///
/// **Elements**
/// - `<markup>`: an optional wrapper (allowed anywhere, as in Pango); no effect.
/// - `<b>`: weight bold. `<i>`: italic. `<u>`: a single underline. `<s>`: a strikethrough.
/// - `<big>`, `<small>`: one step of 1.2 up or down from the enclosing size, computed as Pango
///   does: from the last absolute size (`size="20pt"`, a font description's size), else as a
///   scale of the base size.
/// - `<sup>`, `<sub>`: ``Attribute/superscript(_:)`` one level up (+1) or down (-1) from the
///   enclosing level: the font's OS/2 superscript (subscript) offset and size, as Pango 1.50
///   raises and scales (its `font_scale`). `<sup><sub>` is level 0; nesting
///   beyond ±10 is an error.
/// - `<tt>`: the family "Monospace", as in Pango; font matching resolves it to the bundled
///   DejaVu Sans Mono.
/// - `<span>` with Pango's attributes (a `-` may replace `_`; synonyms may not repeat a property):
///   - `font`/`font_desc`: a font description (`"Sans Bold Condensed 12 @wght=600"`, read as
///     `pango_font_description_from_string`: family list, style, weight, stretch and variant
///     words, size, `@axis=value` variations); the other font attributes of the span win over
///     its parts. `font_family`/`face`: the family.
///   - `size`/`font_size`: a length (an integer in Pango units, 1/1024 pt, or `"12.5pt"`),
///     `xx-small` … `xx-large` or a percentage (scales of the base size), `smaller`/`larger`.
///     The size of text is the innermost absolute size times the innermost scale, as
///     `pango_attr_iterator_get_font` computes it.
///   - `weight`/`font_weight` (Pango's names or 1…1000), `style`/`font_style` (`normal`,
///     `italic`, `oblique`, which Galley takes as italic), `stretch`/`font_stretch` (the width
///     asked of font matching), `variant`/`font_variant` (``Attribute/fontVariant(_:)``).
///   - `foreground`/`fgcolor`/`color`, `background`/`bgcolor` (names and `#rgb` … forms; a
///     colour's alpha acts as `alpha`), `alpha`/`fgalpha`, `bgalpha`/`background_alpha`
///     (1…65535 or 1…100 %).
///   - `underline` (`none`, `single`, `double`, `low`, `error`, `single-line`, `double-line`,
///     `error-line`), `overline` (`none`, `single`), `strikethrough` (a boolean), and their
///     `_color`s (no alpha). As in Pango, a line and its colour nest apart.
///   - `rise` (``Attribute/baselineOffset(_:)``, a length, innermost wins), `baseline_shift`
///     (cumulative, added to `rise`: `superscript`/`subscript` (the font's OS/2 offset), an
///     integer in Pango units, or a length above 1 pt), `font_scale`
///     (``Attribute/fontScale(_:)``).
///   - `letter_spacing` (``Attribute/tracking(_:)``, Pango units), `font_features`
///     (``Attribute/fontFeatures(_:)``, CSS/HarfBuzz syntax, nested lists add up), `lang`
///     (lower-cased, `_` → `-`; empty ends the enclosing language), `fallback`, `gravity`,
///     `gravity_hint`, `show`, `line_height` (a factor, or above 1024 without a point an absolute
///     height in Pango units), `text_transform`, `segment`, `allow_breaks`, `insert_hyphens`:
///     the attributes of those names.
/// - `<placeholder width="100" ascent="30" descent="0" value="…"/>`: one U+FFFC carrying a
///   ``RunDelegate`` (`width` required; `ascent`, `descent` default to 0; `value` to "").
/// - `<img src="file.ppm" width="100" height="30"/>`: one U+FFFC carrying a ``RunDelegate``
///   with ascent = height, descent 0 and value = src (all three required). The file is not
///   opened here: drawing it is the caller's (or the renderer's) business.
/// - `<ruby>漢字<rt>かんじ</rt></ruby>`: ruby as in HTML: each `<rt>` gives its text (as a
///   ``RubyAnnotation``) to the base text since the `<ruby>` or the previous `<rt>`, so
///   `<ruby>漢<rt>かん</rt>字<rt>じ</rt></ruby>` makes two bases; `<rp>`'s content is dropped;
///   base text with no `<rt>` after it has no ruby. `<rt>` and `<rp>` must sit directly inside
///   `<ruby>` and hold only text; `<ruby>` does not nest. Galley's attributes on `<ruby>`:
///   `position` (`before`, `after`, `inter-character`, `inline`), `align` (`auto`, `start`,
///   `center`, `end`, `distribute-letter`, `distribute-space`, `line-edge`), `overhang` (`auto`,
///   `start`, `end`, `none`), `size_factor` (0.01…10, default 0.5), `scale_to_fit` (`true`/`false`).
///
/// **Galley's differences** (each in the parity test's table): `font_features` must parse (Pango
/// passes any string on); weights outside 1…1000 are errors; oblique is italic; CDATA sections are
/// kept as text (Pango drops them); `baseline_shift="superscript"` becomes points at once.
///
/// **Syntax** is GLib's XML subset: entities `&amp; &lt; &gt; &quot; &apos;`, character
/// references `&#NNN;` and `&#xHH;`, comments and processing instructions (skipped), CDATA
/// sections. White space is kept as written. Elements must nest properly, at most
/// ``maximumNestingDepth`` deep.
///
/// **Fonts.** Every element that changes the font asks ``FontCollection/font(matching:strict:)``
/// for the enclosing element's family, weight, italic flag, width and size (at the top, the base
/// font's), so generic names, fontconfig aliases and unknown families resolve as `fc-match` does;
/// an unknown family becomes the default family (recorded in ``Font/substitution``) unless
/// `strictFonts` makes it an error. When nothing differs from the base font, the base font itself
/// is used. Other attributes of `base` (paragraph style, kern, …) apply to all the text.
public enum Markup {
    /// The deepest elements may nest (an element inside 255 others is the deepest allowed), as
    /// libxml2 allows by default; one more is a ``MarkupError/malformed(line:column:message:)``
    /// at that element. Each open element keeps its own attributes, so the bound keeps a parse
    /// to a few hundred kilobytes of them whatever the input.
    public static let maximumNestingDepth = 256

    /// Parses `markup` into attributed text.
    /// - Parameters:
    ///   - markup: the markup.
    ///   - base: the attributes of text outside any element; its font is the default font and
    ///     is required by elements that change the font unless they name both family and size.
    ///   - fonts: where new fonts come from.
    /// - Throws: ``MarkupError`` with the line and column of the problem.
    /// - Parameter strictFonts: whether a family nothing knows is an error
    ///   (``MarkupError/font(_:)`` with `.familyNotFound`) instead of the default family (see
    ///   ``FontCollection/font(matching:strict:)``); false by default, as in Pango and CoreText.
    public static func parse(
        _ markup: String, base: Attributes, fonts: FontCollection = .shared, strictFonts: Bool = false
    ) throws(MarkupError) -> AttributedText {
        try parseWithImageSources(markup, base: base, fonts: fonts, strictFonts: strictFonts).text
    }

    /// Parses `markup` as ``parse(_:base:fonts:strictFonts:)`` does, and also returns the `src` of each
    /// `<img>` element (entities decoded, as in the run delegates' `value`), in document order.
    /// Comments and CDATA sections hold no elements, so an `<img>` written inside one is not listed.
    package static func parseWithImageSources(
        _ markup: String, base: Attributes, fonts: FontCollection = .shared, strictFonts: Bool = false
    ) throws(MarkupError) -> (text: AttributedText, imageSources: [String]) {
        var parser = MarkupParser(markup, base: base, fonts: fonts, strictFonts: strictFonts)
        let text = try parser.parse()
        return (text, parser.imageSources)
    }
}

/// The state of one parse: the scanner, the open elements and the output so far.
private struct MarkupParser {
    /// Font settings in effect; nil means "as the base font".
    struct FontSettings: Hashable {
        var family: String?
        var weight: Int?
        var italic: Bool?
        /// The CSS width of `stretch` (100 normal, 75 condensed, …).
        var width: Double?
        /// The innermost absolute size, in points: Pango's size attribute.
        var size: CGFloat?
        /// The innermost scale factor: Pango's scale attribute, which multiplies `size` (or the
        /// base size) whichever element set it, as `pango_attr_iterator_get_font` does.
        var scale: CGFloat?
    }

    /// How Pango's markup parser tracks relative sizes (its `OpenTag` fields): each `smaller`,
    /// `larger`, `<big>`, `<small>` moves `level` one step of 1.2 from the last absolute size
    /// (`baseSize`, set by `size=` or a font description's size) or else from the last scale
    /// relative to the base font (`baseScale`, set by `size="x-large"` or a percentage).
    struct SizeState: Equatable {
        var level = 0
        var baseScale: CGFloat = 1
        var baseSize: CGFloat?
    }

    /// Character settings that nest as Pango's attributes do, kept apart because Galley's
    /// attributes combine them (a decoration holds its colour; the baseline offset sums
    /// `rise` and `baseline_shift`).
    struct TextSettings: Equatable {
        /// The innermost `rise`, in points (nil: none, the base's baseline offset applies).
        var rise: CGFloat?
        /// The sum of enclosing `baseline_shift` values, in points (cumulative, as in Pango).
        var shift: CGFloat = 0
        /// The sum of `<sup>` (+1) and `<sub>` (-1) levels.
        var scriptLevel = 0
        var underline: TextDecoration?
        var underlineColor: Color?
        var strikethrough: TextDecoration?
        var strikethroughColor: Color?
        var overline: TextDecoration?
        var overlineColor: Color?
        var background: Color?
        var backgroundAlpha: Double?

        /// The settings of text outside any element.
        init(base: Attributes) {
            scriptLevel = base.superscript ?? 0
            underline = base.underline
            underlineColor = base.underline?.color
            strikethrough = base.strikethrough
            strikethroughColor = base.strikethrough?.color
            overline = base.overline
            overlineColor = base.overline?.color
            background = base.backgroundColor
        }
    }

    /// An open element and the attributes of text inside it.
    struct OpenElement {
        let name: String
        let offset: Int
        let settings: FontSettings
        let sizeState: SizeState
        let alpha: Double?
        let text: TextSettings
        let attributes: Attributes
        /// `<placeholder>` and `<img>` take no content.
        let mustBeEmpty: Bool
    }

    /// What a font is resolved from, for the cache.
    struct FontKey: Hashable {
        let family: String
        let weight: Int
        let italic: Bool
        let width: Double
        let size: CGFloat
    }

    var scanner: MarkupScanner
    let base: Attributes
    let fonts: FontCollection
    /// Whether an unknown family is an error rather than the default family.
    let strictFonts: Bool
    var stack: [OpenElement] = []
    var units: [UInt16] = []
    var runs = RunList()
    var fontCache: [FontKey: Font] = [:]
    /// The `src` of each `<img>` met so far, in document order.
    var imageSources: [String] = []
    /// The open `<ruby>`, if any.
    var ruby: MarkupRubyState?

    init(_ markup: String, base: Attributes, fonts: FontCollection, strictFonts: Bool) {
        scanner = MarkupScanner(markup)
        self.base = base
        self.fonts = fonts
        self.strictFonts = strictFonts
    }

    mutating func parse() throws(MarkupError) -> AttributedText {
        while let token = try scanner.next() {
            switch token {
            case .text(let text):
                try checkContentAllowed(at: nil)
                switch ruby?.capture {
                case .annotation?: ruby?.annotation += text
                case .ignored?: break
                case .base?, nil: append(Array(text.utf16), attributes: stack.last?.attributes ?? base)
                }
            case .start(let name, let attributes, let isEmpty, let offset):
                try checkContentAllowed(at: offset)
                guard stack.count < Markup.maximumNestingDepth else {
                    throw scanner.malformed(
                        "<\(name)> nests deeper than \(Markup.maximumNestingDepth) elements", at: offset)
                }
                if ["ruby", "rt", "rp"].contains(name) {
                    try openRuby(name, attributes: attributes, offset: offset)
                } else {
                    if let capture = ruby?.capture, capture != .base {
                        throw scanner.malformed(
                            "<\(name)> inside <\(stack.last!.name)>: it holds only text", at: offset)
                    }
                    try open(name, attributes: attributes, offset: offset)
                }
                if isEmpty {
                    try close(name, offset: offset)
                }
            case .end(let name, let offset):
                guard let top = stack.last else {
                    throw scanner.malformed("</\(name)> closes an element that was never opened", at: offset)
                }
                guard top.name == name else {
                    let (line, column) = scanner.location(of: top.offset)
                    throw scanner.malformed(
                        "</\(name)> does not match <\(top.name)>, opened at line \(line), column \(column)", at: offset)
                }
                try close(name, offset: offset)
            }
        }
        if let unclosed = stack.last {
            throw scanner.malformed("<\(unclosed.name)> is never closed", at: unclosed.offset)
        }
        return AttributedText(utf16: units, runs: runs)
    }

    /// Closes the innermost element (named `name`); `</rt>` gives the base before it its ruby.
    private mutating func close(_ name: String, offset: Int) throws(MarkupError) {
        stack.removeLast()
        switch name {
        case "ruby": ruby = nil
        case "rp": ruby?.capture = .base
        case "rt":
            guard let state = ruby else { return }
            let baseRange = state.baseStart..<units.count
            guard !baseRange.isEmpty else {
                throw scanner.malformed("<rt> has no base text before it inside <ruby>", at: offset)
            }
            if let annotation = state.annotationValue() {
                runs.transform(baseRange) {
                    var attributes = $0
                    attributes.rubyAnnotation = annotation
                    return attributes
                }
            }
            ruby?.baseStart = units.count
            ruby?.annotation = ""
            ruby?.capture = .base
        default: break
        }
    }

    /// Opens `<ruby>`, `<rt>` or `<rp>` (HTML's ruby elements): they change no attribute of their
    /// text; `<rt>` and `<rp>` must sit directly inside `<ruby>`, which does not nest.
    private mutating func openRuby(_ name: String, attributes: [MarkupAttribute], offset: Int) throws(MarkupError) {
        if name == "ruby" {
            if ruby != nil { throw scanner.malformed("<ruby> inside <ruby>: ruby does not nest", at: offset) }
            let values = try values(of: attributes, element: "ruby", allowed: MarkupRubyState.attributeNames)
            switch MarkupRubyState.read(values.mapValues(\.value), baseStart: units.count) {
            case .success(let state): ruby = state
            case .failure(let error): throw invalid(values[error.name]!)
            }
        } else {
            guard ruby != nil, stack.last?.name == "ruby" else {
                throw scanner.malformed("<\(name)> must be directly inside <ruby>", at: offset)
            }
            try expectNoAttributes(attributes, of: name)
            ruby?.capture = name == "rt" ? .annotation : .ignored
        }
        let parent = stack.last
        stack.append(
            OpenElement(
                name: name, offset: offset, settings: parent?.settings ?? FontSettings(),
                sizeState: parent?.sizeState ?? SizeState(), alpha: parent?.alpha,
                text: parent?.text ?? TextSettings(base: base), attributes: parent?.attributes ?? base,
                mustBeEmpty: false))
    }

    // MARK: Elements

    /// What an element changes, gathered from its name and attributes before its text's
    /// attributes are composed; starts as the enclosing element's state.
    struct ElementChanges {
        var settings: FontSettings
        var sizeState: SizeState
        var alpha: Double?
        var color: Color?
        var language: String?
        var text: TextSettings
        /// `baseline_shift="superscript"` (+1) or `"subscript"` (-1).
        var scriptShift = 0
        var tracking: CGFloat?
        var features: [FontFeature] = []
        var variations: [FontVariation] = []
        /// `allow_breaks`, `insert_hyphens` and `fallback`.
        var allowsLineBreaks, insertsHyphens, fallback: Bool?
        /// Galley's `text_combine_upright` (tate-chū-yoko): how many characters to combine, 1…4.
        var combineUpright: Int?
        /// Values that an element may set to "none" (the inner nil) or leave as they are (the outer nil).
        var variant: FontVariant??
        var fontScale: FontScale??
        var show: ShowFlags??
        var textTransform: TextTransform??
        var gravity: Gravity?
        var gravityHint: GravityHint?
        var lineHeight: LineHeight?
        var segment: TextSegment?
        var spacingTrim: TextSpacingTrim?
        var autospace: TextAutospace?
        var delegate: RunDelegate?
        /// `<placeholder>` and `<img>` take no content.
        var mustBeEmpty = false
        /// `<a href="…">`'s link.
        var link: TextLink?
    }

    private mutating func open(_ name: String, attributes: [MarkupAttribute], offset: Int) throws(MarkupError) {
        let parentSettings = stack.last?.settings ?? FontSettings()
        let parentText = stack.last?.text ?? TextSettings(base: base)
        var changes = ElementChanges(
            settings: parentSettings, sizeState: stack.last?.sizeState ?? SizeState(), alpha: stack.last?.alpha,
            color: (stack.last?.attributes ?? base).foregroundColor, text: parentText)
        switch name {
        case "span": try readSpan(attributes, into: &changes, offset: offset)
        case "placeholder", "img": try readPlaceholder(name, attributes, into: &changes, offset: offset)
        case "a": try readLink(attributes, into: &changes, offset: offset)
        default: try readPlainElement(name, attributes, into: &changes, offset: offset)
        }
        var attributes = stack.last?.attributes ?? base
        if changes.settings != parentSettings {
            attributes.font = try resolveFont(changes.settings, element: name, offset: offset)
        }
        try compose(&changes, into: &attributes, element: name, offset: offset)
        try apply(changes.text, changedFrom: parentText, to: &attributes, element: name, offset: offset)
        if let link = changes.link { attributes.link = link }
        stack.append(
            OpenElement(
                name: name, offset: offset, settings: changes.settings, sizeState: changes.sizeState,
                alpha: changes.alpha,
                text: changes.text, attributes: attributes, mustBeEmpty: changes.mustBeEmpty))
        if let delegate = changes.delegate {
            var placeholder = attributes
            placeholder.runDelegate = delegate
            append([AttributedTextBuilder.objectReplacement], attributes: placeholder)
        }
    }

    /// The elements without attributes: `<markup>`, `<b>`, `<i>`, `<big>`, `<small>`, `<u>`,
    /// `<s>`, `<sup>`, `<sub>`, `<tt>`; any other name is an unknown element.
    private func readPlainElement(
        _ name: String, _ attributes: [MarkupAttribute], into changes: inout ElementChanges,
        offset: Int
    ) throws(MarkupError) {
        switch name {
        case "markup", "b", "i", "big", "small", "u", "s", "sup", "sub", "tt":
            try expectNoAttributes(attributes, of: name)
        default:
            let (line, column) = scanner.location(of: offset)
            throw .unknownElement(name, line: line, column: column)
        }
        switch name {
        case "b": changes.settings.weight = 700
        case "i": changes.settings.italic = true
        case "big", "small": Self.step(name == "big" ? 1 : -1, &changes)
        case "u": changes.text.underline = .single
        case "s": changes.text.strikethrough = .single
        case "sup", "sub": changes.text.scriptLevel += name == "sup" ? 1 : -1
        case "tt": changes.settings.family = MarkupParser.monospaceFamily
        default: break
        }
    }

    /// `<a href="…">`, as GTK labels accept it (GtkLabel takes `href`, `title` and `class` and
    /// shows the link underlined): the link (a URL when `href` parses as one, else the string) and a
    /// single underline. `href` is required; `title` and `class` are accepted and not used.
    private func readLink(_ attributes: [MarkupAttribute], into changes: inout ElementChanges, offset: Int)
        throws(MarkupError)
    {
        var href: String?
        for attribute in attributes {
            switch attribute.name {
            case "href": href = attribute.value
            case "title", "class": break
            default:
                let (line, column) = scanner.location(of: attribute.offset)
                throw .unknownAttribute(element: "a", attribute: attribute.name, line: line, column: column)
            }
        }
        guard let href, !href.isEmpty else {
            let (line, column) = scanner.location(of: offset)
            throw .malformed(line: line, column: column, message: "<a> needs a non-empty href")
        }
        // A URL when it reads as one unchanged (with a scheme); else the string as written.
        if let url = URL(string: href), url.scheme != nil, url.absoluteString == href {
            changes.link = .url(url)
        } else {
            changes.link = .string(href)
        }
        changes.text.underline = .single
    }

    /// The attributes of a `<span>`, read in the order Pango reads them.
    private func readSpan(
        _ attributes: [MarkupAttribute], into changes: inout ElementChanges,
        offset: Int
    ) throws(MarkupError) {
        let values = try spanValues(attributes)
        try readSpanFont(values, into: &changes, offset: offset)
        try readSpanColors(values, into: &changes)
        try readSpanLines(values, into: &changes.text)
        try readSpanShifts(values, into: &changes)
        try readSpanText(values, into: &changes)
    }

    /// `foreground`, `background`, `alpha`, `bgalpha`.
    private func readSpanColors(_ values: [String: MarkupAttribute], into changes: inout ElementChanges)
        throws(MarkupError)
    {
        if var foreground = try read(values, "foreground", Color.init(name:)) {
            // As in Pango, a colour's own alpha acts like an `alpha` attribute, and an
            // opaque colour keeps the enclosing `alpha`.
            if foreground.alpha < 1 {
                changes.alpha = foreground.alpha
            }
            foreground.alpha = 1
            changes.color = foreground
        }
        if let background = try read(values, "background", Color.init(name:)) {
            changes.text.background = background
            if background.alpha < 1 {
                changes.text.backgroundAlpha = background.alpha
            }
        }
        changes.alpha = try read(values, "alpha", MarkupValues.alpha) ?? changes.alpha
        changes.text.backgroundAlpha = try read(values, "bgalpha", MarkupValues.alpha) ?? changes.text.backgroundAlpha
    }

    /// `underline`, `overline`, `strikethrough` and their colours (which, as in Pango, take no
    /// alpha).
    private func readSpanLines(_ values: [String: MarkupAttribute], into text: inout TextSettings)
        throws(MarkupError)
    {
        text.underline = try read(values, "underline", MarkupValues.underline) ?? text.underline
        text.underlineColor = try read(values, "underline_color", MarkupValues.opaqueColor) ?? text.underlineColor
        text.overline = try read(values, "overline", MarkupValues.overline) ?? text.overline
        text.overlineColor = try read(values, "overline_color", MarkupValues.opaqueColor) ?? text.overlineColor
        if let on = try read(values, "strikethrough", MarkupValues.boolean) {
            text.strikethrough = on ? .single : nil
        }
        text.strikethroughColor =
            try read(values, "strikethrough_color", MarkupValues.opaqueColor) ?? text.strikethroughColor
    }

    /// `rise`, `baseline_shift` and `font_scale`.
    private func readSpanShifts(_ values: [String: MarkupAttribute], into changes: inout ElementChanges)
        throws(MarkupError)
    {
        changes.text.rise = try read(values, "rise", MarkupValues.pangoLength) ?? changes.text.rise
        switch try read(values, "baseline_shift", MarkupValues.baselineShift) {
        case nil, MarkupValues.BaselineShift.none?: break
        case .script(let level)?: changes.scriptShift = level
        case .points(let points)?: changes.text.shift += points
        }
        if let scale = try read(values, "font_scale", MarkupValues.fontScale) {
            changes.fontScale = .some(scale)
        }
    }

    /// The span's other attributes: spacing, features, language, break and hyphen permissions,
    /// fallback, gravity, `show`, line height, text transform and segment; Galley's
    /// `text_combine_upright` (1…4: tate-chū-yoko, like CSS `text-combine-upright: digits N`).
    private func readSpanText(_ values: [String: MarkupAttribute], into changes: inout ElementChanges)
        throws(MarkupError)
    {
        changes.tracking = try read(values, "letter_spacing", MarkupValues.pangoUnits)
        changes.features = try read(values, "font_features", FontFeature.parseList) ?? []
        changes.language = try read(values, "lang", MarkupValues.language)
        changes.allowsLineBreaks = try read(values, "allow_breaks", MarkupValues.boolean)
        changes.insertsHyphens = try read(values, "insert_hyphens", MarkupValues.boolean)
        changes.fallback = try read(values, "fallback", MarkupValues.boolean)
        changes.gravity = try read(values, "gravity", { Gravity(rawValue: $0) })
        changes.gravityHint = try read(values, "gravity_hint", { GravityHint(rawValue: $0) })
        if let show = try read(values, "show", MarkupValues.show) {
            changes.show = .some(show.isEmpty ? nil : show)
        }
        changes.lineHeight = try read(values, "line_height", MarkupValues.lineHeight)
        if let transform = try read(values, "text_transform", MarkupValues.textTransform) {
            changes.textTransform = .some(transform)
        }
        changes.segment = try read(values, "segment", { TextSegment(rawValue: $0) })
        changes.spacingTrim = try read(values, "text_spacing_trim", { TextSpacingTrim(rawValue: $0) })
        changes.autospace = try read(values, "text_autospace", { TextAutospace(rawValue: $0) })
        changes.combineUpright = try read(values, "text_combine_upright") {
            Int($0).flatMap { (1...4).contains($0) ? $0 : nil }
        }
    }

    /// The font attributes of a `<span>`: `font`, `font_family`, `size`, `style`, `weight`,
    /// `variant`, `stretch`.
    private func readSpanFont(
        _ values: [String: MarkupAttribute], into changes: inout ElementChanges,
        offset: Int
    ) throws(MarkupError) {
        if let description = try read(values, "font", { try? PangoFontDescription(parsing: $0) }) {
            // The whole list, as Pango keeps it: font matching takes the first family it knows
            // and makes the others the cascade list.
            let families = description.families.filter { !$0.isEmpty }
            if !families.isEmpty {
                changes.settings.family = families.joined(separator: ",")
            }
            changes.settings.weight = description.weight ?? changes.settings.weight
            changes.settings.italic = description.italic ?? changes.settings.italic
            changes.settings.width = description.width ?? changes.settings.width
            if let size = description.size {
                changes.settings.size = size
                changes.sizeState = SizeState(baseSize: size)
            }
            if let variant = description.variant {
                changes.variant = .some(variant)
            }
            changes.variations = description.variations
        }
        if let family = try read(values, "font_family", { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 })
        {
            changes.settings.family = family
        }
        switch try read(values, "size", MarkupValues.size) {
        case nil:
            break
        case .points(let points)?:
            changes.settings.size = points
            changes.sizeState = SizeState(baseSize: points)
        case .relativeToEnclosing(let steps)?:
            Self.step(steps, &changes)
        case .relativeToBase(let factor)?:
            changes.settings.scale = factor
            changes.sizeState = SizeState(baseScale: factor)
        }
        changes.settings.italic = try read(values, "style", MarkupValues.italic) ?? changes.settings.italic
        changes.settings.weight = try read(values, "weight", MarkupValues.weight) ?? changes.settings.weight
        if let variant = try read(values, "variant", MarkupValues.variant) {
            changes.variant = .some(variant)
        }
        changes.settings.width = try read(values, "stretch", MarkupValues.stretch) ?? changes.settings.width
    }

    /// One step of 1.2 up (`steps` 1: `larger`, `<big>`) or down (-1) from the enclosing size,
    /// as Pango computes it when the element closes: an absolute size from the last absolute
    /// size, else a scale from the last scale relative to the base font.
    private static func step(_ steps: Int, _ changes: inout ElementChanges) {
        changes.sizeState.level += steps
        let factor = pow(MarkupValues.scaleStep, CGFloat(changes.sizeState.level))
        if let baseSize = changes.sizeState.baseSize {
            changes.settings.size = factor * baseSize
        } else {
            changes.settings.scale = factor * changes.sizeState.baseScale
        }
    }

    /// `<placeholder width ascent descent value/>` and `<img src width height/>`: a run delegate.
    private mutating func readPlaceholder(
        _ name: String, _ attributes: [MarkupAttribute],
        into changes: inout ElementChanges, offset: Int
    ) throws(MarkupError) {
        changes.mustBeEmpty = true
        if name == "placeholder" {
            let values = try values(of: attributes, element: name, allowed: ["width", "ascent", "descent", "value"])
            let width = try length(values["width"], required: "width", element: name, offset: offset)
            let ascent = try length(values["ascent"], required: nil, element: name, offset: offset)
            let descent = try length(values["descent"], required: nil, element: name, offset: offset)
            changes.delegate = RunDelegate(
                checkedWidth: width, ascent: ascent, descent: descent,
                value: values["value"]?.value ?? "")
            return
        }
        let values = try values(of: attributes, element: name, allowed: ["src", "width", "height"])
        guard let source = values["src"] else {
            throw scanner.malformed("<img> needs a src attribute", at: offset)
        }
        guard !source.value.isEmpty else { throw invalid(source) }
        let width = try length(values["width"], required: "width", element: name, offset: offset)
        let height = try length(values["height"], required: "height", element: name, offset: offset)
        changes.delegate = RunDelegate(checkedWidth: width, ascent: height, descent: 0, value: source.value)
        imageSources.append(source.value)
    }

    /// Writes the element's colour, language, tracking, features and break permissions into
    /// `attributes`, and
    /// turns a `baseline_shift` of `superscript`/`subscript` into points of the current font.
    private func compose(
        _ changes: inout ElementChanges, into attributes: inout Attributes,
        element name: String, offset: Int
    ) throws(MarkupError) {
        if let alpha = changes.alpha {
            var faded = changes.color ?? .black
            faded.alpha = alpha
            changes.color = faded
        }
        attributes.foregroundColor = changes.color
        if let language = changes.language {
            attributes.language = language.isEmpty ? nil : language
        }
        if changes.scriptShift != 0 {
            // baseline_shift="superscript"/"subscript": the font's OS/2 offset, without the
            // size change (Pango's font_scale does that part; <sup>/<sub> do both).
            guard let font = attributes.font else { throw missingBaseFont(name, offset) }
            changes.text.shift += changes.scriptShift > 0 ? font.superscriptOffset : -font.subscriptOffset
        }
        if let tracking = changes.tracking {
            // Beyond LengthLimit the attribute would be dropped silently: an error, as for `rise`.
            try check(.tracking(tracking), element: name, offset: offset)
            attributes.tracking = tracking
        }
        attributes.allowsLineBreaks = changes.allowsLineBreaks ?? attributes.allowsLineBreaks
        attributes.horizontalInVerticalForms = changes.combineUpright ?? attributes.horizontalInVerticalForms
        attributes.insertsHyphens = changes.insertsHyphens ?? attributes.insertsHyphens
        attributes.fontFallback = changes.fallback ?? attributes.fontFallback
        attributes.gravity = changes.gravity ?? attributes.gravity
        attributes.gravityHint = changes.gravityHint ?? attributes.gravityHint
        attributes.textSegment = changes.segment ?? attributes.textSegment
        attributes.textSpacingTrim = changes.spacingTrim ?? attributes.textSpacingTrim
        attributes.textAutospace = changes.autospace ?? attributes.textAutospace
        if let variant = changes.variant { attributes.fontVariant = variant }
        if let scale = changes.fontScale { attributes.fontScale = scale }
        if let show = changes.show { attributes.show = show }
        if let transform = changes.textTransform { attributes.textTransform = transform }
        if let height = changes.lineHeight {
            try check(.lineHeight(height), element: name, offset: offset)
            attributes.lineHeight = height
        }
        if !changes.variations.isEmpty {
            attributes.fontVariations = (attributes.fontVariations ?? []) + changes.variations
        }
        if !changes.features.isEmpty {
            // Pango applies every enclosing font_features list, inner ones last.
            attributes.fontFeatures = (attributes.fontFeatures ?? []) + changes.features
        }
    }

    /// Writes the character settings that differ from the enclosing element's into
    /// `attributes`.
    /// - Throws: ``MarkupError/malformed(line:column:message:)`` at the element when a value
    ///   breaks its key's rule (see ``Attribute/validity``): `<sup>` nested more than 10 deep, or
    ///   baseline shifts that add up to an infinite offset.
    private func apply(
        _ text: TextSettings, changedFrom parent: TextSettings, to attributes: inout Attributes,
        element: String, offset elementOffset: Int
    ) throws(MarkupError) {
        if text.rise != parent.rise || text.shift != parent.shift {
            let offset = (text.rise ?? base.baselineOffset ?? 0) + text.shift
            try check(.baselineOffset(offset), element: element, offset: elementOffset)
            attributes.baselineOffset = offset == 0 ? nil : offset
        }
        if text.scriptLevel != parent.scriptLevel {
            try check(.superscript(text.scriptLevel), element: element, offset: elementOffset)
            attributes.superscript = text.scriptLevel == 0 ? nil : text.scriptLevel
        }
        if text.underline != parent.underline || text.underlineColor != parent.underlineColor {
            attributes.underline = Self.decoration(text.underline, color: text.underlineColor)
        }
        if text.strikethrough != parent.strikethrough || text.strikethroughColor != parent.strikethroughColor {
            attributes.strikethrough = Self.decoration(text.strikethrough, color: text.strikethroughColor)
        }
        if text.overline != parent.overline || text.overlineColor != parent.overlineColor {
            attributes.overline = Self.decoration(text.overline, color: text.overlineColor)
        }
        if text.background != parent.background || text.backgroundAlpha != parent.backgroundAlpha {
            attributes.backgroundColor = text.background.map { color in
                var faded = color
                faded.alpha = text.backgroundAlpha ?? 1
                return faded
            }
        }
    }

    /// Throws, located at the element, when `attribute` breaks its key's rule.
    private func check(_ attribute: Attribute, element: String, offset: Int) throws(MarkupError) {
        if case .invalid(let reason) = attribute.validity {
            throw scanner.malformed("<\(element)> makes an invalid attribute value: \(reason)", at: offset)
        }
    }

    /// `decoration` (nil: none) drawn in `color` (nil: the foreground colour).
    private static func decoration(_ decoration: TextDecoration?, color: Color?) -> TextDecoration? {
        decoration.map { line in
            var colored = line
            colored.color = color
            return colored
        }
    }

    /// The family `<tt>` selects: the generic "Monospace", as in Pango (font matching resolves
    /// it to the bundled DejaVu Sans Mono).
    static let monospaceFamily = "Monospace"

    /// Throws if the innermost open element takes no content; `offset` locates the child
    /// tag (nil: text, located at the element).
    private func checkContentAllowed(at offset: Int?) throws(MarkupError) {
        if let top = stack.last, top.mustBeEmpty {
            throw scanner.malformed("<\(top.name)> must be empty: write <\(top.name) … />", at: offset ?? top.offset)
        }
    }

    private mutating func append(_ newUnits: [UInt16], attributes: Attributes) {
        units.append(contentsOf: newUnits)
        runs.append(count: newUnits.count, attributes: attributes)
    }

    // MARK: Attributes

    /// The `<span>` attribute names Galley reads, by canonical name.
    private static let spanAttributes: [String: String] = [
        "font_family": "font_family", "face": "font_family",
        "font": "font", "font_desc": "font",
        "size": "size", "font_size": "size",
        "weight": "weight", "font_weight": "weight",
        "style": "style", "font_style": "style",
        "foreground": "foreground", "fgcolor": "foreground", "color": "foreground",
        "alpha": "alpha", "fgalpha": "alpha",
        "lang": "lang",
        "background": "background", "bgcolor": "background",
        "background_alpha": "bgalpha", "bgalpha": "bgalpha",
        "underline": "underline", "underline_color": "underline_color",
        "strikethrough": "strikethrough", "strikethrough_color": "strikethrough_color",
        "rise": "rise", "baseline_shift": "baseline_shift",
        "letter_spacing": "letter_spacing", "font_features": "font_features",
        "allow_breaks": "allow_breaks", "insert_hyphens": "insert_hyphens",
        "variant": "variant", "font_variant": "variant", "stretch": "stretch", "font_stretch": "stretch",
        "overline": "overline", "overline_color": "overline_color", "font_scale": "font_scale",
        "fallback": "fallback", "gravity": "gravity", "gravity_hint": "gravity_hint", "show": "show",
        "line_height": "line_height", "text_transform": "text_transform", "segment": "segment",
        "text_combine_upright": "text_combine_upright",
        "text_spacing_trim": "text_spacing_trim", "text_autospace": "text_autospace",
    ]

    /// The span's attributes by canonical name; synonyms may not repeat a property.
    private func spanValues(_ attributes: [MarkupAttribute]) throws(MarkupError) -> [String: MarkupAttribute] {
        var result: [String: MarkupAttribute] = [:]
        for attribute in attributes {
            let normalized = attribute.name.replacingOccurrences(of: "-", with: "_")
            guard let canonical = MarkupParser.spanAttributes[normalized] else {
                let (line, column) = scanner.location(of: attribute.offset)
                throw .unknownAttribute(element: "span", attribute: attribute.name, line: line, column: column)
            }
            if let earlier = result[canonical] {
                throw scanner.malformed(
                    "'\(attribute.name)' sets the same property as '\(earlier.name)' in <span>", at: attribute.offset)
            }
            result[canonical] = attribute
        }
        return result
    }

    private func values(of attributes: [MarkupAttribute], element: String, allowed: Set<String>) throws(MarkupError)
        -> [String: MarkupAttribute]
    {
        var result: [String: MarkupAttribute] = [:]
        for attribute in attributes {
            guard allowed.contains(attribute.name) else {
                let (line, column) = scanner.location(of: attribute.offset)
                throw .unknownAttribute(element: element, attribute: attribute.name, line: line, column: column)
            }
            result[attribute.name] = attribute
        }
        return result
    }

    private func expectNoAttributes(_ attributes: [MarkupAttribute], of element: String) throws(MarkupError) {
        if let first = attributes.first {
            let (line, column) = scanner.location(of: first.offset)
            throw .unknownAttribute(element: element, attribute: first.name, line: line, column: column)
        }
    }

    /// A placeholder metric: finite and not negative; a missing optional one is 0.
    private func length(_ attribute: MarkupAttribute?, required: String?, element: String, offset: Int)
        throws(MarkupError) -> CGFloat
    {
        guard let attribute else {
            if let required {
                throw scanner.malformed("<\(element)> needs a \(required) attribute", at: offset)
            }
            return 0
        }
        guard let value = MarkupValues.length(attribute.value), LengthLimit.allows(value), value >= 0 else {
            throw invalid(attribute)
        }
        return value
    }

    /// The value of `values[key]` as `parse` reads it; nil when there is no such attribute.
    /// - Throws: `.invalidValue` when `parse` cannot read the value.
    private func read<T>(
        _ values: [String: MarkupAttribute], _ key: String,
        _ parse: (String) -> T?
    ) throws(MarkupError) -> T? {
        guard let attribute = values[key] else { return nil }
        guard let value = parse(attribute.value) else { throw invalid(attribute) }
        return value
    }

    private func invalid(_ attribute: MarkupAttribute) -> MarkupError {
        let (line, column) = scanner.location(of: attribute.offset)
        return .invalidValue(attribute: attribute.name, value: attribute.value, line: line, column: column)
    }

    private func missingBaseFont(_ element: String, _ offset: Int) -> MarkupError {
        let (line, column) = scanner.location(of: offset)
        return .missingBaseFont(element: element, line: line, column: column)
    }

    // MARK: Fonts

    /// The size `settings` give: the innermost absolute size (or the base font's) times the
    /// innermost scale, as `pango_attr_iterator_get_font` computes it.
    private func size(of settings: FontSettings, element: String, offset: Int) throws(MarkupError) -> CGFloat {
        guard let size = settings.size ?? base.font?.size else {
            throw missingBaseFont(element, offset)
        }
        return size * (settings.scale ?? 1)
    }

    /// The font `settings` ask for, through ``FontCollection/font(matching:strict:)`` (generic
    /// names, fontconfig aliases, the default family for an unknown name, nearest face and
    /// synthesised styles as fontconfig picks them); the base font itself when nothing differs.
    private mutating func resolveFont(_ settings: FontSettings, element: String, offset: Int) throws(MarkupError)
        -> Font
    {
        let baseFont = base.font
        guard let family = settings.family ?? baseFont?.substitution?.requestedFamily ?? baseFont?.familyName else {
            throw missingBaseFont(element, offset)
        }
        let size = try size(of: settings, element: element, offset: offset)
        // The base font's own request when font matching made it (a semi-bold request answered
        // by a bold face stays semi-bold), else its face's style.
        let baseWeight = baseFont.map { $0.request?.weight ?? $0.weight }?.rawValue ?? Font.Weight.regular.rawValue
        let baseItalic = baseFont.map { $0.request?.italic ?? $0.isItalic } ?? false
        let baseWidth = baseFont.map { $0.request?.width ?? $0.width }?.rawValue ?? 100
        let weight = settings.weight ?? baseWeight
        let italic = settings.italic ?? baseItalic
        let width = settings.width ?? baseWidth
        if let baseFont, settings.family == nil, weight == baseWeight, italic == baseItalic, size == baseFont.size,
            width == baseWidth
        {
            return baseFont
        }
        let key = FontKey(family: family, weight: weight, italic: italic, width: width, size: size)
        if let cached = fontCache[key] {
            return cached
        }
        let request = FontRequest(
            family: family, weight: Font.Weight(rawValue: weight), italic: italic,
            width: Font.Width(rawValue: width), size: size)
        do {
            let font = try fonts.font(matching: request, strict: strictFonts)
            fontCache[key] = font
            return font
        } catch {
            throw .font(error)
        }
    }
}
