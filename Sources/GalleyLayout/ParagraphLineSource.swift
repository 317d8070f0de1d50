// Where the lines of one paragraph come from when every line of it has the same room (a
// rectangle without exclusions): the paragraph-level hook of line stacking. A breaker that chooses all of a paragraph's lines at once (optimal or
// balanced breaking) hands them over as a plan; greedy breaking, CoreText's, makes them one at
// a time, only as many as the frame takes. Lines the typesetter kept from an earlier frame of
// the same width are such a plan, and a paragraph laid out whole is kept for the next frame.
import Foundation
import GalleyShaping

/// The lines of one paragraph for a frame, handed out in order. A class: the stacking loop keeps
/// one per paragraph and asks it for line after line.
final class ParagraphLineSource {
    /// The paragraph's index in the typesetter.
    let index: Int
    /// Its validated style.
    let resolved: ResolvedParagraphStyle
    private let frameWidth: CGFloat
    /// Lines chosen before, all at once, from the paragraph's start; nil when breaking greedily.
    private let plan: CachedParagraphLines?
    private var planned = 0
    /// The paragraph's analysis, for breaking.
    private var paragraph: ParagraphAnalysis?
    /// The line ends a whole-paragraph strategy chose (nil: greedy), once asked for, and the
    /// next one to take.
    private var breaks: [PlannedBreak]??
    private var nextBreak = 0
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

    /// Appends the line starting at `start` (where the previous one ended), placed in `slot`
    /// (the row's interval: its left edge and width) with baseline 0, to `placed`; false past the
    /// paragraph's end.
    func place(
        from start: Int, slot: (x: CGFloat, width: CGFloat), into placed: inout [Framesetter.StackedLine],
        in framesetter: Framesetter
    ) throws(LayoutError) -> Bool {
        if let plan {
            // Straight from the plan into the frame (a line copied on the way costs its retains).
            guard planned < plan.lines.count else { return false }
            let first = planned == 0
            placed.append(
                Framesetter.StackedLine(
                    line: plan.lines[planned], baseline: 0, metrics: resolved.placedMetrics(of: plan.lines[planned]),
                    head: first ? plan.key.firstHead : plan.key.otherHead,
                    width: first ? plan.key.firstWidth : plan.key.otherWidth, resolved: resolved, slotX: slot.x,
                    slotWidth: slot.width, startsParagraph: first))
            planned += 1
            return true
        }
        let setter = framesetter.typesetter
        let paragraph = self.paragraph ?? setter.analysis(ofParagraph: index)
        self.paragraph = paragraph
        guard start < paragraph.span.range.upperBound else { return false }
        let head = resolved.headIndent(firstLine: start == paragraph.span.range.lowerBound)
        let width = resolved.lineWidth(frameWidth: frameWidth, head: head)
        let line: Line
        let end: Int
        if let planned = plannedBreak(from: start, paragraph: paragraph, setter: setter) {
            end = min(max(planned.end, start + 1), limit)
            line = setter.makeLine(
                paragraph, range: start..<end, offset: head, hyphenated: planned.hyphenated && end == planned.end)
        } else {
            (line, end) = try framesetter.nextLine(paragraph, from: start, width: width, head: head, limit: limit)
        }
        made?.append(line)
        if end == paragraph.span.range.upperBound, let lines = made {
            setter.storeLines(
                CachedParagraphLines(
                    key: LineCacheKey(resolved, frameWidth: frameWidth), lines: lines, resolved: resolved),
                ofParagraph: index)
            made = nil
        }
        placed.append(
            Framesetter.StackedLine(
                line: line, baseline: 0, metrics: resolved.placedMetrics(of: line), head: head, width: width,
                resolved: resolved, slotX: slot.x, slotWidth: slot.width,
                startsParagraph: start == paragraph.span.range.lowerBound))
        return true
    }

    /// The planned end of the line starting at `start`, when the paragraph's strategy chooses
    /// its lines whole; nil for greedy breaking. The plan covers the paragraph from its start
    /// (so that a paragraph continued in another frame keeps its lines), or from `start` when
    /// no planned line starts there.
    private func plannedBreak(from start: Int, paragraph: ParagraphAnalysis, setter: Typesetter) -> PlannedBreak? {
        if breaks == nil {
            let first = resolved.lineWidth(frameWidth: frameWidth, head: resolved.headIndent(firstLine: true))
            let other = resolved.lineWidth(frameWidth: frameWidth, head: resolved.headIndent(firstLine: false))
            let origin = paragraph.span.range.lowerBound
            var plan = setter.keptBreaks(ofParagraph: index, firstWidth: first, otherWidth: other) {
                setter.plannedBreaks(paragraph, from: origin, firstWidth: first, otherWidth: other)
            }
            nextBreak = 0
            if let whole = plan, start != origin {
                // The plan's ends increase: the line before `start`, by binary search.
                let k = LineBuilder.partition(whole[...]) { $0.end >= start }
                if k < whole.count, whole[k].end == start {
                    nextBreak = k + 1
                } else {
                    plan = setter.plannedBreaks(paragraph, from: start, firstWidth: other, otherWidth: other)
                }
            }
            breaks = .some(plan)
        }
        guard let plan = breaks ?? nil else { return nil }
        // The plan's lines follow one another; a start elsewhere (a line cut at the frame's
        // range) breaks greedily from there.
        guard nextBreak < plan.count, nextBreak == 0 ? true : plan[nextBreak - 1].end == start else { return nil }
        nextBreak += 1
        return plan[nextBreak - 1]
    }
}
