// Parsing `galley` command lines into a command and validated options.
import Foundation
import Galley
import GalleySync

/// What a `galley` invocation asks for.
package enum Command: Equatable, Sendable {
    /// Lay out and write an image.
    case render(Options)
    /// Lay out and print the frame as JSON.
    case layout(Options)
    /// List font families and their files.
    case fonts(Options)
    /// Print the glyphs of one line, like hb-shape.
    case shape(Options)
    /// Print the usage text: the overview (nil) or one command's.
    case help(String?)
    /// Print the version.
    case version
}

/// Where the font comes from.
package enum FontChoice: Equatable, Sendable {
    /// A font file.
    case path(String)
    /// A Pango font description (families, weight, slant, size) looked up in `FontCollection.shared`.
    case description(FontDescription)

    /// One family at regular weight.
    package static func family(_ name: String) -> FontChoice {
        .description(FontDescription(families: [name]))
    }
}

/// The image format `render` writes.
package enum OutputFormat: String, Equatable, Sendable, CaseIterable {
    /// Binary PPM (P6).
    case ppm
    /// PNG, 8-bit RGBA.
    case png
    /// JPEG (libjpeg-turbo, quality 90, 4:4:4), composited over the background (no alpha).
    case jpg
    /// WebP (libwebp), lossless, alpha kept.
    case webp
    /// SVG with glyph outlines as paths.
    case svg
    /// PDF through cairo: text as text (embedded subset fonts), one page per frame (`PDFOutput`).
    case pdf
    /// PostScript through cairo, as the PDF.
    case ps

    /// The format named by a file name's extension, or nil.
    package static func from(path: String) -> OutputFormat? {
        let lower = path.lowercased()
        if lower.hasSuffix(".jpeg") { return .jpg }
        return allCases.first { lower.hasSuffix("." + $0.rawValue) }
    }
}

/// Space around the frame on the canvas, in points, like CSS `margin`.
package struct Margins: Equatable, Sendable {
    /// Above the frame.
    package var top: CGFloat
    /// Right of the frame.
    package var right: CGFloat
    /// Below the frame (the frame's y origin, since y grows upward).
    package var bottom: CGFloat
    /// Left of the frame (the frame's x origin).
    package var left: CGFloat

    /// Margins from their four sides.
    package init(top: CGFloat, right: CGFloat, bottom: CGFloat, left: CGFloat) {
        self.top = top
        self.right = right
        self.bottom = bottom
        self.left = left
    }

    /// The same margin on every side.
    package static func all(_ value: CGFloat) -> Margins {
        Margins(top: value, right: value, bottom: value, left: value)
    }
}

