// Hostile frames: frame paths of zero, tiny and huge sizes, rounded rectangles, ellipses and
// polygons with hostile coordinates, frame options; and the queries (carets, hit tests,
// selections) a harness makes at every string index of a frame, checking that all are finite.
import Foundation
import Galley

/// Frames and queries for the harnesses.
public enum HostileFrames {
    /// A frame path: usually an everyday rectangle, else a hostile one or another shape.
    public static func path(_ input: inout FuzzInput) -> FramePath {
        switch input.int(in: 0...7) {
        case 0, 1, 2:
            return .rectangle(CGRect(x: 0, y: 0, width: CGFloat(input.int(in: 0...400)), height: 2000))
        case 3:
            return .rectangle(
                CGRect(x: input.hostile(), y: input.hostile(), width: input.hostile(), height: input.hostile()))
        case 4:
            return .roundedRectangle(
                CGRect(x: 0, y: 0, width: input.length(), height: input.length()), cornerWidth: input.hostile(),
                cornerHeight: input.hostile())
        case 5:
            return .ellipse(in: CGRect(x: input.hostile(), y: 0, width: input.length(), height: input.length()))
        default:
            let points = (0..<input.int(in: 0...8)).map { _ in
                input.bool()
                    ? CGPoint(x: CGFloat(input.int(in: 0...300)), y: CGFloat(input.int(in: 0...300)))
                    : CGPoint(x: input.hostile(), y: input.hostile())
            }
            return .polygon(points)
        }
    }

    /// Frame options: line limits, truncation, exclusions, insets.
    public static func options(_ input: inout FuzzInput) -> FrameOptions {
        var options = FrameOptions()
        guard input.bool() else { return options }
        options.maximumNumberOfLines = input.int(in: -1...4)
        options.truncation = input.pick([nil, .start, .middle, .end])
        if input.bool() {
            options.truncationToken = AttributedText(input.pick(["…", "", "\u{FFFC}", "مرحبا", "\n"]))
        }
        for _ in 0..<input.int(in: 0...2) {
            options.exclusionPaths.append(path(&input))
        }
        if input.bool() {
            options.insets = FrameInsets(
                top: input.hostile(), left: input.hostile(), bottom: input.hostile(), right: input.hostile())
        }
        return options
    }

    /// Asks `frame` for carets, hit tests and selection rectangles at every string index and at
    /// hostile points, trapping on any non-finite answer.
    public static func queryEveryIndex(_ frame: Frame, length: Int, _ input: inout FuzzInput) {
        for (i, line) in frame.lines.enumerated() {
            let range = line.stringRange
            for index in (range.lowerBound - 1)...(range.upperBound + 1) {
                let caret = line.offset(forStringIndex: index)
                requireFinite(caret.primary, "line \(i) caret \(index)")
                requireFinite(caret.secondary, "line \(i) secondary caret \(index)")
                let hit = line.stringIndex(for: CGPoint(x: caret.primary, y: 0))
                precondition(hit >= range.lowerBound && hit <= range.upperBound, "hit \(hit) outside \(range)")
            }
            line.enumerateCaretOffsets { offset, _, _, _ in requireFinite(offset, "line \(i) enumerated caret") }
            for rect in line.selectionRects(for: range) { requireFinite(rect, "line \(i) selection") }
            for x in [-1e300, -1, 0, 0.5, 7, 1e9, .greatestFiniteMagnitude, .nan, .infinity] as [CGFloat] {
                _ = line.stringIndex(for: CGPoint(x: x, y: 0))
            }
            requireFinite(line.imageBounds, "line \(i) image bounds")
        }
        for index in -1...(length + 1) {
            _ = frame.lineIndex(forStringIndex: index)
        }
        for _ in 0..<input.int(in: 0...6) {
            let point = CGPoint(x: input.hostile(), y: input.hostile())
            if let index = frame.stringIndex(for: point) {
                precondition(index >= 0 && index <= length, "hit \(index) outside 0...\(length)")
            }
            _ = frame.lineIndex(at: point)
        }
        for rect in frame.selectionRects(for: HostileText.range(&input, length: length)) {
            requireFinite(rect, "frame selection")
        }
    }

    /// Asks the typesetter for line breaks and lines at hostile starts, widths and offsets, and
    /// the framesetter for a suggested size: starts and ranges outside the text must throw, and
    /// every number given back must be finite.
    public static func queryTypesetter(_ framesetter: Framesetter, _ input: inout FuzzInput) {
        let typesetter = framesetter.typesetter
        let length = typesetter.text.length
        for _ in 0..<input.int(in: 0...3) {
            let start = input.bool() ? input.int(in: 0...max(length, 0)) : input.pick([-1, length + 1, Int.min / 2])
            let width = input.length()
            let offset = input.bool() ? 0 : input.hostile()
            let inside = start >= 0 && start <= length
            do {
                let count =
                    try input.bool()
                    ? typesetter.suggestLineBreak(startingAt: start, width: width, offset: offset)
                    : typesetter.suggestClusterBreak(startingAt: start, width: width, offset: offset)
                precondition(inside, "a break from \(start) outside 0...\(length) did not throw")
                precondition(count >= 0 && start + count <= length, "break of \(count) from \(start) in \(length)")
                precondition(count > 0 || start == length, "no progress from \(start)")
                let line = try typesetter.line(for: start..<(start + count), offset: offset)
                requireFinite(line, "typesetter line")
            } catch {
                continue
            }
        }
        let range = HostileText.range(&input, length: length)
        let constraints = CGSize(width: input.length(), height: input.length())
        if let suggested = try? framesetter.suggestFrameSize(range: range, constraints: constraints) {
            precondition(HostileText.isValid(range, length: length), "suggestFrameSize(range: \(range)) did not throw")
            requireFinite(suggested.size.width, "suggested width")
            requireFinite(suggested.size.height, "suggested height")
        }
    }
}
