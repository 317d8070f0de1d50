// Parsing `galley` command lines into a command and validated options.
import Foundation
import Galley

/// What a `galley` invocation asks for.
package enum Command: Equatable, Sendable {
    /// Lay out and write an image.
    case render(Options)
    /// Lay out and print the frame as JSON.
    case layout(Options)
    /// Print the usage text.
    case help
    /// Print the version.
    case version
}

/// Where the font comes from.
package enum FontChoice: Equatable, Sendable {
    /// A font file.
    case path(String)
    /// A family name looked up in `FontCollection.shared`.
    case family(String)
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
    /// `--width`: the frame's width in points.
    package var width: CGFloat = 400
    /// Nil: as tall as the text needs (`Framesetter.suggestFrameSize`).
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

    /// The defaults.
    package init() {}
}

/// The command-line parser. Accepts `--key value` and `--key=value`; `--` ends the options;
/// a later occurrence of an option replaces an earlier one.
package enum CommandLineParser {
    /// The largest length accepted for sizes, widths, heights and margins, in points.
    static let maximumLength: CGFloat = 1_000_000
    /// The largest `--scale`.
    static let maximumScale: CGFloat = 64

    private static let valueOptions: Set<String> = [
        "--font", "--size", "--width", "--height", "--align", "--wrap", "--direction", "--color", "--background",
        "--margin", "--scale", "--text", "--output", "-o",
    ]
    private static let flagOptions: Set<String> = ["--markup", "--help", "-h"]

    /// Parses `arguments` (without the program name).
    package static func parse(_ arguments: [String]) throws(CLIError) -> Command {
        guard let first = arguments.first else {
            throw CLIError("missing command (render or layout); try 'galley --help'")
        }
        let rest = Array(arguments.dropFirst())
        switch first {
        case "help", "--help", "-h":
            return .help
        case "--version", "version":
            return .version
        case "render":
            let (options, help) = try parseOptions(rest)
            return help ? .help : .render(options)
        case "layout":
            let (options, help) = try parseOptions(rest)
            return help ? .help : .layout(options)
        default:
            if first.hasPrefix("-") {
                throw CLIError("unknown option '\(first)' before the command; try 'galley --help'")
            }
            throw CLIError("unknown command '\(first)' (expected render or layout)")
        }
    }

    /// The options after the command; `help` is true when `--help` appeared.
    static func parseOptions(_ arguments: [String]) throws(CLIError) -> (Options, help: Bool) {
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
                if name == "--markup" { options.markup = true } else { help = true }
                continue
            }
            guard valueOptions.contains(name) else {
                throw CLIError("unknown option '\(name)'; try 'galley --help'")
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
        guard positional.count <= 1 else {
            throw CLIError("expected at most one input file, got \(positional.count): \(positional.joined(separator: " "))")
        }
        if let file = positional.first {
            guard options.text == nil else { throw CLIError("give either --text or an input file, not both") }
            options.inputPath = file
        }
        return (options, false)
    }

    static func apply(_ name: String, _ value: String, to options: inout Options) throws(CLIError) {
        switch name {
        case "--font":
            guard !value.isEmpty else { throw CLIError("option --font needs a file or family name") }
            let lower = value.lowercased()
            if value.contains("/") || [".ttf", ".otf", ".ttc"].contains(where: { lower.hasSuffix($0) }) {
                options.font = .path(value)
            } else {
                options.font = .family(value)
            }
        case "--size":
            options.size = try length(value, option: name)
        case "--width":
            options.width = try length(value, option: name)
        case "--height":
            options.height = try length(value, option: name)
        case "--scale":
            let scale = try number(value, option: name)
            guard scale > 0, scale <= maximumScale else {
                throw CLIError("--scale must be a number in (0, \(Int(maximumScale))], got '\(value)'")
            }
            options.scale = scale
        case "--align":
            switch value.lowercased() {
            case "left": options.alignment = .left
            case "right": options.alignment = .right
            case "center", "centre": options.alignment = .center
            case "justify", "justified": options.alignment = .justified
            case "natural": options.alignment = .natural
            default: throw CLIError("--align must be left, right, center, justify or natural, got '\(value)'")
            }
        case "--wrap":
            switch value.lowercased() {
            case "word": options.lineBreakMode = .wordWrapping
            case "char": options.lineBreakMode = .charWrapping
            default: throw CLIError("--wrap must be word or char, got '\(value)'")
            }
        case "--direction":
            switch value.lowercased() {
            case "ltr": options.direction = .leftToRight
            case "rtl": options.direction = .rightToLeft
            case "auto", "natural": options.direction = .natural
            default: throw CLIError("--direction must be ltr, rtl or auto, got '\(value)'")
            }
        case "--color":
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
            throw CLIError("unknown option '\(name)'")
        }
    }

    static func number(_ text: String, option: String) throws(CLIError) -> CGFloat {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let value = Double(trimmed), value.isFinite else {
            throw CLIError("\(option) needs a number, got '\(text)'")
        }
        return CGFloat(value)
    }

    /// A positive finite length of at most `maximumLength`.
    static func length(_ text: String, option: String) throws(CLIError) -> CGFloat {
        let value = try number(text, option: option)
        guard value > 0, value <= maximumLength else {
            throw CLIError("\(option) must be a positive number of at most \(Int(maximumLength)), got '\(text)'")
        }
        return value
    }

    static func color(_ text: String, option: String) throws(CLIError) -> Color {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let color = Color(name: trimmed) ?? Color(hex: trimmed) { return color }
        throw CLIError("\(option): unknown colour '\(text)' (use #rrggbb, #rrggbbaa or a CSS name)")
    }

    /// `PX`, or 2, 3 or 4 comma-separated values in CSS order (top, right, bottom, left).
    static func margins(_ text: String) throws(CLIError) -> Margins {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        var values: [CGFloat] = []
        for part in parts {
            let v = try number(part, option: "--margin")
            guard v >= 0, v <= maximumLength else {
                throw CLIError("--margin values must be between 0 and \(Int(maximumLength)), got '\(text)'")
            }
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
