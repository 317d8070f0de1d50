// FontSupportedLanguages: the languages a font supports, as fontconfig's orthographies decide
// (CTFontCopySupportedLanguages).

import Foundation

extension Font {
    /// The languages the font supports: fontconfig's `lang` set of the face (its orthography
    /// files: every character a language needs is in the font's cmap), as RFC 3066 tags sorted
    /// (`en`, `ja`, `zh-tw`, …). Computed on each call by fontconfig's `FcFreeTypeQueryAll` on the
    /// font file (a font made from bytes is written to a temporary file for it); empty when
    /// fontconfig cannot read the face. Like `CTFontCopySupportedLanguages`.
    public var supportedLanguages: [String] {
        if let path = face.path {
            return Fontconfig.queryFile(path).first { $0.faceIndex == face.sourceFaceIndex }?.languages ?? []
        }
        let file = (NSTemporaryDirectory() as NSString).appendingPathComponent("galley-face-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: file, contents: Data(face.data)) else { return [] }
        defer { try? FileManager.default.removeItem(atPath: file) }
        return Fontconfig.queryFile(file).first { $0.faceIndex == face.faceIndex }?.languages ?? []
    }
}
