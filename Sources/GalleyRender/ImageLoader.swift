// Reading image files (PNG, JPEG, WebP, Netpbm) into bitmaps, e.g. for inline images in placeholders.
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Loads image files into ``Bitmap``s. The format is recognised by content, not by name. Like
/// `CGImageSourceCreateWithData` / `…WithURL` followed by `CGImageSourceCreateImageAtIndex`.
///
/// Reads PNG (libpng), JPEG (libjpeg-turbo), still WebP (libwebp) and Netpbm P6 and P3 (and grey
/// P5 and P2) with any maxval up to 65535 and `#` comments. Each decoder reads the width and
/// height from the header first and refuses an image larger than the caller's
/// ``ImageDecodingLimits`` before it allocates the raster. Malformed, truncated and lying files
/// throw a ``RenderError`` that says what is wrong in one line; they never crash.
public enum ImageLoader {
    /// The largest file accepted, in bytes (a 16384² RGBA PNG can't need more than this).
    public static let maximumFileSize = 1 << 30

    /// Reads and decodes the image at `path`.
    ///
    /// - Throws: ``RenderError/fileAccess(path:reason:)`` when the file cannot be read,
    ///   ``RenderError/imageTooLarge(source:width:height:limit:)`` when its header declares more
    ///   pixels than `limits` allow, ``RenderError/malformedImage(source:reason:)`` when it is not
    ///   a valid PNG, JPEG, WebP or Netpbm image.
    public static func load(path: String, limits: ImageDecodingLimits = .default) throws(RenderError) -> Bitmap {
        let bytes = try readFile(path)
        return try decode(bytes, source: path, limits: limits)
    }

    /// Decodes an image held in memory; `source` names it in error messages.
    public static func decode(
        _ bytes: [UInt8], source: String = "image", limits: ImageDecodingLimits = .default
    ) throws(RenderError) -> Bitmap {
        let format = bytes.withUnsafeBytes { ImageFormat.sniff($0) }
        guard let format else { throw unrecognised(bytes.isEmpty, source: source) }
        if format == .netpbm { return try PPMCodec.decode(bytes, source: source, limits: limits) }
        return try bytes.withUnsafeBytes { raw in
            Result { () throws(RenderError) in try decode(raw, format: format, source: source, limits: limits) }
        }.get()
    }

    /// Decodes an image held in a `Data` value; `source` names it in error messages.
    public static func decode(
        _ data: Data, source: String = "image", limits: ImageDecodingLimits = .default
    ) throws(RenderError) -> Bitmap {
        try decode([UInt8](data), source: source, limits: limits)
    }

    /// The format, width and height an image held in a `Data` value declares: ``info(of:source:)``
    /// for `Data`. Like `CGImageSourceCopyPropertiesAtIndex`'s pixel width and height.
    public static func info(of data: Data, source: String = "image") throws(RenderError) -> (
        format: ImageFormat, width: Int, height: Int
    ) {
        try info(of: [UInt8](data), source: source)
    }

    /// The format and the width and height that the image's header declares, read without
    /// decoding (and without allocating for the raster). Like `CGImageSourceCopyPropertiesAtIndex`'s
    /// pixel width and height.
    public static func info(of bytes: [UInt8], source: String = "image") throws(RenderError) -> (
        format: ImageFormat, width: Int, height: Int
    ) {
        let format = bytes.withUnsafeBytes { ImageFormat.sniff($0) }
        guard let format else { throw unrecognised(bytes.isEmpty, source: source) }
        let size: Result<(width: Int, height: Int), RenderError> = bytes.withUnsafeBytes { raw in
            Result { () throws(RenderError) in
                switch format {
                case .png: return try PNGCodec.size(of: raw, source: source)
                case .jpeg: return try JPEGCodec.size(of: raw, source: source)
                case .webp: return try WebPCodec.size(of: raw, source: source)
                case .netpbm:
                    let image = try PPMCodec.decode(bytes, source: source)
                    return (image.width, image.height)
                }
            }
        }
        let (width, height) = try size.get()
        return (format, width, height)
    }

    static func decode(
        _ raw: UnsafeRawBufferPointer, format: ImageFormat, source: String, limits: ImageDecodingLimits
    ) throws(RenderError) -> Bitmap {
        switch format {
        case .png: return try PNGCodec.decode(raw, source: source, limits: limits)
        case .jpeg: return try JPEGCodec.decode(raw, source: source, limits: limits)
        case .webp: return try WebPCodec.decode(raw, source: source, limits: limits)
        case .netpbm: return try PPMCodec.decode(Array(raw), source: source, limits: limits)
        }
    }

    static func unrecognised(_ empty: Bool, source: String) -> RenderError {
        .malformedImage(
            source: source, reason: empty ? "empty file" : "not a PNG, JPEG, WebP or Netpbm (P2, P3, P5, P6) image")
    }

    static func readFile(_ path: String) throws(RenderError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .fileAccess(path: path, reason: Bitmap.systemError()) }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw .fileAccess(path: path, reason: Bitmap.systemError()) }
        guard (st.st_mode & S_IFMT) != S_IFDIR else { throw .fileAccess(path: path, reason: "is a directory") }
        var out = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw .fileAccess(path: path, reason: Bitmap.systemError())
            }
            if n == 0 { break }
            out.append(contentsOf: chunk[0..<n])
            guard out.count <= maximumFileSize else { throw .fileAccess(path: path, reason: "file is too large") }
        }
        return out
    }
}