/// The validated options of `render` and `layout`.
package struct Options: Equatable, Sendable {
    /// `--font`.
    package var font: FontChoice = .family("DejaVu Sans")
    /// `--size`, in points.
    package var size: CGFloat = 12
    /// `--width`: the frame's width in points (400 unless given; in a vertical `writingMode`
    /// without `--width` the frame is as wide as its columns need: see `fixedWidth`).
    package var width: CGFloat = 400
    /// Whether `--width` was given.
    package var widthIsGiven = false
    /// Nil: as tall as the text needs (`Framesetter.suggestFrameSize`); in a vertical
    /// `writingMode`, the column length, 400 when nil (see `columnLength`).
    package var height: CGFloat?
    /// `--align`.
    package var alignment: TextAlignment = .natural
    /// `--wrap`.
    package var lineBreakMode: LineBreakMode = .wordWrapping
    /// `--direction`: the paragraphs' base writing direction.
    package var direction: WritingDirection = .natural
    /// `--color`: the text colour.
    package var color: Color = .black
    /// `--background`: the canvas colour.
    package var background: Color = .white
    /// `--margin`: the canvas space around the frame.
    package var margins: Margins = .all(10)
    /// `--scale`: pixels per point.
    package var scale: CGFloat = 1
    /// The text given with `--text`.
    package var text: String?
    /// The input file; "-" or nil (without `--text`) is standard input.
    package var inputPath: String?
    /// `--markup`: the input is Pango-style markup.
    package var markup = false
    /// `-o`: a file, or "-" for standard output.
    package var output: String?
    /// `--format`: overrides the output name's extension.
    package var format: OutputFormat?
    /// `--hinting`.
    package var hinting: Renderer.Hinting = .light
    /// `--subpixel-positions on|off`.
    package var subpixelPositioning = true
    /// `--text-blending platform|linear`.
    package var textBlending: Renderer.TextBlending = .platform
    /// `--antialias gray|none`.
    package var antialiasing: Renderer.Antialiasing = .gray
    /// `--json` (shape, fonts).
    package var json = false
    /// `--indent`: positive indents each paragraph's first line, negative gives a hanging indent
    /// (see `paragraphStyle`).
    package var indent: CGFloat = 0
    /// `--line-height`: the line-height multiple; 0 means none.
    package var lineHeightMultiple: CGFloat = 0
    /// `--line-spacing`: points added to the leading below each line.
    package var lineSpacing: CGFloat = 0
    /// `--paragraph-spacing`: points between paragraphs.
    package var paragraphSpacing: CGFloat = 0
    /// `--tabs`: the tab stops; nil keeps CoreText's default stops.
    package var tabStops: [TextTab]?
    /// `--max-lines`: at most this many lines; 0 means no limit.
    package var maximumLines = 0
    /// `--fit-lines`: fit the text to the box in at most this many lines (0: any number), at the
    /// largest size from `--size` down to `--min-size` in 1 pt steps; nil: no fitting.
    package var fitLines: Int?
    /// `--min-size`: the smallest size `--fit-lines` may choose (default: half of `--size`).
    package var minimumSize: CGFloat?
    /// `--ellipsize`; nil when not given.
    package var ellipsize: EllipsizeMode?
    /// `--writing-mode`: horizontal lines (the default) or vertical columns.
    package var writingMode: FrameProgression = .topToBottom
    /// `--text-orientation`: how characters stand in vertical lines; nil: mixed.
    package var textOrientation: TextOrientation?
    /// `--path`: the frame's shape (the whole `--width` × `--height` box by default).
    package var path: ShapeOption = .rectangle(nil)
    /// `--exclude`, each occurrence adding one: shapes the lines flow around.
    package var exclusions: [ShapeOption] = []
    /// `--batch`: render every .txt and .markup file of this folder into the `-o` folder.
    package var batchDirectory: String?
    /// `--line-breaking`: how each paragraph's lines are chosen.
    package var lineBreakStrategy: LineBreakStrategy = .greedy
    /// `--hyphenate`: hyphenation from the dictionary of the text's language (factor 1).
    package var hyphenate = false
    /// `--lang`: the BCP 47 language of the whole text (markup's `lang` still wins inside a span).
    package var language: String?
    /// `--text-spacing-trim`: CSS's keyword; nil takes the language's default (`spacingDefaults`).
    package var textSpacingTrim: TextSpacingTrim?
    /// `--text-autospace`: CSS's keyword; nil takes the language's default (`spacingDefaults`).
    package var textAutospace: TextAutospace?

    /// The CJK spacing the text gets: the flags, else CSS's initial values (`normal`, `normal`)
    /// for Japanese and Chinese text (`--lang` ja or zh) and none otherwise, as CoreText.
    package var spacingDefaults: (trim: TextSpacingTrim, autospace: TextAutospace) {
        let cjk = language.map { tag in ["ja", "zh"].contains(tag.lowercased().split(separator: "-").first ?? "") }
        let isCJK = cjk ?? false
        return (textSpacingTrim ?? (isCJK ? .normal : .spaceAll), textAutospace ?? (isCJK ? .normal : .noAutospace))
    }
    /// `--strict-fonts`: a font family nothing knows is an error (status 2) instead of being
    /// replaced by the default family with a warning; for `--font`, and for the markup parser.
    package var strictFonts = false
    /// `--trust-font-file`: a `--font FILE` is loaded as it is, not through the OpenType Sanitizer.
    package var trustsFontFile = false

    /// `--attributes` (layout): add the text's attribute runs, in Pango's terms, to the JSON.
    package var listsAttributes = false
    /// `--rotate DEG`: the whole drawing turned DEG degrees counter-clockwise on the page, through
    /// the canvas's transform (CanvasOutput.swift); 0 for none.
    package var rotation: CGFloat = 0
    /// `--annotate`: line boxes, baselines, run boundaries, ink, placeholders and rubies drawn over the text.
    package var annotate = false
    /// `--waterfall`: the text at the sizes of `CanvasOutput.waterfallSizes`, one under another.
    package var waterfall = false

    /// The defaults.
    package init() {}
}

