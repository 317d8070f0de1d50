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
