// The area a frame fills, asked band by band: a path (a rectangle or another shape) less
// exclusion paths and insets. Line stacking asks it how much room a row has; nothing in it
// depends on the text.
import Foundation

/// The area a shaped frame fills: a path, less exclusions and insets, asked band by band.
struct FrameArea {
    let path: FramePath
    let exclusions: [FramePath]
    let insets: FrameInsets
    /// The path's bounding box: line origins are relative to its origin.
    let box: CGRect
    /// True for a rectangle without exclusions: every band has the same single interval.
    let isPlain: Bool

    init(path: FramePath, exclusions: [FramePath], insets: FrameInsets) {
        self.path = path
        self.exclusions = exclusions
        self.insets = insets
        box = path.boundingBox
        if case .rectangle = path, exclusions.isEmpty { isPlain = true } else { isPlain = false }
    }

    /// A plain rectangle's one interval: its left edge relative to the box and its width (the
    /// box's width less the side insets); nil when the insets leave no room.
    var plainSlot: (x: CGFloat, width: CGFloat)? {
        let width = box.width - insets.left - insets.right
        return width >= 0 ? (insets.left, width) : nil
    }

    /// The x intervals (relative to the box's left edge) available to a band `depth` below the
    /// box's top (depth grows downwards): inside the path over the whole band, within the side
    /// insets, less what any exclusion covers in the band.
    func slots(depth: ClosedRange<CGFloat>) -> [ClosedRange<CGFloat>] {
        // y up; clamped to the box, which the caller's depth checks guarantee up to rounding.
        let yTop = min(box.maxY, box.maxY - depth.lowerBound)
        let yBottom = max(box.minY, box.maxY - depth.upperBound)
        guard yBottom <= yTop else { return [] }
        let band = yBottom...yTop
        var inside = path.intervalsInside(band: band)
        let left = box.minX + insets.left
        let right = box.maxX - insets.right
        guard right > left else { return [] }
        inside = FramePath.intersect(inside, [left...right])
        if !exclusions.isEmpty {
            let covered = FramePath.merge(exclusions.flatMap { $0.intervalsTouching(band: band) })
            inside = FramePath.subtract(inside, covered)
        }
        return inside.map { ($0.lowerBound - box.minX)...($0.upperBound - box.minX) }
    }
}
