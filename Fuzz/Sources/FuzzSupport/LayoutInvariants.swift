// The invariants every layout promises (issue 29), as fuzz oracles: a harness traps (so
// libFuzzer saves the input) when carets go backwards along a line, a caret's index cannot be
// hit, a frame's lines do not tile its visible range, a frame of the suggested size holds less
// than the suggested range, a line of several clusters is wider than its measure, or laying the
// same text out again gives another frame. (Every number finite: FiniteChecks.swift; writers
// never failing on an accepted frame: WriterChecks.swift.)
import Foundation
import Galley

/// The shared checks.
public enum LayoutInvariants {
    /// Rounding allowed in comparisons of positions (points).
    static let epsilon: CGFloat = 1e-6

    /// Every check that needs only the frame: finite numbers, carets in order, every index's
    /// caret hit, lines tiling the visible range.
    public static func requireAll(_ frame: Frame) {
        requireFinite(frame)
        for (i, line) in frame.lines.enumerated() {
            requireCaretsInOrder(line, "line \(i)")
            requireEveryIndexHit(line, "line \(i)")
        }
        requireLinesTile(frame)
    }

    /// Traps when `enumerateCaretOffsets` goes backwards (it visits carets left to right, or top
    /// to bottom: CTLineEnumerateCaretOffsets's order).
    public static func requireCaretsInOrder(_ line: Line, _ what: String) {
        var previous = -CGFloat.infinity
        line.enumerateCaretOffsets { offset, index, _, _ in
            if offset < previous - epsilon {
                fatalError("\(what): caret of index \(index) at \(offset) goes back from \(previous)")
            }
            previous = max(previous, offset)
        }
    }

    /// Traps when hit testing the primary caret of an index of the line (each cluster's start,
    /// and the line's end) finds an index whose primary caret is elsewhere (two indices may share
    /// a caret: a cluster without advance).
    public static func requireEveryIndexHit(_ line: Line, _ what: String) {
        var indices: [Int] = []
        line.enumerateCaretOffsets { _, index, _, _ in indices.append(index) }
        for index in indices {
            let caret = line.offset(forStringIndex: index).primary
            let point: CGPoint =
                switch line.lineAxis {
                case .horizontal: CGPoint(x: caret, y: 0)
                case .vertical: CGPoint(x: 0, y: -caret)
                }
            let hit = line.stringIndex(for: point)
            let found = line.offset(forStringIndex: hit).primary
            if abs(found - caret) > epsilon {
                fatalError("\(what): index \(index)'s caret \(caret) hits \(hit), whose caret is \(found)")
            }
        }
    }

    /// Traps unless the lines' ranges follow each other from the visible range's start to its
    /// end (a truncated line stands for the rest of its paragraph: its range is not checked).
    public static func requireLinesTile(_ frame: Frame) {
        let visible = frame.visibleStringRange
        guard !frame.lines.isEmpty else { return }
        var next = visible.lowerBound
        for (i, line) in frame.lines.enumerated() {
            if line.isTruncated { return }
            let range = line.stringRange
            if range.lowerBound != next {
                fatalError("line \(i) starts at \(range.lowerBound), not at \(next) (visible \(visible))")
            }
            next = range.upperBound
        }
        if next != visible.upperBound { fatalError("the lines end at \(next), the visible range at \(visible)") }
    }

    /// Traps unless a frame of exactly the suggested size for `constraints` (everyday sizes
    /// only) shows the suggested fit range, for `options`'s progression.
    public static func requireSuggestedSizeHolds(
        _ framesetter: Framesetter, constraints: CGSize, progression: FrameProgression = .topToBottom
    ) {
        guard constraints.width.isFinite, constraints.height.isFinite, constraints.width >= 0,
            constraints.height >= 0, constraints.width <= 1e5, constraints.height <= 1e5
        else { return }
        let options = FrameOptions(truncation: nil, progression: progression)
        guard let suggested = try? framesetter.suggestFrameSize(constraints: constraints, options: options) else {
            return
        }
        requireFinite(suggested.size.width, "suggested width")
        requireFinite(suggested.size.height, "suggested height")
        if suggested.size.width > constraints.width || suggested.size.height > constraints.height {
            fatalError("suggested size \(suggested.size) exceeds the constraints \(constraints)")
        }
        guard let frame = try? framesetter.frame(in: CGRect(origin: .zero, size: suggested.size), options: options)
        else { fatalError("no frame of the suggested size \(suggested.size)") }
        if frame.visibleStringRange != suggested.fitRange {
            fatalError(
                "a frame of the suggested size \(suggested.size) shows \(frame.visibleStringRange), "
                    + "not the suggested \(suggested.fitRange) (constraints \(constraints))")
        }
    }

    /// Traps when a line of `frame` is wider than its measure (visible width, trailing whitespace
    /// excluded) while holding more than one unit that `isUnit` says may not break (by default,
    /// one grapheme cluster of `text`). Only for texts without hanging punctuation, placeholders
    /// or justification (whose lines are as wide as their measure).
    public static func requireLinesWithinMeasure(
        _ frame: Frame, text: AttributedText, isOneUnit: ((Range<Int>) -> Bool)? = nil
    ) {
        let units = Array(text.utf16)
        for (i, line) in frame.lines.enumerated() where !line.isTruncated && i < frame.lineMeasures.count {
            let measure = frame.lineMeasures[i]
            let visible = line.width - line.trailingWhitespaceWidth
            guard visible > measure + max(abs(measure), 1) * 1e-9 else { continue }
            let range = line.stringRange
            var end = range.upperBound
            while end > range.lowerBound, let scalar = Unicode.Scalar(units[end - 1]),
                scalar.properties.isWhitespace
            {
                end -= 1
            }
            let shown = range.lowerBound..<end
            let single =
                isOneUnit?(shown) ?? (String(decoding: units[shown], as: UTF16.self).count <= 1)
            if !single {
                fatalError("line \(i) \(range) is \(visible) wide in a measure of \(measure)")
            }
        }
    }

    /// Traps unless laying `text` out again, with a new framesetter, gives the same frame.
    public static func requireSameAgain(_ text: AttributedText, _ frame: Frame, layout: (Framesetter) -> Frame?) {
        guard let again = (try? Framesetter(text)).flatMap(layout) else { fatalError("the second layout failed") }
        FrameComparison.requireSame(frame, again)
    }
}
