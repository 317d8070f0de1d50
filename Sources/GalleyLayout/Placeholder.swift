// Where an inline placeholder (a U+FFFC run with a run delegate) ended up in a frame: the rect an
// inline image must be drawn into, computed the way iOS code computes it by walking CTFrame's
// lines and runs.
import Foundation
import GalleyText

/// One placeholder of a frame and its rect.
public struct Placeholder: Sendable, Hashable {
    /// The UTF-16 index of the U+FFFC.
    public let stringIndex: Int
    /// The run delegate it carries.
    public let delegate: RunDelegate
    /// Its box in the coordinates of the frame's path (y up): x = path.minX + lineOrigin.x + the
    /// run's `originX` (its left edge), y = path.minY + lineOrigin.y + the run's `baselineShift`
    /// − delegate.descent, width = delegate.width, height = delegate.ascent + delegate.descent.
    /// CoreText code takes x from `CTLineGetOffsetForStringIndex`, which is the same in
    /// left-to-right text but, in a right-to-left run, the caret at the placeholder's logical
    /// start — its right edge, one width too far right; the run's left edge is right in both.
    /// In a vertical line the delegate's width is its extent down the column and its
    /// ascent lies right of the column's centre line, its descent left of it (CoreText turns a
    /// line's ascent to the right): x = path.minX + lineOrigin.x + `baselineShift` −
    /// delegate.descent, width = delegate.ascent + delegate.descent, and the box runs from the
    /// run's `originX` down the line for delegate.width: y = path.minY + lineOrigin.y − originX −
    /// delegate.width, height = delegate.width. The renderer draws the image unrotated in this
    /// rect (images stand upright in vertical text, as in CSS), so an image w wide and h tall
    /// takes a delegate whose width is h and whose ascent + descent is w.
    public let rect: CGRect
    /// The index of its line in `Frame.lines`.
    public let lineIndex: Int

    /// Creates a placeholder record.
    public init(stringIndex: Int, delegate: RunDelegate, rect: CGRect, lineIndex: Int) {
        self.stringIndex = stringIndex
        self.delegate = delegate
        self.rect = rect
        self.lineIndex = lineIndex
    }
}
