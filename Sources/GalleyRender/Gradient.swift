// A colour gradient (colours at locations from 0 to 1), drawn by GraphicsContext as linear or radial.
import Foundation
import GalleyText

/// Colours at locations along 0...1, interpolated in sRGB (as CoreGraphics does for a gradient
/// in the sRGB colour space). Like CGGradient.
public struct Gradient: Sendable, Hashable {
    /// The colours, in order.
    public let colors: [Color]
    /// Each colour's location in 0...1, non-decreasing.
    public let locations: [CGFloat]

    /// A gradient of `colors` at `locations`; without locations (or with the wrong count) the
    /// colours are spread evenly from 0 to 1. Locations are clamped to 0...1 and sorted. Like
    /// `CGGradient(colorsSpace:colors:locations:)`.
    public init(colors: [Color], locations: [CGFloat]? = nil) {
        if let locations, locations.count == colors.count, locations.allSatisfy(\.isFinite) {
            let pairs = zip(locations.map { min(max($0, 0), 1) }, colors).enumerated().sorted {
                ($0.element.0, $0.offset) < ($1.element.0, $1.offset)
            }
            self.colors = pairs.map(\.element.1)
            self.locations = pairs.map(\.element.0)
        } else {
            self.colors = colors
            let n = colors.count
            self.locations = (0..<n).map { n > 1 ? CGFloat($0) / CGFloat(n - 1) : 0 }
        }
    }

    /// Whether the gradient paints before its start and after its end. Like
    /// CGGradientDrawingOptions.
    public struct DrawingOptions: OptionSet, Sendable, Hashable {
        /// The raw bits.
        public let rawValue: Int
        /// Creates options from their bits.
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// The start colour extends before the start. Like `.drawsBeforeStartLocation`.
        public static let drawsBeforeStartLocation = DrawingOptions(rawValue: 1)
        /// The end colour extends after the end. Like `.drawsAfterEndLocation`.
        public static let drawsAfterEndLocation = DrawingOptions(rawValue: 2)
    }
}
