// One-call measuring with UIKit's string-drawing rules (NSStringDrawing.h): the options
// usesLineFragmentOrigin, usesFontLeading, usesDeviceMetrics and truncatesLastVisibleLine, the
// drawing context's minimum and actual scale factors, and TextKit's line-height arithmetic,
// documented beside CoreText's where they differ. GalleyRender draws what this lays out.
import Foundation
import GalleyFonts
import GalleyShaping
import GalleySync
import GalleyText

/// Options of `AttributedText.boundingRect(with:options:context:)` and of the matching
/// `draw(with:options:context:into:renderer:)`. Like `NSStringDrawingOptions`, with its raw values.
public struct StringDrawingOptions: OptionSet, Sendable, Hashable {
    /// The raw bits (UIKit's).
    public let rawValue: Int
    /// Creates options from raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// The rect's origin is the top-left corner of the first line fragment and the text wraps
    /// in its width; without it the origin is the first line's baseline origin and the text is
    /// one line per hard line break. Like `NSStringDrawingUsesLineFragmentOrigin`.
    public static let usesLineFragmentOrigin = StringDrawingOptions(rawValue: 1 << 0)
    /// Line heights include the font's leading. Like `NSStringDrawingUsesFontLeading`.
    public static let usesFontLeading = StringDrawingOptions(rawValue: 1 << 1)
    /// The bounding rect is the glyphs' image bounds instead of the typographic bounds. Like
    /// `NSStringDrawingUsesDeviceMetrics`.
    public static let usesDeviceMetrics = StringDrawingOptions(rawValue: 1 << 3)
    /// When the text does not fit, the last visible line ends with "…". Ignored without
    /// `usesLineFragmentOrigin`. Like `NSStringDrawingTruncatesLastVisibleLine`.
    public static let truncatesLastVisibleLine = StringDrawingOptions(rawValue: 1 << 5)
}

/// How far text may shrink to fit, and, after measuring or drawing, how far it did and where it
/// went. Like `NSStringDrawingContext` (minimumScaleFactor, actualScaleFactor, totalBounds; the
/// tracking adjustments, long deprecated, are absent). Thread-safe: one lock guards its values.
public final class StringDrawingContext: Sendable {
    private struct State {
        var minimumScaleFactor: CGFloat
        var actualScaleFactor: CGFloat = 1
        var totalBounds: CGRect = .zero
    }
    private let state: Locked<State>

    /// A context allowing fonts to shrink to `minimumScaleFactor` of their size (0, the
    /// default, and any value ≥ 1 mean "do not shrink").
    public init(minimumScaleFactor: CGFloat = 0) {
        state = Locked(State(minimumScaleFactor: minimumScaleFactor))
    }

    /// "A value of 0.0 corresponds to a scale factor of 1.0. Any value greater than 0.0 is
    /// multiplied by the font point size to get the smallest font size that is permissible to
    /// use" (Apple's documentation). Like `NSStringDrawingContext.minimumScaleFactor`.
    public var minimumScaleFactor: CGFloat {
        get { state.withLock { $0.minimumScaleFactor } }
        set { state.withLock { $0.minimumScaleFactor = newValue } }
    }

    /// The scale factor the last measuring or drawing applied to every font (1 when the text
    /// fitted at its size). Like `NSStringDrawingContext.actualScaleFactor`.
    public var actualScaleFactor: CGFloat { state.withLock { $0.actualScaleFactor } }

    /// The bounding rect of the last measured or drawn text, in the coordinates of the call
    /// (for drawing, the rect's coordinates). Like `NSStringDrawingContext.totalBounds`.
    public var totalBounds: CGRect { state.withLock { $0.totalBounds } }

    /// Records the result of a call.
    package func record(scale: CGFloat, bounds: CGRect) {
        state.withLock {
            $0.actualScaleFactor = scale
            $0.totalBounds = bounds
        }
    }
}

