// The paragraph and frame options of `render` and `layout` (--indent, --line-height, --tabs,
// --max-lines, --ellipsize, …): their parsing, and how they become a ParagraphStyle and FrameOptions.
import Foundation
import Galley
import GalleySync

/// `--ellipsize`: where text that does not fit is cut and replaced by "…", like pango-view's
/// `--ellipsize` (PangoEllipsizeMode).
package enum EllipsizeMode: String, Equatable, Sendable, CaseIterable {
    /// No token: text that does not fit is dropped.
    case none
    /// The start of the text is replaced. Like `kCTLineTruncationStart`.
    case start
    /// Its middle. Like `kCTLineTruncationMiddle`.
    case middle
    /// Its end. Like `kCTLineTruncationEnd`.
    case end

    /// The truncation type, nil for `none`.
    package var truncationType: TruncationType? {
        switch self {
        case .none: return nil
        case .start: return .start
        case .middle: return .middle
        case .end: return .end
        }
    }

    /// The single-line break mode this ellipsization gives a paragraph (clipping for `none`).
    package var lineBreakMode: LineBreakMode {
        switch self {
        case .none: return .clipping
        case .start: return .truncatingHead
        case .middle: return .truncatingMiddle
        case .end: return .truncatingTail
        }
    }
}

extension Options {
    /// True when the frame's line count is bounded (by `--max-lines`, or `--height` for
    /// horizontal lines, `--width` for vertical columns), so a `--ellipsize` mode truncates the
    /// frame's last line instead of making every paragraph one line.
    package var truncatesLastLine: Bool {
        if maximumLines > 0 { return true }
        switch writingMode.lineAxis {
        case .horizontal: return height != nil
        case .vertical: return widthIsGiven
        }
    }

    /// The default column length of vertical writing, as `--width`'s default for horizontal lines.
    package static let defaultColumnLength: CGFloat = 400

    /// The column length of a vertical `writingMode`: `--height`, else 400 (the mirror of
    /// `--width` for horizontal lines).
    package var columnLength: CGFloat { height ?? Options.defaultColumnLength }

    /// The frame box's width when it is fixed: `--width` (or its default 400); nil in a vertical
    /// `writingMode` without `--width`, where the frame is as wide as its columns need (the mirror
    /// of the height of horizontal lines without `--height`).
    package var fixedWidth: CGFloat? { writingMode.lineAxis == .vertical && !widthIsGiven ? nil : width }

    /// The paragraph style the options give every paragraph:
    /// - `--indent PX` like pango-view's: positive indents each paragraph's first line by PX
    ///   (`firstLineHeadIndent`); negative gives a hanging indent — the first line starts at the
    ///   margin and the others are indented by −PX (`headIndent`).
    /// - `--line-height` is `lineHeightMultiple`, `--line-spacing` `lineSpacingAdjustment`,
    ///   `--paragraph-spacing` `paragraphSpacing`, `--tabs` the tab stops, `--line-breaking` the
    ///   strategy, `--hyphenate` a hyphenation factor of 1.
    /// - The line-break mode is `--wrap`'s, unless `--ellipsize start|middle|end` is given
    ///   without `--max-lines` or `--height`: then each paragraph is one line truncated at its
    ///   start, middle or end (`truncatingHead`, `truncatingMiddle`, `truncatingTail`).
    package var paragraphStyle: ParagraphStyle {
        var style = ParagraphStyle(alignment: alignment, lineBreakMode: lineBreakMode, baseWritingDirection: direction)
        if indent >= 0 {
            style.firstLineHeadIndent = indent
        } else {
            style.headIndent = -indent
        }
        style.lineHeightMultiple = lineHeightMultiple
        style.lineSpacingAdjustment = lineSpacing
        style.paragraphSpacing = paragraphSpacing
        if let tabStops { style.tabStops = tabStops }
        if let ellipsize, ellipsize != .none, !truncatesLastLine {
            style.lineBreakMode = ellipsize.lineBreakMode
        }
        style.lineBreakStrategy = lineBreakStrategy
        if hyphenate { style.hyphenationFactor = 1 }
        return style
    }

    /// The frame options: at most `--max-lines` lines; when text remains after the last one
    /// (because of `--max-lines` or `--height`) that line is truncated as `--ellipsize` says —
    /// at its end by default with `--max-lines` (as UILabel's tail truncation), not at all by
    /// default with only `--height`.
    package var frameOptions: FrameOptions {
        let truncation: TruncationType?
        if let ellipsize {
            truncation = ellipsize.truncationType
        } else {
            truncation = maximumLines > 0 ? .end : nil
        }
        return FrameOptions(
            maximumNumberOfLines: maximumLines, truncation: truncation, progression: writingMode)
    }
}

extension CommandLineParser {
    /// The largest `--max-lines`.
    static let maximumLineCount = 1_000_000
    /// The largest `--line-height` multiple.
    static let maximumLineHeightMultiple: CGFloat = 100

