// The typesetter: analyses an attributed text paragraph by paragraph (once, cached), suggests
// where lines break and creates lines. CoreText's CTTypesetter in Swift terms.
import Foundation
import GalleyFonts
import GalleyShaping
import GalleyText
import GalleyUnicode
import Synchronization

/// Like CTTypesetter. Thread-safe: paragraphs are analysed on first use and cached.
public final class Typesetter: Sendable {
    /// The text being laid out.
    public let text: AttributedText
    /// Where fallback fonts come from.
    public let fonts: FontCollection
    /// The font of characters that have no font attribute (DejaVu Sans 12, like CoreText's Helvetica 12).
    public let defaultFont: Font
    let paragraphs: [ParagraphSpan]
    private let cache = Mutex<[Int: ParagraphAnalysis]>([:])

    /// The default font: the bundled DejaVu Sans at 12 pt.
    static let fallbackDefaultFont: Result<Font, FontError> = {
        do throws(FontError) {
            return .success(try FontCollection.shared.font(family: "DejaVu Sans", size: 12))
        } catch {
            return .failure(error)
        }
    }()

    /// Creates a typesetter for `text`. Like CTTypesetterCreateWithAttributedString.
    /// - Throws: `LayoutError.noDefaultFont` when the text has characters without a font
    ///   attribute and no default font was given or could be loaded.
    public init(_ text: AttributedText, defaultFont: Font? = nil, fonts: FontCollection = .shared) throws(LayoutError) {
        self.text = text
        self.fonts = fonts
        if let font = defaultFont {
            self.defaultFont = font
        } else {
            switch Typesetter.fallbackDefaultFont {
            case .success(let font): self.defaultFont = font
            case .failure(let error): throw .noDefaultFont(error.description)
            }
        }
        self.paragraphs = ParagraphSplitter.split(text.utf16)
    }

