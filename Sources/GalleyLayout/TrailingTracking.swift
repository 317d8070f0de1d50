// TrailingTracking: the tracking after a line's last visible cluster, which CoreText counts as
// trailing whitespace (kCTTrackingAttributeName: "the added tracking is treated as trailing
// whitespace"), so centred and right-aligned tracked text sits where its glyphs end.
import Foundation
import GalleyShaping
import GalleyText

extension ParagraphAnalysis {
    /// The tracking added after the cluster that ends at `visibleEnd` (a line's visible end, in
    /// `lineStart..<visibleEnd`): the item's `TextSpacing.extraAdvance` when its tracking is
    /// non-zero, else 0 (a kern is not whitespace). Only a left-to-right cluster in a left-to-right
    /// paragraph counts: the shaper puts a cluster's extra advance on its visual right, which is
    /// the line's trailing edge only there (in right-to-left text it lies before the cluster, at
    /// the line's start, so it is not trailing). A placeholder gets no tracking, nor a cluster
    /// without advance.
    func trailingTracking(lineStart: Int, visibleEnd: Int) -> CGFloat {
        guard hasTracking, visibleEnd > lineStart, visibleEnd > content.lowerBound, baseLevel & 1 == 0 else {
            return 0
        }
        let last = visibleEnd - 1
        let index = LineBuilder.firstItem(items, overlapping: last)
        guard index < items.count, items[index].range.contains(last) else { return 0 }
        let item = items[index]
        guard !item.isPlaceholder, item.level & 1 == 0, let tracking = item.attributes.tracking, tracking != 0
        else { return 0 }
        // A cluster left without advance (a soft hyphen, U+200B, or one negative tracking took
        // down to 0) got no tracking from the shaper (`HarfBuzzShaper.applyKern`).
        let k = LineBuilder.partition(graphemes) { $0 >= visibleEnd }
        let clusterStart = k > 0 ? max(graphemes[k - 1], lineStart) : lineStart
        guard width(of: clusterStart..<visibleEnd) > 0 else { return 0 }
        return TextSpacing.extraAdvance(item.attributes)
    }

    /// The tracking a line from `lineStart` to `visibleEnd` counts as trailing whitespace (what
    /// `LineBuilder` puts in its `trailingWhitespaceWidth`, and what the breakers take off its
    /// width): after its last visible cluster, or, for a line that shows a hyphen, after the
    /// hyphen, which is tracked as the item it ends (`ShapedItem.hyphenAdvance`) and is then the
    /// line's last cluster, whatever the advance of the character before it (a soft hyphen has
    /// none). The same left-to-right rule as `trailingTracking(lineStart:visibleEnd:)`.
    func lineTrailingTracking(lineStart: Int, visibleEnd: Int, showsHyphen: Bool) -> CGFloat {
        guard showsHyphen else { return trailingTracking(lineStart: lineStart, visibleEnd: visibleEnd) }
        guard hasTracking, visibleEnd > lineStart, visibleEnd > content.lowerBound, baseLevel & 1 == 0 else {
            return 0
        }
        let index = LineBuilder.firstItem(items, overlapping: visibleEnd - 1)
        guard index < items.count, items[index].range.contains(visibleEnd - 1) else { return 0 }
        let item = items[index]
        guard !item.isPlaceholder, item.level & 1 == 0, let tracking = item.attributes.tracking, tracking != 0
        else { return 0 }
        return TextSpacing.extraAdvance(item.attributes)
    }
}