    /// Applies one of the typography options; false when `name` is not one of them.
    static func applyTypography(_ name: String, _ value: String, to options: inout Options) throws(CLIError) -> Bool {
        switch name {
        case "--indent":
            options.indent = try number(value, option: name, in: -maximumLength...maximumLength)
        case "--line-height":
            options.lineHeightMultiple = try number(
                value, option: name, in: 0...maximumLineHeightMultiple, lowerExclusive: true,
                mustBe: "a multiple in (0, \(Int(maximumLineHeightMultiple))]")
        case "--line-spacing":
            options.lineSpacing = try number(value, option: name, in: -maximumLength...maximumLength)
        case "--paragraph-spacing":
            options.paragraphSpacing = try number(value, option: name, in: 0...maximumLength)
        case "--tabs":
            options.tabStops = try tabStops(value)
        case "--max-lines":
            let trimmed = value.trimmingWhitespace()
            guard let n = Int(trimmed), n >= 0, n <= maximumLineCount else {
                throw CLIError(
                    "--max-lines must be a whole number from 0 (no limit) to \(maximumLineCount), got '\(value)'")
            }
            options.maximumLines = n
        case "--fit-lines":
            guard let n = Int(value.trimmingWhitespace()), n >= 0, n <= maximumLineCount else {
                throw CLIError(
                    "--fit-lines must be a whole number from 0 (any number) to \(maximumLineCount), got '\(value)'")
            }
            options.fitLines = n
        case "--min-size":
            options.minimumSize = try length(value, option: name)
        case "--path":
            options.path = try ShapeOption.parse(value, option: name, whole: true)
        case "--exclude":
            options.exclusions.append(try ShapeOption.parse(value, option: name, whole: false))
        case "--writing-mode":
            options.writingMode = try choice(
                value, option: name, FrameProgression.allCases.map { ([$0.cssName], $0) })
        case "--text-orientation":
            options.textOrientation = try choice(
                value, option: name, TextOrientation.allCases.map { ([$0.rawValue], $0) })
        case "--ellipsize":
            let modes: [EllipsizeMode] = [.start, .middle, .end, .none]
            options.ellipsize = try choice(value, option: name, modes.map { ([$0.rawValue], $0) })
        case "--line-breaking":
            options.lineBreakStrategy = try choice(
                value, option: name, LineBreakStrategy.allCases.map { ([$0.rawValue], $0) })
        case "--lang":
            options.language = try languageTag(value)
        case "--text-spacing-trim":
            options.textSpacingTrim = try choice(
                value, option: name, TextSpacingTrim.allCases.map { ([$0.rawValue], $0) })
        case "--text-autospace":
            options.textAutospace = try choice(value, option: name, TextAutospace.allCases.map { ([$0.rawValue], $0) })
        default:
            return false
        }
        return true
    }

    /// `--lang`: a BCP 47 tag — a language subtag of 2 or 3 letters, then subtags of 1 to 8
    /// letters or digits, separated by hyphens ("en", "en-GB", "de-CH-1996", "zh-Hant-TW").
    static func languageTag(_ text: String) throws(CLIError) -> String {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        let ascii = { (c: Character) in c.isASCII && (c.isLetter || c.isNumber) }
        guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter }),
            parts.dropFirst().allSatisfy({ (1...8).contains($0.count) && $0.allSatisfy(ascii) })
        else {
            throw CLIError("--lang needs a BCP 47 language tag such as en, en-GB or de-CH, got '\(text)'")
        }
        return text
    }

    /// `--tabs`: comma-separated stops, each a location in points with an optional alignment
    /// letter before it — L left, R right, C center, D decimal (a bare number is a left stop),
    /// e.g. "L100,R200,C300,D400".
    static func tabStops(_ text: String) throws(CLIError) -> [TextTab] {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        var stops: [TextTab] = []
        for raw in parts {
            var item = raw.trimmingWhitespace()
            var alignment = TabAlignment.left
            if let first = item.first, first.isLetter {
                switch first.uppercased() {
                case "L": alignment = .left
                case "R": alignment = .right
                case "C": alignment = .center
                case "D": alignment = .decimal
                default:
                    throw CLIError(
                        "--tabs: unknown alignment '\(first)' in '\(raw)' (use L, R, C or D before the location)")
                }
                item.removeFirst()
            }
            guard let v = Double(item.trimmingWhitespace()), v.isFinite else {
                throw CLIError("--tabs needs comma-separated stops like L100,R200,C300,D400, got '\(text)'")
            }
            try checkRange(CGFloat(v), 0...maximumLength, subject: "--tabs: stop '\(raw)'", got: nil)
            stops.append(TextTab(alignment: alignment, location: CGFloat(v)))
        }
        return stops
    }
}
