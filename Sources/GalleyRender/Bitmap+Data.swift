// Bitmap's encoders as Foundation `Data`: the naming rule of Galley's bytes APIs (a `…Data`
// method returns `Data`, its `…Bytes` twin `[UInt8]`), and a bitmap made from `Data` pixels.
import Foundation
import GalleyText

extension Bitmap {
    /// The image as a PNG file (see ``pngBytes(_:)``), as `Data`. Like `UIImage.pngData()`.
    ///
    /// - Throws: ``RenderError/encodingFailed(reason:)`` with libpng's message.
    public func pngData(_ encoding: PNGEncoding = .default) throws(RenderError) -> Data {
        Data(try pngBytes(encoding))
    }

    /// The image as a baseline JPEG (see ``jpegBytes(quality:)``), as `Data`. Like
    /// `UIImage.jpegData(compressionQuality:)`, with a quality of 1...100.
    ///
    /// - Throws: ``RenderError/encodingFailed(reason:)`` with libjpeg-turbo's message.
    public func jpegData(quality: Int = 90) throws(RenderError) -> Data {
        Data(try jpegBytes(quality: quality))
    }

    /// The image as a WebP file (see ``webpBytes(quality:)``), as `Data`. Like
    /// `CGImageDestination` writing WebP (which Apple's ImageIO only reads).
    ///
    /// - Throws: ``RenderError/encodingFailed(reason:)`` when libwebp refuses.
    public func webpData(quality: Int? = nil) throws(RenderError) -> Data {
        Data(try webpBytes(quality: quality))
    }

    /// The image as a binary PPM (see ``ppmBytes()``), as `Data`. CoreGraphics has no PPM writer.
    public func ppmData() -> Data {
        Data(ppmBytes())
    }

    /// The encoded file for `path`'s extension (see ``encodedBytes(forPath:)``), as `Data`. Like
    /// `CGImageDestinationCreateWithData` with the type a file name extension names.
    ///
    /// - Throws: ``RenderError/unsupportedFormat(path:)`` for another extension, or the encoder's error.
    public func encodedData(forPath path: String) throws(RenderError) -> Data {
        Data(try encodedBytes(forPath: path))
    }

    /// Creates a bitmap from RGBA bytes held in `Data` (straight alpha, top row first, no row
    /// padding), as ``init(width:height:pixels:background:)`` does from `[UInt8]`. Like
    /// `CGImage(width:height:…provider:)` over a `CGDataProvider` of `Data`.
    ///
    /// - Throws: ``RenderError/invalidSize(width:height:)``, ``RenderError/invalidPixelData(expected:actual:)``.
    public init(width: Int, height: Int, pixels: Data, background: Color = .white) throws(RenderError) {
        try self.init(width: width, height: height, pixels: [UInt8](pixels), background: background)
    }
}