/// Text laid out by UIKit's string-drawing rules: its lines (a frame whose rect is the used
/// area), where its baselines sit relative to the drawing origin, and its bounding rect.
package struct StringDrawingLayout: Sendable {
    /// The lines, with origins relative to `frame.rect` (y up) whose height is `height`.
    package let frame: Frame
    /// Each line's baseline, y down, relative to the drawing origin.
    package let baselines: [CGFloat]
    /// The top of the used area (y down, relative to the drawing origin): 0 with
    /// usesLineFragmentOrigin, minus the first line's ascent without it.
    package let top: CGFloat
    /// The height of the used area.
    package let height: CGFloat
    /// What boundingRect returns: y down, relative to the drawing origin.
    package let boundingRect: CGRect
    /// The scale applied to every font.
    package let scaleFactor: CGFloat
    /// Whether all the text fitted (no line left out, clipped or truncated).
    package let fits: Bool

    /// The frame to draw with the drawing origin at `origin` (y down, points) in a canvas
    /// `canvasHeight` points tall: its rect in CoreText's y-up canvas coordinates.
    package func frame(drawingAt origin: CGPoint, canvasHeight: CGFloat) -> Frame {
        let rect = CGRect(
            x: origin.x, y: canvasHeight - (origin.y + top + height), width: frame.rect.width, height: height)
        return frame.with(rect: rect)
    }
}

extension AttributedText {
    /// The rect the text occupies when drawn by `draw(with:options:context:into:renderer:)`
    /// with the same size and options, relative to the drawing origin, y down. Like
    /// `-[NSAttributedString boundingRectWithSize:options:context:]`, with TextKit's rules
    /// where they differ from CoreText's (`Framesetter.suggestFrameSize` keeps CoreText's):
    ///
    /// - **Size.** "The width part of the size field specifies the maximum line fragment width
    ///   if larger than 0.0. The height defines the maximum size that can be occupied with text
    ///   if larger than 0.0 and NSStringDrawingUsesLineFragmentOrigin is specified. If
    ///   NSStringDrawingUsesLineFragmentOrigin is not specified, height is ignored and
    ///   considered to be single-line rendering (NSLineBreakByWordWrapping and
    ///   NSLineBreakByCharWrapping are treated as NSLineBreakByClipping)" (NSStringDrawing.h).
    ///   So 0 (or less, or `.greatestFiniteMagnitude`) means unconstrained; CoreText's 0 means 0.
    /// - **Origin.** With `.usesLineFragmentOrigin` the rect starts at (0, 0), the top of the
    ///   first line fragment. Without it "the origin of the rectangle is the baseline of the only
    ///   line. The text will be displayed above the rectangle" (Apple's documentation), so the
    ///   rect starts at (0, −ascent of the first line); hard line breaks are still honoured,
    ///   "subsequent text … placed on the next line underneath the starting point".
    /// - **Line height.** TextKit: each line fragment is ascent + descent, plus the font's
    ///   leading only with `.usesFontLeading` ("Uses the font leading for calculating line
    ///   heights"), and that leading belongs to every fragment, the last one included (inferred:
    ///   Apple documents only the quoted sentence; not yet measured against iOS). CoreText
    ///   (`suggestFrameSize`): baselines are a descent + leading + ascent apart, always with the
    ///   leading, and the height stops at the last line's descent. So for n lines of one font
    ///   (ascent a, descent d, leading l): CoreText n(a + d) + (n − 1)l; TextKit n(a + d), or
    ///   n(a + d + l) with usesFontLeading. Paragraph-style spacing (line spacing adjustment,
    ///   minimum/maximum spacing: what the style adds to the font's leading) goes between lines
    ///   in both; paragraph spacing between paragraphs in both; line-height multiple and
    ///   minimum/maximum line height apply to ascent as in frames.
    /// - **Rounding.** None: "This method returns fractional sizes … you must raise its value to
    ///   the nearest higher integer using the ceil function" (Apple's documentation). (The
    ///   per-metric rounding and the extra 20 % for fonts without leading that are often quoted
    ///   belong to AppKit's NSLayoutManager.defaultLineHeight(for:), read from its disassembly,
    ///   not to string drawing; Galley does not apply them.)
    /// - **Fit.** A line is kept only if its whole fragment fits in the height; with
    ///   `.truncatesLastVisibleLine` (and `.usesLineFragmentOrigin`) the last kept line is
    ///   truncated with "…" when text remains.
    /// - **Width.** The widest line's extent without trailing whitespace, as in CoreText; with
    ///   `.usesDeviceMetrics` the rect is instead the union of the lines' image bounds.
    /// - **Scaling.** With `context.minimumScaleFactor` in (0, 1) (below 0.01 counting as 0.01)
    ///   and text that does not fit whole, every font is scaled by the largest factor in
    ///   [minimum, 1] (found by bisection to 1/1024 of the range) at which it fits, or by the minimum; `context.actualScaleFactor` reports it,
    ///   `context.totalBounds` the rect.
    ///
    /// - Throws: `LayoutError.invalidGeometry` for a NaN size; `LayoutError.noDefaultFont`.
    public func boundingRect(with size: CGSize, options: StringDrawingOptions, context: StringDrawingContext?)
        throws(LayoutError) -> CGRect
    {
        let layout = try Framesetter(self).stringDrawingLayout(
            size: size, options: options, minimumScaleFactor: context?.minimumScaleFactor ?? 0)
        context?.record(scale: layout.scaleFactor, bounds: layout.boundingRect)
        return layout.boundingRect
    }
}

