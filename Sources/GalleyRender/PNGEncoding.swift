// How a bitmap is written as PNG: the zlib compression level, the row filter, and whether grey
// pixels are written as greyscale.

/// The PNG writer's settings: zlib's compression level, the row filter libpng applies before
/// compressing, and whether an image whose pixels are all grey is written as greyscale. Like the
/// `kCGImagePropertyPNGCompressionFilter` option of `CGImageDestination`, plus the level, which
/// ImageIO does not expose.
///
/// The default is zlib level 6 (libpng's and cairo's), the row filter chosen per image
/// (``Filter/automatic``: no filter for text pages and flat cards, libpng's adaptive choice for
/// photographs; level 3 for a grey text page) and greyscale for grey images. On galley-bench's
/// text page that gives a file about 0.4 of the size of cairo's `cairo_surface_write_to_png` in
/// a fraction of its time; on a gradient card, about 0.7 of its size in under half its time; on
/// a photograph, cairo's own settings. ``fast`` is level 3 without a filter, as libpng's
/// `PNG_IMAGE_FLAG_FAST`; ``smallest`` level 9 with adaptive filters.
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
        /// Galley chooses ``none`` or ``adaptive`` for the whole image, whichever compresses a
        /// sample of its rows smaller (``PNGFilterChoice``): rows that repeat earlier rows (text
        /// on a flat background, a gradient that shifts by a few pixels a row) compress best
        /// unfiltered, because deflate finds them again; libpng's per-row heuristic filters them
        /// and loses those matches. Photographs compress best filtered. A grey image left
        /// unfiltered is compressed at level 3 at most (``PNGFilterChoice/flatGrayLevel``).
        case automatic

        /// libpng's filter mask (`PNG_FILTER_NONE` … `PNG_FILTER_PAETH`, or all of them);
        /// ``automatic`` is resolved before this is asked.
        var libpngMask: Int32 {
            switch self {
            case .none: 0x08
            case .sub: 0x10
            case .up: 0x20
            case .average: 0x40
            case .paeth: 0x80
            case .adaptive, .automatic: 0xF8
            }
        }
    }

    /// zlib's level, 0 (stored, no compression) to 9 (smallest, slowest); clamped to that range.
    public var compressionLevel: Int
    /// The row filter.
    public var filter: Filter
    /// Whether an image whose every pixel has red = green = blue is written as 8-bit greyscale
    /// (PNG colour type 0, or 4 with alpha): the same pixels when read back, with a third (half,
    /// with alpha) of the bytes to filter and compress. Black or grey text on white is such an
    /// image. When false, opaque images are RGB and others RGBA.
    public var writesGrayscale: Bool

    /// Settings with `compressionLevel` (clamped to 0...9), `filter` and `writesGrayscale`.
    public init(compressionLevel: Int = 6, filter: Filter = .automatic, writesGrayscale: Bool = true) {
        self.compressionLevel = min(max(compressionLevel, 0), 9)
        self.filter = filter
        self.writesGrayscale = writesGrayscale
    }

    /// Level 6, the filter chosen per image, greyscale for grey images (see the type's discussion).
    public static let `default` = PNGEncoding()
    /// Level 3, no filter: the fastest that still compresses well for flat backgrounds.
    public static let fast = PNGEncoding(compressionLevel: 3, filter: .none)
    /// Level 9, adaptive filters: the smallest file libpng writes, slowest.
    public static let smallest = PNGEncoding(compressionLevel: 9, filter: .adaptive)
    /// Level 6, adaptive filters, colour always RGB or RGBA: the settings of libpng's own
    /// default, which cairo's `cairo_surface_write_to_png` uses (so the same pixels give a file
    /// of the same size as cairo's).
    public static let cairo = PNGEncoding(compressionLevel: 6, filter: .adaptive, writesGrayscale: false)
}
