// Writing a bitmap as PNG, JPEG, WebP or PPM: in-memory encodings and atomic file writes.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension Bitmap {
    /// The image as a binary PPM (P6, maxval 255); translucent pixels are composited over
    /// ``background`` because PPM has no alpha. ``ppmData()`` gives it as `Data`.
    public func ppmBytes() -> [UInt8] {
        PPMCodec.encode(self)
    }

    /// The image as a PNG file, encoded by libpng: 8-bit RGB when every pixel is opaque, else
    /// RGBA with straight alpha, tagged sRGB. `encoding` sets the zlib level and row filter; the
    /// default makes files no larger than cairo's. Like `UIImage.pngData()`, which returns
    /// `Data` as ``pngData(_:)`` does.
    ///
    /// - Throws: ``RenderError/encodingFailed(reason:)`` with libpng's message.
    public func pngBytes(_ encoding: PNGEncoding = .default) throws(RenderError) -> [UInt8] {
        try PNGCodec.encode(self, encoding: encoding)
    }

    /// The image as a baseline JPEG (libjpeg-turbo) at `quality` 1...100 (default 90, which
    /// also keeps full-resolution chroma, 4:4:4, so coloured text edges stay clean; below 90 the
    /// chroma is subsampled 4:2:0). JPEG has no alpha: translucent pixels are composited over
    /// ``background``. Like `CGImageDestination` with `kCGImageDestinationLossyCompressionQuality`;
    /// ``jpegData(quality:)`` gives it as `Data`.
    ///
    /// - Throws: ``RenderError/encodingFailed(reason:)`` with libjpeg-turbo's message.
    public func jpegBytes(quality: Int = 90) throws(RenderError) -> [UInt8] {
        try JPEGCodec.encode(self, quality: quality)
    }

    /// The image as a WebP file (libwebp), alpha kept: lossless (the exact pixels) when `quality`
    /// is nil, the default; lossy at `quality` 0...100 otherwise. ``webpData(quality:)`` gives it
    /// as `Data`.
    ///
    /// - Throws: ``RenderError/encodingFailed(reason:)`` when libwebp refuses.
    public func webpBytes(quality: Int? = nil) throws(RenderError) -> [UInt8] {
        try WebPCodec.encode(self, quality: quality)
    }

    /// The encoded file for `path`'s extension (case-insensitive): `.png`, `.jpg` / `.jpeg`
    /// (quality 90), `.webp` (lossless) or `.ppm`. ``encodedData(forPath:)`` gives it as `Data`.
    ///
    /// - Throws: ``RenderError/unsupportedFormat(path:)`` for any other extension.
    public func encodedBytes(forPath path: String) throws(RenderError) -> [UInt8] {
        let lower = path.lowercased()
        if lower.hasSuffix(".png") { return try pngBytes() }
        if lower.hasSuffix(".jpg") || lower.hasSuffix(".jpeg") { return try jpegBytes() }
        if lower.hasSuffix(".webp") { return try webpBytes() }
        if lower.hasSuffix(".ppm") { return ppmBytes() }
        throw .unsupportedFormat(path: path)
    }

    /// The encoded file for `path`'s extension: ``encodedBytes(forPath:)``'s old name.
    ///
    /// - Throws: as ``encodedBytes(forPath:)``.
    @available(*, deprecated, renamed: "encodedBytes(forPath:)", message: "encodedData(forPath:) returns Data")
    public func encoded(forPath path: String) throws(RenderError) -> [UInt8] {
        try encodedBytes(forPath: path)
    }

    /// Writes the image to `path` in the format its extension names (see
    /// ``encoded(forPath:)``), atomically: the bytes go to a temporary file in the same
    /// directory, which is then renamed over `path`, so readers never see a partial image.
    ///
    /// - Throws: ``RenderError/unsupportedFormat(path:)`` for any other extension,
    ///   ``RenderError/fileAccess(path:reason:)`` when the file cannot be written.
    public func write(to path: String) throws(RenderError) {
        try Bitmap.writeAtomically(try encodedBytes(forPath: path), to: path)
    }

    /// Writes `data` to a temporary sibling of `path` and renames it over `path`.
    static func writeAtomically(_ data: [UInt8], to path: String) throws(RenderError) {
        guard !path.isEmpty else { throw .fileAccess(path: path, reason: "empty file name") }
        let temp = path + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard fd >= 0 else { throw .fileAccess(path: path, reason: systemError()) }
        var written = 0
        var failure: String?
        data.withUnsafeBytes { raw in
            while written < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + written, raw.count - written)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = systemError()
                    return
                }
                written += n
            }
        }
        if close(fd) != 0, failure == nil { failure = systemError() }
        if failure == nil, rename(temp, path) != 0 { failure = systemError() }
        if let failure {
            unlink(temp)
            throw .fileAccess(path: path, reason: failure)
        }
    }

    static func systemError() -> String {
        String(cString: strerror(errno))
    }
}
