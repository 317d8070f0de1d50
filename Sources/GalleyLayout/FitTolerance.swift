// How much wider than its room a line may measure and still fit: the rounding of sums of
// advances. The breakers measure a line from prefix sums over the paragraph while a frame's
// suggested size is summed from the finished line's glyphs; the two orders of addition differ in
// the last bits (112.00683593749999 against 112.0068359375), and without a tolerance a frame
// of exactly the suggested width would break its widest line again.
import Foundation

enum FitTolerance {
    /// The slack allowed beyond `room`: a billionth of it, and at least a billionth of a point,
    /// far below anything visible and far above the rounding of a line's sums.
    @inline(__always)
    static func slack(_ room: CGFloat) -> CGFloat { max(abs(room), 1) * 1e-9 }

    /// Whether a line measuring `width` fits in `room`.
    @inline(__always)
    static func fits(_ width: CGFloat, in room: CGFloat) -> Bool { width <= room + slack(room) }
}
