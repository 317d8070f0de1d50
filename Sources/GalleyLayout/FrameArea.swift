// The area a frame fills, asked band by band: a path (a rectangle or another shape, filled by
// a rule and stroked by the path width) less clipping paths (each with its own rule and width)
// and insets. Line stacking asks it how much room a row has; nothing in it depends on the text.
import Foundation

/// The area a shaped frame fills: a path, less exclusions and insets, asked band by band.
struct FrameArea {
    /// A shape asked band by band: exactly (a rectangle, rounded rectangle or ellipse without
    /// a stroke) or through its flattened region (built once per frame).
    enum Shape {
        case exact(FramePath)
        case region(PathRegion)

        /// `path` filled by `fillRule` and stroked `width` wide, asked only for bands inside
        /// `within` when given (a clipping path, within the frame's box).
        init(_ path: FramePath, fillRule: FramePathFillRule, width: CGFloat, within: CGRect? = nil) {
            if let region = path.region(fillRule: fillRule, width: width, within: within) {
                self = .region(region)
            } else {
                self = .exact(path)
            }
        }

        func inside(band: ClosedRange<CGFloat>) -> [ClosedRange<CGFloat>] {
            switch self {
            case .exact(let path): return path.intervalsInside(band: band)
            case .region(let region): return region.inside(band: band)
            }
        }

        func touching(band: ClosedRange<CGFloat>) -> [ClosedRange<CGFloat>] {
            switch self {
            case .exact(let path): return path.intervalsTouching(band: band)
            case .region(let region): return region.touching(band: band)
            }
        }
    }

    let path: FramePath
    let shape: Shape
    let exclusions: [Shape]
    let insets: FrameInsets
    /// The path's bounding box: line origins are relative to its origin.
    let box: CGRect
    /// True for a rectangle without exclusions or stroke: every band has the same single interval.
    let isPlain: Bool

    init(path: FramePath, options: FrameOptions) {
        self.path = path
        shape = Shape(path, fillRule: options.fillRule, width: options.pathWidth)
        let box = path.boundingBox
        exclusions = options.allClippingPaths.map {
            Shape($0.path, fillRule: $0.fillRule, width: $0.width, within: box.isInfinite ? nil : box)
        }
        insets = options.insets
        self.box = box
        if case .rectangle = path, exclusions.isEmpty, !(options.pathWidth > 0) {
            isPlain = true
        } else {
            isPlain = false
        }
    }

    /// A plain rectangle's one interval: its left edge relative to the box and its width (the
    /// box's width less the side insets); nil when the insets leave no room.
    var plainSlot: (x: CGFloat, width: CGFloat)? {
        let width = box.width - insets.left - insets.right
        return width >= 0 ? (insets.left, width) : nil
    }

    /// The x intervals (relative to the box's left edge) available to a band `depth` below the
    /// box's top (depth grows downwards): inside the path over the whole band (and outside its
    /// stroke), within the side insets, less what any clipping path covers in the band.
    func slots(depth: ClosedRange<CGFloat>) -> [ClosedRange<CGFloat>] {
        // y up; clamped to the box, which the caller's depth checks guarantee up to rounding.
        let yTop = min(box.maxY, box.maxY - depth.lowerBound)
        let yBottom = max(box.minY, box.maxY - depth.upperBound)
        guard yBottom <= yTop else { return [] }
        let band = yBottom...yTop
        var inside = shape.inside(band: band)
        let left = box.minX + insets.left
        let right = box.maxX - insets.right
        guard right > left else { return [] }
        inside = FramePath.intersect(inside, [left...right])
        if !exclusions.isEmpty, !inside.isEmpty {
            let covered = FramePath.merge(exclusions.flatMap { $0.touching(band: band) })
            inside = FramePath.subtract(inside, covered)
        }
        return inside.map { ($0.lowerBound - box.minX)...($0.upperBound - box.minX) }
    }
}