/// The command-line parser. Accepts `--key value` and `--key=value`; `--` ends the options;
/// a later occurrence of an option replaces an earlier one (except `--exclude`, which adds).
package enum CommandLineParser {
    /// The largest length accepted for sizes, widths, heights and margins, in points.
    static let maximumLength: CGFloat = 1_000_000
    /// The largest `--scale`.
    static let maximumScale: CGFloat = 64

    /// The options each command accepts.
    static let commandOptions: [String: (values: Set<String>, flags: Set<String>)] = [
        "render": (
            Set(layoutOptions + typographyOptions + renderOnlyOptions),
            layoutFlags.union(["--annotate", "--waterfall"])
        ),
        "layout": (Set(layoutOptions + typographyOptions), layoutFlags.union(["--attributes"])),
        "shape": (
            ["--font", "--size", "--direction", "--text"],
            ["--markup", "--json", "--strict-fonts", "--trust-font-file", "--help", "-h"]
        ),
        "fonts": ([], ["--json", "--help", "-h"]),
    ]
    static let commands = ["render", "layout", "shape", "fonts"]
    /// The value options that `layout` and `render` share, besides `typographyOptions`.
    static let layoutOptions: [String] = [
        "--font", "--size", "--width", "--height", "--align", "--wrap", "--direction", "--color", "--foreground",
        "--background", "--margin", "--scale", "--text", "--output", "-o", "--batch",
    ]
    /// The value options of `render` alone: the image's format and drawing.
    static let renderOnlyOptions: [String] = [
        "--format", "--hinting", "--subpixel-positions", "--text-blending", "--antialias", "--rotate",
    ]
    /// The flags of `layout` and `render`.
    static let layoutFlags: Set<String> = [
        "--markup", "--justify", "--hyphenate", "--strict-fonts", "--trust-font-file", "--help", "-h",
    ]
    /// The paragraph and frame options of `render` and `layout` (TypographyOptions.swift).
    static let typographyOptions: [String] = [
        "--indent", "--line-height", "--line-spacing", "--paragraph-spacing", "--tabs", "--max-lines", "--fit-lines",
        "--min-size", "--ellipsize",
        "--path", "--exclude", "--line-breaking", "--lang", "--writing-mode", "--text-orientation",
        "--text-spacing-trim", "--text-autospace",
    ]

    /// Parses `arguments` (without the program name).
    package static func parse(_ arguments: [String]) throws(CLIError) -> Command {
        guard let first = arguments.first else {
            throw CLIError("missing command (render, layout, shape or fonts); try 'galley --help'")
        }
        let rest = Array(arguments.dropFirst())
        switch first {
        case "help", "--help", "-h":
            if let topic = rest.first {
                guard commands.contains(topic) else {
                    throw CLIError("no help for '\(topic)' (commands: \(commands.joined(separator: ", ")))")
                }
                return .help(topic)
            }
            return .help(nil)
        case "--version", "version", "-V":
            guard rest.isEmpty else { throw CLIError("--version takes no arguments") }
            return .version
        case "render", "layout", "shape", "fonts":
            let (options, help) = try parseOptions(rest, command: first)
            if help { return .help(first) }
            switch first {
            case "render": return .render(options)
            case "layout": return .layout(options)
            case "shape": return .shape(options)
            default: return .fonts(options)
            }
        default:
            if first.hasPrefix("-") {
                throw CLIError("unknown option '\(first)' before the command; try 'galley --help'")
            }
            throw CLIError("unknown command '\(first)' (expected render, layout, shape or fonts)")
        }
    }

    /// The options after `command`; `help` is true when `--help` appeared.
    static func parseOptions(_ arguments: [String], command: String = "render") throws(CLIError) -> (
        Options, help: Bool
    ) {
        let accepted = commandOptions[command] ?? commandOptions["render"]!
        let valueOptions = accepted.values, flagOptions = accepted.flags
        var options = Options()
        var positional: [String] = []
        var help = false
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
                positional.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            var name = argument
            var inlineValue: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            if flagOptions.contains(name) {
                guard inlineValue == nil else { throw CLIError("option \(name) takes no value") }
                switch name {
                case "--markup": options.markup = true
                case "--json": options.json = true
                case "--justify": options.alignment = .justified
                case "--hyphenate": options.hyphenate = true
                case "--attributes": options.listsAttributes = true
                case "--strict-fonts": options.strictFonts = true
                case "--trust-font-file": options.trustsFontFile = true
                case "--annotate": options.annotate = true
                case "--waterfall": options.waterfall = true
                default: help = true
                }
                continue
            }
            guard valueOptions.contains(name) else {
                let known = commandOptions.values.contains { $0.values.contains(name) || $0.flags.contains(name) }
                if known {
                    throw CLIError("option \(name) does not apply to '\(command)'; try 'galley \(command) --help'")
                }
                throw CLIError("unknown option '\(name)'; try 'galley \(command) --help'")
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else {
                guard index < arguments.count else { throw CLIError("option \(name) needs a value") }
                value = arguments[index]
                index += 1
            }
            try apply(name, value, to: &options)
        }
        if help { return (options, true) }
        if command == "fonts", let extra = positional.first {
            throw CLIError("'fonts' takes no arguments, got '\(extra)'")
        }
        guard positional.count <= 1 else {
            throw CLIError(
                "expected at most one input file, got \(positional.count): \(positional.joined(separator: " "))")
        }
        if options.batchDirectory != nil {
            if let extra = positional.first { throw CLIError("--batch takes a folder, not an input file ('\(extra)')") }
            guard options.text == nil else { throw CLIError("give either --text or --batch, not both") }
        }
        if let file = positional.first {
            guard options.text == nil else { throw CLIError("give either --text or an input file, not both") }
            options.inputPath = file
        }
        return (options, false)
    }

    static func apply(_ name: String, _ value: String, to options: inout Options) throws(CLIError) {
        if try applyTypography(name, value, to: &options) { return }
        switch name {
        case "--batch":
            guard !value.isEmpty else { throw CLIError("option --batch needs a folder") }
            options.batchDirectory = value
        case "--font":
            guard !value.isEmpty else { throw CLIError("option --font needs a font description or a font file") }
            let lower = value.lowercased()
            if value.utf8.contains(UInt8(ascii: "/"))
                || [".ttf", ".otf", ".ttc", ".woff", ".woff2"].contains(where: { lower.hasSuffix($0) })
            {
                options.font = .path(value)
            } else {
                let description = try FontDescription.parse(value)
                if let size = description.size { options.size = size }
                options.font = .description(description)
            }
        case "--format":
            options.format = try choice(
                value, option: name, OutputFormat.allCases.map { ($0 == .jpg ? ["jpg", "jpeg"] : [$0.rawValue], $0) })
        case "--hinting":
            options.hinting = try choice(value, option: name, Renderer.Hinting.allCases.map { ([$0.rawValue], $0) })
        case "--text-blending":
            options.textBlending = try choice(
                value, option: name, Renderer.TextBlending.allCases.map { ([$0.rawValue], $0) })
        case "--antialias":
            options.antialiasing = try choice(
                value, option: name,
                [(["gray", "grey"], Renderer.Antialiasing.gray), (["none"], Renderer.Antialiasing.none)])
        case "--subpixel-positions":
            options.subpixelPositioning = try choice(
                value, option: name,
                [
                    (["on", "yes", "true"], true),
                    (["off", "no", "false"], false),
                ])
        case "--size":
            options.size = try length(value, option: name)
        case "--width":
            options.width = try length(value, option: name)
            options.widthIsGiven = true
        case "--height":
            options.height = try length(value, option: name)
        case "--scale":
            options.scale = try number(value, option: name, in: 0...maximumScale, lowerExclusive: true)
        case "--align":
            options.alignment = try choice(
                value, option: name,
                [
                    (["left"], .left), (["right"], .right), (["center", "centre"], .center),
                    (["justify", "justified"], .justified), (["natural"], .natural),
                ])
        case "--wrap":
            options.lineBreakMode = try choice(
                value, option: name,
                [
                    (["word"], .wordWrapping), (["char"], .charWrapping), (["none"], .clipping),
                ])
        case "--direction":
            options.direction = try choice(
                value, option: name,
                [
                    (["ltr"], .leftToRight), (["rtl"], .rightToLeft), (["auto", "natural"], .natural),
                ])
        case "--color", "--foreground":
            options.color = try color(value, option: name)
        case "--background":
            options.background = try color(value, option: name)
        case "--margin":
            options.margins = try margins(value)
        case "--text":
            options.text = value
        case "--output", "-o":
            guard !value.isEmpty else { throw CLIError("option \(name) needs a file name") }
            options.output = value
        default:
            guard try applyCanvasOption(name, value, to: &options) else { throw CLIError("unknown option '\(name)'") }
        }
    }

    /// `text` as a finite number, or the error "OPTION needs a number, got 'TEXT'".
    static func number(_ text: String, option: String) throws(CLIError) -> CGFloat {
        let trimmed = text.trimmingWhitespace()
        guard let value = Double(trimmed), value.isFinite else {
            throw CLIError("\(option) needs a number, got '\(text)'")
        }
        return CGFloat(value)
    }

    /// `text` as a finite number in `range` (its lower end excluded when `lowerExclusive`), or an
    /// error: "OPTION needs a number, got 'TEXT'", or the `checkRange` error "OPTION must be …, got 'TEXT'".
    static func number(
        _ text: String, option: String, in range: ClosedRange<CGFloat>, lowerExclusive: Bool = false,
        mustBe wording: String? = nil
    ) throws(CLIError) -> CGFloat {
        let value = try number(text, option: option)
        try checkRange(value, range, lowerExclusive: lowerExclusive, subject: option, got: text, mustBe: wording)
        return value
    }

    /// Throws unless `value` lies in `range` (its lower end excluded when `lowerExclusive`), with the
    /// error "SUBJECT must be WORDING, got 'GOT'" (", got …" left out when `got` is nil). The wording
    /// is "between LO and HI", or "a number in (LO, HI]" with the lower end excluded, unless given.
    static func checkRange(
        _ value: CGFloat, _ range: ClosedRange<CGFloat>, lowerExclusive: Bool = false,
        subject: String, got: String?, mustBe wording: String? = nil
    ) throws(CLIError) {
        guard range.contains(value), !(lowerExclusive && value == range.lowerBound) else {
            let low = Int(range.lowerBound), high = Int(range.upperBound)
            let bounds = wording ?? (lowerExclusive ? "a number in (\(low), \(high)]" : "between \(low) and \(high)")
            throw CLIError("\(subject) must be \(bounds)" + (got.map { ", got '\($0)'" } ?? ""))
        }
    }

    /// A positive finite length of at most `maximumLength`.
    static func length(_ text: String, option: String) throws(CLIError) -> CGFloat {
        try number(
            text, option: option, in: 0...maximumLength, lowerExclusive: true,
            mustBe: "a positive number of at most \(Int(maximumLength))")
    }

    /// `text`, in any case, as one of `choices`: each the names that select its value, the first of
    /// them the one the error lists ("OPTION must be A, B or C, got 'TEXT'").
    static func choice<Value>(
        _ text: String, option: String,
        _ choices: [(names: [String], value: Value)]
    ) throws(CLIError) -> Value {
        let lower = text.lowercased()
        if let match = choices.first(where: { $0.names.contains(lower) }) { return match.value }
        let listed = choices.map { $0.names[0] }
        let alternatives =
            listed.count > 1
            ? listed.dropLast().joined(separator: ", ") + " or " + listed[listed.count - 1]
            : listed.joined()
        throw CLIError("\(option) must be \(alternatives), got '\(text)'")
    }

    static func color(_ text: String, option: String) throws(CLIError) -> Color {
        let trimmed = text.trimmingWhitespace()
        // pango-view's "transparent" (and "none"): a fully transparent colour.
        if ["transparent", "none"].contains(trimmed.lowercased()) { return .clear }
        if let color = Color(name: trimmed) ?? Color(hex: trimmed) { return color }
        throw CLIError(
            "\(option): unknown colour '\(text)' (use #rgb, #rgba, #rrggbb, #rrggbbaa, a CSS name or transparent)")
    }

    /// `PX`, or 2, 3 or 4 comma-separated values in CSS order (top, right, bottom, left).
    static func margins(_ text: String) throws(CLIError) -> Margins {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        var values: [CGFloat] = []
        for part in parts {
            let v = try number(part, option: "--margin")
            try checkRange(v, 0...maximumLength, subject: "--margin values", got: text)
            values.append(v)
        }
        switch values.count {
        case 1: return .all(values[0])
        case 2: return Margins(top: values[0], right: values[1], bottom: values[0], left: values[1])
        case 3: return Margins(top: values[0], right: values[1], bottom: values[2], left: values[1])
        case 4: return Margins(top: values[0], right: values[1], bottom: values[2], left: values[3])
        default: throw CLIError("--margin needs 1 to 4 comma-separated numbers (T,R,B,L), got '\(text)'")
        }
    }
}