    /// The index of the paragraph containing `offset` (the last one for the text's end).
    func paragraphIndex(containing offset: Int) -> Int {
        var lo = 0
        var hi = paragraphs.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if paragraphs[mid].range.lowerBound <= offset { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// The analysis of paragraph `index`, computed on first use.
    func analysis(ofParagraph index: Int) -> ParagraphAnalysis {
        if let hit = cache.withLock({ $0[index] }) { return hit }
        let made = ParagraphAnalysis(text: text, span: paragraphs[index], defaultFont: defaultFont, fonts: fonts)
        cache.withLock { $0[index] = made }
        return made
    }

    func analysis(containing offset: Int) -> ParagraphAnalysis {
        analysis(ofParagraph: paragraphIndex(containing: offset))
    }

    // MARK: Breaking

    /// How many UTF-16 code units starting at `start` fit on a line of `width`, breaking at a
    /// UAX #14 opportunity (or, for a word longer than the line, between grapheme clusters).
    /// The count includes trailing whitespace, which hangs past the width, and the paragraph
    /// separator or line separator that ends the line; it is never 0 for a start inside the text.
    /// Like CTTypesetterSuggestLineBreak.
    public func suggestLineBreak(startingAt start: Int, width: CGFloat) throws(LayoutError) -> Int {
        try validate(start: start, width: width)
        if start == text.length { return 0 }
        let paragraph = analysis(containing: start)
        let mode = paragraph.style.lineBreakMode
        return lineEnd(paragraph, from: start, width: width, clusterOnly: mode == .charWrapping) - start
    }

    /// Like `suggestLineBreak`, but breaks at any grapheme cluster boundary, with no linguistic
    /// analysis (hard breaks are still honoured). Like CTTypesetterSuggestClusterBreak.
    public func suggestClusterBreak(startingAt start: Int, width: CGFloat) throws(LayoutError) -> Int {
        try validate(start: start, width: width)
        if start == text.length { return 0 }
        return lineEnd(analysis(containing: start), from: start, width: width, clusterOnly: true) - start
    }

    private func validate(start: Int, width: CGFloat) throws(LayoutError) {
        guard start >= 0, start <= text.length else { throw .indexOutOfBounds(index: start, length: text.length) }
        guard !width.isNaN, width >= 0 else { throw .invalidGeometry("line width \(width) must be a number ≥ 0") }
    }

    /// The end of the line that starts at `start` in `paragraph`.
    func lineEnd(_ paragraph: ParagraphAnalysis, from start: Int, width: CGFloat, clusterOnly: Bool) -> Int {
        let content = paragraph.content
        if start >= content.upperBound { return paragraph.span.range.upperBound }
        let fits: (Int) -> Bool = { end in
            paragraph.width(of: start..<paragraph.endTrimmingWhitespace(start..<end)) <= width
        }
        var best: Int? = nil
        // Break opportunities after `start`.
        let breaks = paragraph.breaks
        var i = firstBreak(after: start, in: breaks)
        if clusterOnly {
            // Grapheme boundaries, stopping at the first mandatory break.
            let mandatory = i < breaks.count ? breaks[i...].first(where: \.isMandatory)?.offset : nil
            let limit = min(mandatory ?? content.upperBound, content.upperBound)
            best = lastFittingGrapheme(paragraph, from: start, limit: limit, fits: fits)
        } else {
            while i < breaks.count {
                let b = breaks[i]
                if fits(b.offset) {
                    best = b.offset
                    if b.isMandatory { break }
                } else {
                    break
                }
                i += 1
            }
            if best == nil {
                // The first word is wider than the line: break it between grapheme clusters.
                let limit = i < breaks.count ? breaks[i].offset : content.upperBound
                best = lastFittingGrapheme(paragraph, from: start, limit: limit, fits: fits)
            }
        }
        var end = best ?? content.upperBound
        if end >= content.upperBound { end = paragraph.span.range.upperBound }
        return end
    }

    private func firstBreak(after start: Int, in breaks: [LineBreakOpportunity]) -> Int {
        var lo = 0
        var hi = breaks.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if breaks[mid].offset > start { hi = mid } else { lo = mid + 1 }
        }
        return lo
    }

    /// The last grapheme boundary in (start, limit] that fits, or the first one after `start`
    /// when none does (a line always takes at least one cluster).
    private func lastFittingGrapheme(
        _ paragraph: ParagraphAnalysis, from start: Int, limit: Int, fits: (Int) -> Bool
    ) -> Int {
        let g = paragraph.graphemes
        var lo = 0
        var hi = g.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if g[mid] > start { hi = mid } else { lo = mid + 1 }
        }
        var best: Int? = nil
        var k = lo
        while k < g.count, g[k] <= limit {
            if fits(g[k]) { best = g[k] } else { break }
            k += 1
        }
        return best ?? (lo < g.count ? g[lo] : limit)
    }

    // MARK: Lines

    /// The line for `range`: glyphs in visual order, positioned from the line origin. A range that
    /// crosses a paragraph separator is cut at the end of the first paragraph (a line never spans
    /// paragraphs). Like CTTypesetterCreateLine.
    public func line(for range: Range<Int>) throws(LayoutError) -> Line {
        guard range.lowerBound >= 0, range.upperBound <= text.length else {
            throw .rangeOutOfBounds(range: range, length: text.length)
        }
        let paragraph = analysis(containing: range.lowerBound)
        let end = min(range.upperBound, paragraph.span.range.upperBound)
        return LineBuilder.line(paragraph, range: range.lowerBound..<end, text: text)
    }

    /// Breaks `range` into lines of `width`, in order, calling `body` with each; stops when `body`
    /// returns false. The engine of the framesetter.
    func forEachLine(in range: Range<Int>, width: CGFloat, _ body: (Line) -> Bool) {
        var start = range.lowerBound
        while start < range.upperBound {
            let paragraph = analysis(containing: start)
            let clusterOnly = paragraph.style.lineBreakMode == .charWrapping
            var end = lineEnd(paragraph, from: start, width: width, clusterOnly: clusterOnly)
            end = min(max(end, start + 1), range.upperBound)
            let line = LineBuilder.line(paragraph, range: start..<end, text: text)
            if !body(line) { return }
            start = end
        }
    }
}
