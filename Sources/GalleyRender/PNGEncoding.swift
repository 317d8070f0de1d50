// How a bitmap is written as PNG: the zlib compression level and the row filter.

/// The PNG writer's settings: zlib's compression level and the row filter libpng applies before
/// compressing. Like the `kCGImagePropertyPNGCompressionFilter` option of `CGImageDestination`,
/// plus the level, which ImageIO does not expose.
///
/// The default is zlib level 6 with libpng's adaptive filter choice (the settings of libpng's own
/// default, which cairo's `cairo_surface_write_to_png` uses), so a Galley PNG is no larger than
/// cairo's of the same pixels. ``fast`` is level 3 without a filter, as libpng's
/// `PNG_IMAGE_FLAG_FAST`: about twice as fast, and as small for flat text pages, but larger for
/// gradients and photographs.
public struct PNGEncoding: Sendable, Equatable {
    /// The filter applied to each row before compression (PNG 1.2 §6).
    public enum Filter: Sendable, Equatable, CaseIterable {
        /// Bytes as they are.
        case none
        /// Each byte minus the one to its left.
        case sub
        /// Each byte minus the one above.
        case up
        /// Each byte minus the mean of left and above.
        case average
        /// Each byte minus the Paeth predictor of left, above and upper left.
        case paeth
        /// libpng chooses one of the five per row (least sum of absolute differences).
        case adaptive

        /// libpng's filter mask (`PNG_FILTER_NONE` … `PNG_FILTER_PAETH`, or all of them).
        var libpngMask: Int32 {
            switch self {
            case .none: 0x08
            case .sub: 0x10
            case .up: 0x20
            case .average: 0x40
            case .paeth: 0x80
            case .adaptive: 0xF8
            }
        }
    }

    /// zlib's level, 0 (stored, no compression) to 9 (smallest, slowest); clamped to that range.
    public var compressionLevel: Int
    /// The row filter.
    public var filter: Filter

    /// Settings with `compressionLevel` (clamped to 0...9) and `filter`.
    public init(compressionLevel: Int = 6, filter: Filter = .adaptive) {
        self.compressionLevel = min(max(compressionLevel, 0), 9)
        self.filter = filter
    }

    /// Level 6, adaptive filters: as small as cairo's PNGs (see the type's discussion).
    public static let `default` = PNGEncoding()
    /// Level 3, no filter: the fastest that still compresses well for flat backgrounds.
    public static let fast = PNGEncoding(compressionLevel: 3, filter: .none)
    /// Level 9, adaptive filters: the smallest file libpng writes, slowest.
    public static let smallest = PNGEncoding(compressionLevel: 9, filter: .adaptive)
}