extension String {
    /// The string with `attributes` measured by UIKit's rules. Like
    /// `-[NSString boundingRectWithSize:options:attributes:context:]`; see
    /// `AttributedText.boundingRect(with:options:context:)`.
    public func boundingRect(
        with size: CGSize, options: StringDrawingOptions, attributes: Attributes, context: StringDrawingContext?
    ) throws(LayoutError) -> CGRect {
        try AttributedText(self, attributes: attributes).boundingRect(with: size, options: options, context: context)
    }
}

extension Framesetter {
    /// The whole text laid out by UIKit's string-drawing rules in `size` (see
    /// `AttributedText.boundingRect(with:options:context:)`), shrunk down to
    /// `minimumScaleFactor` if it does not fit.
    package func stringDrawingLayout(size: CGSize, options: StringDrawingOptions, minimumScaleFactor: CGFloat = 0)
        throws(LayoutError) -> StringDrawingLayout
    {
        guard !size.width.isNaN, !size.height.isNaN else {
            throw .invalidGeometry("size \(size.width)×\(size.height) must not be NaN")
        }
        let full = try textKitLayout(size: size, options: options, scale: 1)
        guard !full.fits, minimumScaleFactor > 0, minimumScaleFactor < 1 else { return full }
        // Fonts shrink no further than 1/100 of their size.
        let minimumScaleFactor = max(minimumScaleFactor, 0.01)
        var best = try scaled(by: minimumScaleFactor).textKitLayout(
            size: size, options: options, scale: minimumScaleFactor)
        guard best.fits else { return best }
        var (lo, hi) = (minimumScaleFactor, CGFloat(1))
        for _ in 0..<10 {
            let mid = (lo + hi) / 2
            let attempt = try scaled(by: mid).textKitLayout(size: size, options: options, scale: mid)
            if attempt.fits {
                (lo, best) = (mid, attempt)
            } else {
                hi = mid
            }
        }
        return best
    }

    /// A framesetter over the text with every font (and the default font) `scale` times its size.
    private func scaled(by scale: CGFloat) throws(LayoutError) -> Framesetter {
        let text = typesetter.text
        var builder = AttributedTextBuilder(text)
        let defaultFont = typesetter.defaultFont
        do {
            for run in try text.runs(in: 0..<text.length) {
                let font = run.attributes.font ?? defaultFont
                try builder.setFont(font.withSize(font.size * scale), range: run.range)
            }
            return try Framesetter(
                builder.build(), defaultFont: defaultFont.withSize(defaultFont.size * scale), fonts: typesetter.fonts)
        } catch {
            throw .invalidGeometry("the text cannot be scaled by \(scale): \(error)")
        }
    }

