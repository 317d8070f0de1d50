// The errors of the rendering stage: bitmap sizes, image files, encoders and decoders.

/// An error thrown by the rendering stage.
///
/// Every case carries enough context (a path, a size, the decoder's own message) to be shown
/// to a user as is; `description` is a single line.
public enum RenderError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A bitmap size that is not positive, not finite, larger than ``Bitmap/maximumDimension`` on
    /// a side or than ``Bitmap/maximumPixelCount`` in all.
    case invalidSize(width: Int, height: Int)
    /// A pixel buffer whose byte count does not match `width × height × 4`.
    case invalidPixelData(expected: Int, actual: Int)
    /// A file could not be read or written; `reason` is the system's message.
    case fileAccess(path: String, reason: String)
    /// The file name's extension names no format that Galley can write (`.ppm`, `.png`, `.jpg`,
    /// `.jpeg`, `.webp`).
    case unsupportedFormat(path: String)
    /// An image file (or in-memory image) is malformed; `reason` says where and why.
    case malformedImage(source: String, reason: String)
    /// An image whose header declares more pixels than the decoder's ``ImageDecodingLimits``
    /// allow: refused before its raster is allocated.
    case imageTooLarge(source: String, width: Int, height: Int, limit: ImageDecodingLimits)
    /// The encoder (libpng, libjpeg-turbo, libwebp) refused the bitmap; `reason` is its message.
    case encodingFailed(reason: String)

    /// A one-line description for people.
    public var description: String {
        switch self {
        case .invalidSize(let width, let height):
            return
                "invalid bitmap size \(width)×\(height): each side must be 1...\(Bitmap.maximumDimension) pixels and the area at most \(Bitmap.maximumPixelCount) pixels"
        case .invalidPixelData(let expected, let actual):
            return "pixel data has \(actual) bytes, expected \(expected) (width × height × 4)"
        case .fileAccess(let path, let reason):
            return "\(path): \(reason)"
        case .unsupportedFormat(let path):
            return "\(path): unsupported image format (use a .png, .jpg, .webp or .ppm file name)"
        case .malformedImage(let source, let reason):
            return "\(source): malformed image: \(reason)"
        case .imageTooLarge(let source, let width, let height, let limit):
            return
                "\(source): image of \(width)×\(height) pixels is larger than the decoding limit (\(limit.maximumPixelCount) pixels, \(limit.maximumDimension) a side); refused before decoding"
        case .encodingFailed(let reason):
            return "image encoding failed: \(reason)"
        }
    }
}
