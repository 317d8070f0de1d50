// Fonts and the sanitizer from Foundation `Data`: every bytes input of Galley takes `[UInt8]`
// and `Data` alike (and a `…Data` output returns `Data`, its `…Bytes` twin `[UInt8]`).
import Foundation

extension Font {
    /// Loads face `faceIndex` of a font file held in a `Data` value, as
    /// ``init(data:size:faceIndex:sanitization:)`` does from `[UInt8]` (sanitized unless
    /// `sanitization` is ``FontSanitization/trusted``). Like `CTFontManagerCreateFontDescriptorFromData`.
    /// - Throws: as ``init(data:size:faceIndex:sanitization:)``.
    public convenience init(
        data: Data, size: CGFloat, faceIndex: Int = 0, sanitization: FontSanitization = .sanitized
    ) throws(FontError) {
        try self.init(data: [UInt8](data), size: size, faceIndex: faceIndex, sanitization: sanitization)
    }
}

extension FontSanitizer {
    /// The sanitized bytes of face `faceIndex` of `data`, as `Data`: ``sanitize(_:faceIndex:name:)``
    /// for a `Data` value (the same cache and limits). CoreText has no equivalent (it has no
    /// sanitizer).
    /// - Throws: as ``sanitize(_:faceIndex:name:)``.
    public func sanitize(_ data: Data, faceIndex: Int = 0, name: String = "<memory>") throws(FontError) -> Data {
        Data(try sanitize([UInt8](data), faceIndex: faceIndex, name: name))
    }
}