    /// The layout at one scale: lines (wrapped, or one per hard break), TextKit's vertical
    /// arithmetic, the fit in the height and the truncation of the last kept line.
    private func textKitLayout(size: CGSize, options: StringDrawingOptions, scale: CGFloat) throws(LayoutError)
        -> StringDrawingLayout
    {
        let unbounded = CGFloat.greatestFiniteMagnitude / 2
        let fragments = options.contains(.usesLineFragmentOrigin)
        let usesFontLeading = options.contains(.usesFontLeading)
        let limit = fragments && size.height > 0 && size.height < unbounded ? size.height : .infinity
        var width = size.width > 0 && size.width < unbounded ? size.width : CGFloat.infinity
        let range = 0..<text.length
        var placed: [StackedLine]
        var fits = true
        if fragments {
            // An unconstrained width aligns lines within the widest one.
            if !width.isFinite {
                width = try suggestFrameSize(constraints: CGSize(width: width, height: width)).size.width
            }
            let area = FrameArea(
                path: .rectangle(CGRect(x: 0, y: 0, width: width, height: .infinity)), options: FrameOptions())
            placed = try stack(range, in: area, options: FrameOptions(truncation: nil)).lines
            let kept = Framesetter.keptLines(
                placed, usesFontLeading: usesFontLeading, deviceMetrics: options.contains(.usesDeviceMetrics),
                limit: limit)
            if kept < placed.count {
                fits = false
                if options.contains(.truncatesLastVisibleLine), kept > 0 {
                    placed = try stack(
                        range, in: area, options: FrameOptions(maximumNumberOfLines: kept, truncation: .end)
                    ).lines
                } else {
                    placed.removeSubrange(kept...)
                }
            }
        } else {
            if !width.isFinite { width = try Framesetter.widest(singleLines(width: width).lines) }
            (placed, fits) = try singleLines(width: width)
        }
        return textKitResult(placed, width: width, options: options, scale: scale, fits: fits)
    }

    /// The lines, origins and bounding rect from placed lines (`width`: the container's).
    private func textKitResult(
        _ placed: [StackedLine], width: CGFloat, options: StringDrawingOptions, scale: CGFloat, fits: Bool
    ) -> StringDrawingLayout {
        let fragments = options.contains(.usesLineFragmentOrigin)
        let positions = Framesetter.textKitPositions(placed, usesFontLeading: options.contains(.usesFontLeading))
        // Relative to the drawing origin: the first baseline at 0 without line fragments.
        let shift = fragments ? 0 : -(positions.baselines.first ?? 0)
        let baselines = positions.baselines.map { $0 + shift }
        let top = shift
        let height = positions.bottoms.last ?? 0
        let end = placed.last?.line.stringRange.upperBound ?? 0
        let assembled = assemble(
            placed, end: end, rect: CGRect(x: 0, y: 0, width: width, height: height), range: 0..<text.length,
            path: .rectangle(CGRect(x: 0, y: 0, width: width, height: height)), options: FrameOptions(truncation: nil))
        let frame = assembled.with(
            rect: assembled.rect, path: assembled.path,
            placedLines: zip(assembled.placedLines, baselines).map {
                $0.with(origin: CGPoint(x: $0.origin.x, y: height - ($1 - top)))
            })
        let origins = frame.lineOrigins
        var rect = CGRect(x: 0, y: top, width: min(Framesetter.widest(placed), width), height: height)
        if placed.isEmpty { rect = .zero }
        if options.contains(.usesDeviceMetrics), !placed.isEmpty {
            var box = BoxAccumulator()
            for (line, (origin, baseline)) in zip(frame.lines, zip(origins, baselines)) {
                let image = line.imageBounds
                guard !image.isEmpty else { continue }
                box.add(CGPoint(x: origin.x + image.minX, y: baseline - image.maxY))
                box.add(CGPoint(x: origin.x + image.maxX, y: baseline - image.minY))
            }
            rect = box.rect
        }
        return StringDrawingLayout(
            frame: frame, baselines: baselines, top: top, height: height, boundingRect: rect, scaleFactor: scale,
            fits: fits)
    }

    /// How many of `placed` fit in a height of `limit`: the lines whose fragments end within it,
    /// or with `deviceMetrics` the lines whose ink, with the ink of the lines above, is no taller
    /// than it (the measure `boundingRect` reports with `.usesDeviceMetrics`), so drawing into a
    /// measured rect keeps every line measured in it.
    static func keptLines(_ placed: [StackedLine], usesFontLeading: Bool, deviceMetrics: Bool, limit: CGFloat) -> Int {
        let positions = textKitPositions(placed, usesFontLeading: usesFontLeading)
        guard deviceMetrics, limit.isFinite else { return positions.bottoms.prefix { $0 <= limit }.count }
        var top = CGFloat.infinity
        var bottom = -CGFloat.infinity
        for (i, item) in placed.enumerated() {
            let image = item.line.imageBounds
            if image.isNull || image.isEmpty { continue }
            top = min(top, positions.baselines[i] - image.maxY)
            bottom = max(bottom, positions.baselines[i] - image.minY)
            if bottom - top > limit { return i }
        }
        return placed.count
    }

