// The image file formats Galley reads, and how each is recognised from its first bytes.

/// The image file formats that ``ImageLoader`` reads, recognised by their first bytes.
public enum ImageFormat: String, Sendable, Hashable, CaseIterable {
    /// PNG (libpng): every bit depth and colour type, interlaced or not.
    case png
    /// JPEG (libjpeg-turbo): baseline and progressive; grey, YCbCr, RGB, CMYK, YCCK.
    case jpeg
    /// WebP (libwebp): still images, lossy or lossless, with alpha.
    case webp
    /// Netpbm P2, P3, P5, P6 with any maxval up to 65535.
    case netpbm

    /// The format whose signature `bytes` start with, or nil.
    static func sniff(_ bytes: UnsafeRawBufferPointer) -> ImageFormat? {
        if PNGCodec.sniff(bytes) { return .png }
        if JPEGCodec.sniff(bytes) { return .jpeg }
        if WebPCodec.sniff(bytes) { return .webp }
        if bytes.count >= 2, PPMCodec.sniff(Array(bytes.prefix(2))) { return .netpbm }
        return nil
    }
}
