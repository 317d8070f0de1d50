// Fit to a box: the largest scale, down to a minimum and in steps (or continuously), at which the
// text fits a size and a number of lines, found by bisection over one typesetter: a scale s in a
// box W × H is the text at its own size in a box W/s × H/s, drawn scaled by s (shaped advances are
// unhinted, so they scale exactly), so no trial shapes the text again. UILabel's
// adjustsFontSizeToFitWidth / minimumScaleFactor / numberOfLines in one call.
import Foundation
import GalleyText

/// The result of `Framesetter.fit(in:maximumNumberOfLines:minimumScale:step:)`.
public struct TextFit: Sendable {
    /// The scale found: 1 when the text fits as it is, else the largest tried scale that fits,
    /// or the minimum scale when none does. Like `NSStringDrawingContext.actualScaleFactor`.
    public let scale: CGFloat
    /// The text laid out in the box divided by `scale` (draw it scaled by `scale`: a renderer's
    /// scale times `scale`, or a CTM scaled by it), truncated at the end when nothing fitted.
    public let frame: Frame
    /// Whether the whole text fits at `scale`; false means the minimum was reached and `frame`
    /// is truncated.
    public let fits: Bool
    /// How many layouts the search made (at most ⌈log₂(range/step)⌉ + 2).
    public let layoutCount: Int

    /// The font size `size` becomes at `scale`: the size a fitted title is drawn at.
    public func fontSize(for size: CGFloat) -> CGFloat { size * scale }
}

extension Framesetter {
    /// The largest scale in [`minimumScale`, 1] at which the text fits in `size` in at most
    /// `maximumNumberOfLines` lines (0: any number), tried in steps of `step` down from 1 (nil:
    /// continuously, to 1/1024 of the range), and the frame at that scale; at the minimum, if the
    /// text still does not fit, that frame truncated at the end. Like UILabel with
    /// `adjustsFontSizeToFitWidth`, `minimumScaleFactor` and `numberOfLines` (and CSS's and OG-image
    /// generators' "largest size that fits"): "the title in the largest size from 72 down to 28 pt
    /// that fits in 2 lines" is `fit(in: box, maximumNumberOfLines: 2, minimumScale: 28.0 / 72,
    /// step: 1.0 / 72)` on the text set at 72 pt.
    ///
    /// The scale applies to the whole layout, as a zoom: fonts, and also lengths given in points
    /// (kern, tracking, indents, spacing, run-delegate sizes), where UILabel scales only fonts. A
    /// trial at scale s is the text at its own size in a box `size` / s, so the paragraphs are
    /// analysed and shaped once, on the first trial, and every trial only breaks lines (shaped
    /// advances are unhinted: they scale exactly). Fitting is taken to be monotonic (what fits at a
    /// scale fits at any smaller one), so the search is a bisection: at most
    /// ⌈log₂((1 − minimumScale) / step)⌉ + 2 layouts.
    /// - Throws: `LayoutError.invalidGeometry` for a size that is not positive and finite, a
    ///   negative line count, a minimum scale outside (0, 1] or a step that is not positive.
    public func fit(in size: CGSize, maximumNumberOfLines: Int = 0, minimumScale: CGFloat, step: CGFloat? = nil)
        throws(LayoutError) -> TextFit
    {
        guard size.width > 0, size.height > 0, size.width.isFinite, size.height.isFinite else {
            throw .invalidGeometry("fit size \(size.width)×\(size.height) must be positive and finite")
        }
        guard maximumNumberOfLines >= 0 else {
            throw .invalidGeometry("maximum number of lines \(maximumNumberOfLines) must not be negative")
        }
        guard minimumScale > 0, minimumScale <= 1 else {
            throw .invalidGeometry("minimum scale \(minimumScale) must be in (0, 1]")
        }
        if let step { guard step > 0, step.isFinite else { throw .invalidGeometry("step \(step) must be positive") } }
        var count = 0
        // A trial lays out at most that many lines; the text fits when nothing is left over. Only
        // the minimum's trial, whose frame is the result when nothing fits, truncates its last line
        // (a truncated line shapes its token: the other trials need not pay for it).
        func attempt(_ scale: CGFloat) throws(LayoutError) -> (frame: Frame, fits: Bool) {
            count += 1
            let options = FrameOptions(
                maximumNumberOfLines: maximumNumberOfLines, truncation: scale == minimumScale ? .end : nil)
            // The box divided by the scale, widened by a few ulps: 1 − k·step is not exactly the
            // size ratio it stands for (35/72 is not 1 − 37/72 in floating point), and a line that
            // fills the box exactly at a size must fill it at that scale too.
            let slack: CGFloat = 1 + 1e-12
            let box = CGRect(x: 0, y: 0, width: size.width / scale * slack, height: size.height / scale * slack)
            let frame = try self.frame(in: box, options: options)
            let whole = frame.visibleStringRange.upperBound >= typesetter.text.length
            return (frame, whole && frame.lines.last?.isTruncated != true)
        }
        let full = try attempt(1)
        if full.fits || minimumScale == 1 {
            return TextFit(scale: 1, frame: full.frame, fits: full.fits, layoutCount: count)
        }
        // Candidates 1 − k·unit for k in 1...steps, the last clamped to the minimum.
        let range = 1 - minimumScale
        let unit = step ?? range / 1024
        let steps = max(1, Int((range / unit).rounded(.up)))
        func scale(_ k: Int) -> CGFloat { k >= steps ? minimumScale : 1 - CGFloat(k) * unit }
        // Bisection: candidate `lo` does not fit (k = 0 is the full size); `hi` fits when `best`
        // holds it, else it is the untried minimum.
        var lo = 0
        var hi = steps
        var best: Frame?
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            let trial = try attempt(scale(mid))
            if trial.fits {
                (hi, best) = (mid, trial.frame)
            } else {
                lo = mid
            }
        }
        if let best { return TextFit(scale: scale(hi), frame: best, fits: true, layoutCount: count) }
        let last = try attempt(scale(hi))
        return TextFit(scale: scale(hi), frame: last.frame, fits: last.fits, layoutCount: count)
    }
}
