// How large an image a decoder accepts: checked against the header's dimensions before any pixel
// memory is allocated, so a small file that declares a huge image is refused at once.

/// The most pixels (and the widest side) that ``ImageLoader`` decodes. Like the limits ImageIO
/// applies before `CGImageSourceCreateImageAtIndex` allocates; a service that loads untrusted
/// images sets a lower pixel count to bound the memory one image can take (4 bytes a pixel).
///
/// The header's width and height are read first; an image larger than the limits is refused
/// with ``RenderError/imageTooLarge(source:width:height:limit:)`` before its raster is
/// allocated or decoded.
public struct ImageDecodingLimits: Sendable, Hashable {
    /// The most pixels (width × height) an image may have; at most ``Bitmap/maximumPixelCount``.
    public let maximumPixelCount: Int
    /// The longest side, in pixels; at most ``Bitmap/maximumDimension``.
    public let maximumDimension: Int

    /// Limits of at most `maximumPixelCount` pixels and `maximumDimension` pixels a side, each
    /// clamped to 1...the bitmap's own limit (``Bitmap/maximumPixelCount``,
    /// ``Bitmap/maximumDimension``), since no larger image can be held.
    public init(maximumPixelCount: Int = Bitmap.maximumPixelCount, maximumDimension: Int = Bitmap.maximumDimension) {
        self.maximumPixelCount = min(max(maximumPixelCount, 1), Bitmap.maximumPixelCount)
        self.maximumDimension = min(max(maximumDimension, 1), Bitmap.maximumDimension)
    }

    /// The bitmap's own limits: 64 Mi pixels (256 MiB of RGBA, e.g. 8192 × 8192), 16384 a side.
    public static let `default` = ImageDecodingLimits()

    /// Throws ``RenderError/imageTooLarge(source:width:height:limit:)`` unless a `width` ×
    /// `height` image (as its header declares) is within the limits; 0 or negative sides are
    /// ``RenderError/malformedImage(source:reason:)``.
    func check(width: Int, height: Int, source: String) throws(RenderError) {
        guard width >= 1, height >= 1 else {
            throw .malformedImage(source: source, reason: "size \(width)×\(height) has an empty side")
        }
        // Both sides are at most 16384 here, so the product cannot overflow.
        guard width <= maximumDimension, height <= maximumDimension, width * height <= maximumPixelCount else {
            throw .imageTooLarge(source: source, width: width, height: height, limit: self)
        }
    }
}