    /// TextKit's vertical arithmetic: each line's baseline and the bottom of its fragment, y
    /// down from the top of the first fragment. A fragment is placed ascent + descent tall
    /// (+ the line's own font leading with `usesFontLeading`), its baseline an ascent below its
    /// top; between two lines go the spacing the paragraph style adds to the font's leading
    /// (placed leading − font leading, at least 0) and, between paragraphs, paragraph spacing
    /// (`rowGap`). CoreText instead puts the whole placed leading between lines and none after the last.
    static func textKitPositions(_ placed: [StackedLine], usesFontLeading: Bool)
        -> (baselines: [CGFloat], bottoms: [CGFloat])
    {
        var baselines: [CGFloat] = []
        var bottoms: [CGFloat] = []
        var pen: CGFloat = 0
        for (i, item) in placed.enumerated() {
            let m = item.metrics
            let fontLeading = max(0, item.line.leading)
            let top = pen + (i == 0 ? 0 : item.rowGap)
            baselines.append(top + m.ascent)
            let bottom = top + m.ascent + m.descent + (usesFontLeading ? fontLeading : 0)
            bottoms.append(bottom)
            pen = bottom + max(0, m.leading - fontLeading)
        }
        return (baselines, bottoms)
    }

    /// The widest line's extent from the container's left edge, indents included, trailing
    /// whitespace excluded (as `suggestFrameSize` measures it).
    static func widest(_ placed: [StackedLine]) -> CGFloat {
        var widest: CGFloat = 0
        for item in placed {
            var extent = item.head + item.line.width - item.line.trailingWhitespaceWidth
            if item.resolved.tailIndent < 0 { extent -= item.resolved.tailIndent }
            widest = max(widest, extent)
        }
        return widest
    }

    /// Single-line rendering: one line per paragraph and per U+2028, wrapping modes treated as
    /// clipping and truncating modes kept, cut to `width` when it is finite; and whether every
    /// line fitted uncut.
    private func singleLines(width: CGFloat) throws(LayoutError) -> (lines: [StackedLine], fits: Bool) {
        var out: [StackedLine] = []
        var fits = true
        var start = 0
        while start < text.length {
            let index = typesetter.paragraphIndex(containing: start)
            let paragraph = typesetter.analysis(ofParagraph: index)
            let resolved = typesetter.extras(ofParagraph: index).style
            let startsParagraph = start == paragraph.span.range.lowerBound
            let head = resolved.headIndent(firstLine: startsParagraph)
            let lineWidth = resolved.lineWidth(frameWidth: width, head: head)
            let end = max(typesetter.singleLineEnd(paragraph, from: start), start + 1)
            var line = typesetter.makeLine(paragraph, range: start..<end, offset: head)
            if lineWidth.isFinite, line.width - line.trailingWhitespaceWidth > lineWidth {
                fits = false
                let mode = paragraph.style.lineBreakMode
                let cut: LineBreakMode = mode == .wordWrapping || mode == .charWrapping ? .clipping : mode
                line = try Framesetter.cut(line, mode: cut, width: max(0, lineWidth))
            }
            let gap = startsParagraph ? (out.last.map { $0.resolved.paragraphSpacing } ?? 0) : 0
            out.append(
                StackedLine(
                    line: line, baseline: 0, metrics: resolved.placedMetrics(of: line), head: head, width: lineWidth,
                    resolved: resolved, slotX: 0, slotWidth: width,
                    rowGap: out.isEmpty ? 0 : gap + (startsParagraph ? resolved.paragraphSpacingBefore : 0),
                    row: out.count, startsParagraph: startsParagraph))
            start = end
        }
        return (out, fits)
    }
}
