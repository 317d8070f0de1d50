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
    /// The file name's extension names no format that Galley can write (`.ppm`, `.png`).
    case unsupportedFormat(path: String)
    /// An image file (or in-memory image) is malformed; `reason` says where and why.
    case malformedImage(source: String, reason: String)
    /// libpng refused to encode the bitmap; `reason` is libpng's message.
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
            return "\(path): unsupported image format (use a .ppm or .png file name)"
        case .malformedImage(let source, let reason):
            return "\(source): malformed image: \(reason)"
        case .encodingFailed(let reason):
            return "image encoding failed: \(reason)"
        }
    }
}
