// Where the lines of one paragraph come from when every line of it has the same room (a
// rectangle, or a path band by band where the band does not matter): the paragraph-level hook
// of line stacking. A breaker that chooses all of a paragraph's lines at once (optimal or
// balanced breaking) hands them over as a plan; greedy breaking, CoreText's, makes them one at
// a time, only as many as the frame takes. Lines the typesetter kept from an earlier frame of
// the same width are such a plan, and a paragraph laid out whole is kept for the next frame.
import Foundation
import GalleyShaping

/// The lines of one paragraph for a frame, handed out in order. A class: the stacking loop keeps
/// one per paragraph and asks it for line after line.
final class ParagraphLineSource {
    /// One line and the room it was made for.
    struct Made {
        let line: Line
        /// Where the line ends (the next line's start).
        let end: Int
        /// Its head indent and available width.
        let head: CGFloat
        let width: CGFloat
    }

    /// The paragraph's index in the typesetter.
    let index: Int
    /// Its validated style.
    let resolved: ResolvedParagraphStyle
    private let frameWidth: CGFloat
    /// Lines chosen before, all at once, from the paragraph's start; nil when breaking greedily.
    private let plan: CachedParagraphLines?
    private var planned = 0
    /// The paragraph's analysis, for greedy breaking.
    private var paragraph: ParagraphAnalysis?
    /// For a paragraph laid out whole from its start, the lines made so far (kept when complete).
    private var made: [Line]?
    private let limit: Int

    /// The source for paragraph `index` of `setter` in a frame `frameWidth` wide, from `start`,
    /// for a frame showing text up to `limit`. A paragraph within the range from its start takes
    /// the lines the typesetter kept for this width, if any.
    init(_ setter: Typesetter, paragraph index: Int, from start: Int, frameWidth: CGFloat, limit: Int) {
        self.index = index
        self.frameWidth = frameWidth
        self.limit = limit
        let span = setter.paragraphs[index].range
        let whole = start == span.lowerBound && span.upperBound <= limit
        if whole, let kept = setter.cachedLines(ofParagraph: index, frameWidth: frameWidth), !kept.lines.isEmpty {
            plan = kept
            resolved = kept.resolved
            return
        }
        plan = nil
        made = whole ? [] : nil
        resolved = setter.extras(ofParagraph: index).style
    }

    /// The line starting at `start` (where the previous one ended), or nil past the paragraph.
    func next(from start: Int, in framesetter: Framesetter) throws(LayoutError) -> Made? {
        if let plan {
            guard planned < plan.lines.count else { return nil }
            defer { planned += 1 }
            let key = plan.key
            let first = planned == 0
            let line = plan.lines[planned]
            return Made(
                line: line, end: line.stringRange.upperBound, head: first ? key.firstHead : key.otherHead,
                width: first ? key.firstWidth : key.otherWidth)
        }
        let setter = framesetter.typesetter
        let paragraph = self.paragraph ?? setter.analysis(ofParagraph: index)
        self.paragraph = paragraph
        guard start < paragraph.span.range.upperBound else { return nil }
        let head = resolved.headIndent(firstLine: start == paragraph.span.range.lowerBound)
        let width = resolved.lineWidth(frameWidth: frameWidth, head: head)
        let (line, end) = try framesetter.nextLine(paragraph, from: start, width: width, head: head, limit: limit)
        made?.append(line)
        if end == paragraph.span.range.upperBound, let lines = made {
            setter.storeLines(
                CachedParagraphLines(
                    key: LineCacheKey(resolved, frameWidth: frameWidth), lines: lines, resolved: resolved),
                ofParagraph: index)
            made = nil
        }
        return Made(line: line, end: end, head: head, width: width)
    }
}
